import { describe, expect, it } from 'vitest';
import {
  decodeAzureKey,
  isPlatformConfig,
  labelsMatchSubject,
  type ConfigSubject,
} from './labels.ts';

const subject: ConfigSubject = {
  clusterType: { name: 'drone', labels: { region: 'west-us', size: 'small', tier: 'gold' } },
  target: {
    name: 'hello-world-app-functional-test',
    labels: {
      purpose: 'functional-test',
      tier: 'gold',
      workload: 'hello-world-app',
      workspace: 'kaizen',
    },
  },
};

describe('labelsMatchSubject (docs/kalypso-compatibility.md#label-matching)', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['an empty label set matches everything', {}, true],
    ['cluster-type equal to the cluster type name', { 'cluster-type': 'drone' }, true],
    ['cluster-type naming another cluster type', { 'cluster-type': 'large' }, false],
    [
      'deployment-target with the full target name',
      { 'deployment-target': 'hello-world-app-functional-test' },
      true,
    ],
    [
      'deployment-target with the short entry name',
      { 'deployment-target': 'functional-test' },
      false,
    ],
    ['workload equal to the target workload label', { workload: 'hello-world-app' }, true],
    ['workload naming another workload', { workload: 'other' }, false],
    ['a label the cluster type carries', { region: 'west-us' }, true],
    ['a label the target carries', { purpose: 'functional-test' }, true],
    ['the workspace label of the target', { workspace: 'kaizen' }, true],
    ['a label value neither carries', { region: 'east-us' }, false],
    [
      'one label from the cluster type, one from the target',
      { size: 'small', purpose: 'functional-test' },
      true,
    ],
    ['every label must hold', { size: 'small', purpose: 'performance-test' }, false],
    ['an empty value matches a label both lack', { gpu: '' }, true],
    ['an empty value matches when either side lacks the label', { region: '' }, true],
    ['an empty value fails when both carry the label', { tier: '' }, false],
    ['platform-config is ignored', { 'platform-config': 'true' }, true],
    [
      'Flux ownership labels are ignored',
      { 'kustomize.toolkit.fluxcd.io/name': 'x', 'kustomize.toolkit.fluxcd.io/namespace': 'y' },
      true,
    ],
    ['prototype names are ordinary missing labels', { constructor: '' }, true],
  ])('%s', (_name, labels, expected) => {
    expect(labelsMatchSubject(labels, subject)).toBe(expected);
  });
});

describe('isPlatformConfig (docs/kalypso-compatibility.md#which-configmaps-count)', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['settings', { 'platform-config': 'true' }, true],
    ['settings', { 'platform-config': 'false' }, false],
    ['settings', { 'platform-config': 'True' }, false],
    ['settings', {}, false],
    ['azure-app-config-fleet', {}, true],
    ['azure-app-config', { 'cluster-type': 'x' }, true],
    ['my-azure-app-config', {}, false],
  ])('%s %j → %s', (name, labels, expected) => {
    expect(isPlatformConfig(name, labels)).toBe(expected);
  });
});

describe('decodeAzureKey (docs/kalypso-compatibility.md#azure-app-configuration-keys)', () => {
  it.each<[string, Record<string, string>, string]>([
    ['REGION', {}, 'REGION'],
    ['cluster-type.drone.REGION', { 'cluster-type': 'drone' }, 'REGION'],
    [
      'region.east-us.cluster-type.drone.REGION',
      { region: 'east-us', 'cluster-type': 'drone' },
      'REGION',
    ],
    ['a.b', {}, 'b'],
    ['a.b.c.d', { a: 'b' }, 'd'],
    ['settings.TIMEOUT', {}, 'TIMEOUT'],
    ['region.westus.tier.SLA', { region: 'westus' }, 'SLA'],
    ['a.1.a.2.K', { a: '2' }, 'K'],
  ])('%s', (encoded, labels, key) => {
    const decoded = decodeAzureKey(encoded);
    expect({ ...decoded.labels }).toEqual(labels);
    expect(decoded.key).toBe(key);
  });

  it('keeps __proto__ as a plain label', () => {
    expect(Object.keys(decodeAzureKey('__proto__.x.K').labels)).toEqual(['__proto__']);
  });
});
