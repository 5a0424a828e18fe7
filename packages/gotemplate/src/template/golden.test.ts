import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GoMap, GoStruct, type GoValue } from '../go/values.ts';
import { data as noValueData, sprigLike } from './fixtures.test-support.ts';
import { executeTemplate, parseTemplate } from './index.ts';

const golden = join(import.meta.dirname, '../../../../test/golden');

function manifests(caseName: string, template: string): string[] {
  const doc = parse(readFileSync(join(golden, caseName, 'base/templates', template), 'utf8')) as {
    spec: { manifests: string[] };
  };
  return doc.spec.manifests;
}

/** Renders each manifest, drops empty output and joins with `---\n`, as Kalypso does. */
function renderAll(texts: string[], data: GoValue): string {
  return texts
    .map((text) => executeTemplate(parseTemplate(text, sprigLike), data))
    .filter((out) => out !== '')
    .join('---\n');
}

function expected(caseName: string, file: string): string {
  return readFileSync(join(golden, caseName, 'expected', file), 'utf8');
}

function claimsTarget(clusterType: string, config: Record<string, GoValue>): GoStruct {
  return new GoStruct('scheduler.dataType', [
    ['DeploymentTargetName', 'claims-intake'],
    ['Namespace', `dev-${clusterType}-claims-intake`],
    ['Environment', 'dev'],
    ['Workspace', 'insurance'],
    ['Workload', 'claims'],
    [
      'Labels',
      GoMap.ofStrings({ criticality: 'high', workload: 'claims', workspace: 'insurance' }),
    ],
    ['Manifests', GoMap.ofStrings({})],
    ['ClusterType', clusterType],
    ['ConfigData', GoMap.fromRecord(config)],
  ]);
}

describe('golden templates', () => {
  const controlFlow = manifests('template-control-flow', 'namespace-quota.yaml');

  it('template-control-flow renders the batch namespace files byte for byte', () => {
    const data = claimsTarget('batch', { QUOTA_SIZE: 'large', DISABLE_DEBUG_TOOLS: 'true' });
    expect(renderAll(controlFlow, data)).toBe(
      expected('template-control-flow', 'batch/claims-intake/namespace.yaml'),
    );
  });

  it('template-control-flow renders the online namespace files byte for byte', () => {
    const data = claimsTarget('online', {
      QUOTA_SIZE: 'medium',
      NETWORK_POLICY_TYPES: ['Ingress', 'Egress'],
    });
    expect(renderAll(controlFlow, data)).toBe(
      expected('template-control-flow', 'online/claims-intake/namespace.yaml'),
    );
  });

  it('template-no-value prints <no value>, Go maps and lists byte for byte', () => {
    const texts = manifests('template-no-value', 'namespace-debug.yaml');
    expect(renderAll(texts, noValueData)).toBe(
      expected('template-no-value', 'base-lodge/lift-status-board/namespace.yaml'),
    );
  });
});
