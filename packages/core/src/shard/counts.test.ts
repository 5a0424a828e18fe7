import { describe, expect, it } from 'vitest';
import { syntheticFleet } from '../../bench/fleet.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { renderScheduled, scheduleEnvironmentSources } from '../render/render-environment.ts';
import { assignmentCounts, loadEnvironment, scheduleSome } from './counts.ts';
import { renderChunks } from './render-shard.ts';
import { shardExpectation } from './shard-schedule.ts';
import { shardGroups } from './shard-steps.ts';

const shape = { clusterTypes: 12, targets: 60, policies: 5, regions: 3, configMaps: 4 };

/** The fleet with more policies: overlapping ones (a pair picked twice), and one that selects nothing. */
function overlapping(): EnvironmentSources {
  const sources = syntheticFleet(shape);
  const extra = [
    `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: SchedulingPolicy\nmetadata:\n  name: canaries-on-small\nspec:\n  deploymentTargetSelector:\n    labelSelector: {matchLabels: {ring: canary}}\n  clusterTypeSelector:\n    labelSelector: {matchLabels: {size: small}}\n`,
    `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: SchedulingPolicy\nmetadata:\n  name: edge-everything\nspec:\n  deploymentTargetSelector:\n    labelSelector: {matchLabels: {group: g1}}\n  clusterTypeSelector:\n    labelSelector: {matchLabels: {edge: "true"}}\n`,
    `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: SchedulingPolicy\nmetadata:\n  name: nobody\nspec:\n  deploymentTargetSelector:\n    labelSelector: {matchLabels: {group: none}}\n  clusterTypeSelector:\n    labelSelector: {matchLabels: {size: large}}\n`,
  ];
  const [file] = sources.controlPlane.files;
  return {
    ...sources,
    controlPlane: {
      ...sources.controlPlane,
      files: [{ ...file!, text: `${file!.text}\n---\n${extra.join('\n---\n')}` }],
    },
  };
}

/** Assignments per cluster type as the full schedule makes them. */
function scheduledCounts(sources: EnvironmentSources): Map<string, number> {
  const scheduled = scheduleEnvironmentSources(sources);
  const counts = new Map(scheduled.view.clusterTypes.map((c) => [c.name, 0]));
  for (const a of scheduled.assignments)
    counts.set(a.clusterType.name, counts.get(a.clusterType.name)! + 1);
  return counts;
}

describe('assignmentCounts', () => {
  it.each([
    ['the synthetic fleet', () => syntheticFleet(shape)],
    ['overlapping policies and one that selects nothing', overlapping],
  ])('counts what the schedule makes, per cluster type: %s', (_name, sources) => {
    const loaded = loadEnvironment(sources());
    expect(loaded.problems).toEqual([]);
    const counts = assignmentCounts(loaded.view, loaded.targets);
    expect(new Map(counts.map((w) => [w.name, w.assignments]))).toEqual(scheduledCounts(sources()));
    expect(counts.some((w) => w.assignments === 0)).toBe(false);
  });

  it('counts 0 for a cluster type no policy selects', () => {
    const loaded = loadEnvironment(syntheticFleet(shape));
    const view = { ...loaded.view, policies: loaded.view.policies.slice(0, 1) };
    const counts = assignmentCounts(view, loaded.targets);
    expect(counts).toHaveLength(12);
    expect(counts.filter((w) => w.assignments === 0)).toHaveLength(8);
  });
});

describe('a shard scheduled and rendered on its own', () => {
  const sources = overlapping();
  const loaded = loadEnvironment(sources);
  const groups = shardGroups(assignmentCounts(loaded.view, loaded.targets), 3);

  it('splits as the join does from the whole schedule', () => {
    expect(shardExpectation(scheduleEnvironmentSources(sources), 3).groups).toEqual(groups);
  });

  it('schedules exactly the whole schedule’s assignments of its cluster types', () => {
    const whole = scheduleEnvironmentSources(sources).assignments;
    for (const group of groups) {
      const mine = new Set(group);
      const some = scheduleSome(loaded, (name) => mine.has(name));
      expect(some.view.clusterTypes.map((c) => c.name).sort()).toEqual([...group].sort());
      const key = (a: (typeof whole)[number]) =>
        `${a.clusterType.name}/${a.target.name}/${a.policies.join(',')}`;
      expect(some.assignments.map(key)).toEqual(
        whole.filter((a) => mine.has(a.clusterType.name)).map(key),
      );
    }
  });

  it('renders in chunks of whole cluster types the files of one render', () => {
    const mine = new Set(groups[0]);
    const some = scheduleSome(loaded, (name) => mine.has(name));
    const chunks = [...renderChunks(some, 7)];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.flatMap((c) => c.assignments)).toEqual(some.assignments);
    for (const chunk of chunks) {
      const names = new Set(chunk.view.clusterTypes.map((c) => c.name));
      expect(chunk.assignments.every((a) => names.has(a.clusterType.name))).toBe(true);
    }
    const whole = renderScheduled(some);
    const pieces = new Map<string, Uint8Array>();
    for (const chunk of chunks) {
      const outcome = renderScheduled(chunk);
      if (!outcome.ok) throw new Error('chunk failed');
      for (const [path, bytes] of outcome.rendered.files) pieces.set(path, bytes);
    }
    if (!whole.ok) throw new Error('render failed');
    expect(new Map([...pieces].sort())).toEqual(new Map([...whole.rendered.files].sort()));
  });
});
