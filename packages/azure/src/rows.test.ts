import { describe, expect, it } from 'vitest';
import { clusterOf } from './rows.ts';

describe('clusterOf', () => {
  it('splits an Arc configuration id', () => {
    expect(
      clusterOf(
        '/subscriptions/s1/resourceGroups/rg-edge/providers/Microsoft.Kubernetes/connectedClusters/store-001/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/hello-world',
      ),
    ).toEqual({
      id: '/subscriptions/s1/resourceGroups/rg-edge/providers/Microsoft.Kubernetes/connectedClusters/store-001',
      name: 'store-001',
    });
  });

  it('accepts the lower-cased ids Resource Graph sometimes returns', () => {
    expect(
      clusterOf(
        '/subscriptions/s1/resourcegroups/rg/providers/microsoft.containerservice/managedclusters/aks1/providers/microsoft.kubernetesconfiguration/fluxconfigurations/x',
      ).name,
    ).toBe('aks1');
  });
});
