import type { PairExplanation } from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import { formatExplanations } from './explain-summary.ts';
import { paint } from './terminal.ts';

const workspace = {
  policy: 'lift-control-on-cloud',
  selected: false,
  reason: "workspace 'lift-ops-team' does not match the target's workspace 'guest-team'",
};
const accelerator = {
  policy: 'gpu-batch',
  selected: false,
  reason: "deployment target selector term accelerator Exists (has no 'accelerator' label)",
};
const argo = (reason?: string) =>
  reason === undefined
    ? { policy: 'web-on-argo', selected: true, reason: 'both selectors match' }
    : { policy: 'web-on-argo', selected: false, reason };
const edge = 'cluster type selector term edge DoesNotExist (has edge=true)';
const size = 'cluster type selector term size In [small] (has size=large)';

function pair(clusterType: string, policies: PairExplanation['policies']): PairExplanation {
  return {
    target: 'web-dev',
    clusterType,
    scheduled: policies.some((p) => p.selected),
    policies,
  };
}

describe('formatExplanations', () => {
  it('answers first, then the selecting policy, the reasons elsewhere, and folds policies that fail the same way everywhere', () => {
    const text = formatExplanations('web-dev', [
      pair('edge-alps', [accelerator, workspace, argo(edge)]),
      pair('hub-eastus', [accelerator, workspace, argo(size)]),
      pair('lift-gateway', [accelerator, workspace, argo(edge)]),
      pair('web-eastus', [accelerator, workspace, argo()]),
    ]);
    expect(text.split('\n')).toEqual([
      "web-dev is scheduled on 1 of 4 cluster types (web-eastus), by policy 'web-on-argo'.",
      '  ✓ web-on-argo on web-eastus: both selectors match',
      'Not scheduled on edge-alps, hub-eastus, lift-gateway:',
      `  ✗ web-on-argo on edge-alps, lift-gateway: ${edge}`,
      `  ✗ web-on-argo on hub-eastus: ${size}`,
      '2 policies fail the same way on every cluster type:',
      `  ✗ gpu-batch: ${accelerator.reason}`,
      `  ✗ lift-control-on-cloud: ${workspace.reason}`,
    ]);
  });

  it('says so on the first line when no cluster type gets the target', () => {
    const text = formatExplanations('web-dev', [
      pair('edge-alps', [accelerator, argo(edge)]),
      pair('hub-eastus', [accelerator, argo(size)]),
    ]);
    expect(text.split('\n')).toEqual([
      'web-dev is not scheduled on any of the 2 cluster types: no policy selects it.',
      `  ✗ web-on-argo on edge-alps: ${edge}`,
      `  ✗ web-on-argo on hub-eastus: ${size}`,
      'A policy fails the same way on every cluster type:',
      `  ✗ gpu-batch: ${accelerator.reason}`,
    ]);
  });

  it('names every selecting policy', () => {
    const other = { policy: 'all-web', selected: true, reason: 'both selectors match' };
    const text = formatExplanations('web-dev', [
      pair('web-eastus', [other, argo()]),
      pair('web-westus', [other, argo(size)]),
    ]);
    expect(text.split('\n')[0]).toBe(
      "web-dev is scheduled on 2 of 2 cluster types (web-eastus, web-westus), by policies 'all-web', 'web-on-argo'.",
    );
    expect(text).toContain('  ✓ all-web on web-eastus, web-westus: both selectors match');
    // A policy failing on a cluster type that another policy schedules does not matter there.
    expect(text).not.toContain(size);
  });

  it('says when the environment has no SchedulingPolicy', () => {
    expect(formatExplanations('web-dev', [pair('a', []), pair('b', [])])).toBe(
      'web-dev is not scheduled on any of the 2 cluster types: there is no SchedulingPolicy in this environment.',
    );
    expect(formatExplanations('web-dev', [pair('a', [])])).toBe(
      'web-dev on a: not scheduled: there is no SchedulingPolicy in this environment.',
    );
  });

  it('with one cluster type: the verdict, then every policy', () => {
    expect(
      formatExplanations('web-dev', [pair('web-eastus', [accelerator, argo()])]).split('\n'),
    ).toEqual([
      "web-dev on web-eastus: scheduled, by policy 'web-on-argo'.",
      `  ✗ gpu-batch: ${accelerator.reason}`,
      '  ✓ web-on-argo: both selectors match',
    ]);
    expect(formatExplanations('web-dev', [pair('edge-alps', [argo(edge)])]).split('\n')[0]).toBe(
      'web-dev on edge-alps: not scheduled: no policy selects it.',
    );
  });

  it('colours the answer bold, ✓ green and ✗ red on a terminal', () => {
    const text = formatExplanations(
      'web-dev',
      [pair('web-eastus', [accelerator, argo()])],
      paint(true),
    );
    expect(text).toContain('\x1b[1mweb-dev on web-eastus: scheduled');
    expect(text).toContain('\x1b[32m✓\x1b[39m');
    expect(text).toContain('\x1b[31m✗\x1b[39m');
  });
});
