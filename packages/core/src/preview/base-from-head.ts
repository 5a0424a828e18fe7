// The base of a preview derived from its head when the two differ only in ConfigMaps
// (docs/decisions/preview-base-from-head.md): the schedule, the Templates and every other input are
// the same, so the base's files are the head's except in the folders of the assignments a changed
// ConfigMap can reach, and only those are rendered. Anything else that differs, or any doubt, and
// the caller renders the base as before. Pure.
import { assembleEnvironment, type EnvironmentSources } from '../model/environment.ts';
import { inputLimits } from '../model/limits.ts';
import type { LoadCache } from '../model/load-cache.ts';
import type { Assignment } from '../model/schedule.ts';
import type { ConfigMapObject } from '../model/types.ts';
import {
  configCollectorOf,
  renderScheduled,
  type RenderedEnvironment,
  type ScheduledEnvironment,
} from '../render/render-environment.ts';
import type { RenderMemo } from '../render/render-key.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';

/** The names an assignment folder may hold (docs/kalypso-compatibility.md#layout). */
const FOLDER_FILES = [
  'reconciler.yaml',
  'namespace.yaml',
  'platform-config.yaml',
  'platform-config.sh',
];

/** Nesting deeper than this is not compared (the objects are then taken as different). */
const MAX_DEPTH = 32;

/** A base derived from the head, and how many of its assignments were rendered. */
export interface DerivedBase {
  readonly rendered: RenderedEnvironment;
  readonly renderedAssignments: number;
}

/**
 * The render of `base` (the pull request's base sources) from `head` (the head's successful
 * render with the default limits), or undefined when it cannot be derived: the base does not load
 * without problems, an input other than a ConfigMap differs, ConfigMaps are added, removed or
 * reordered, or an assignment the change reaches does not render. The result equals what
 * `renderEnvironment(base)` gives for everything the preview compares: the schedule, the view, the
 * files (byte for byte).
 */
export function baseFromHead(
  base: EnvironmentSources,
  head: RenderedEnvironment,
  memo: RenderMemo,
  loads: LoadCache,
): DerivedBase | undefined {
  const limits = inputLimits();
  const assembled = assembleEnvironment(base, limits, loads);
  if (assembled.problems.length > 0) return undefined;
  const changed = changedConfigMaps(assembled.view, head.view);
  if (changed === undefined) return undefined;
  // A ConfigMap reaches an assignment when it supplies its ConfigData (which depends on the
  // ConfigMap alone and the assignment): one that supplies it on neither side leaves it as it was.
  const reach = configCollectorOf(changed);
  const affected: Assignment[] = [];
  const kept = new Set<Assignment>();
  for (const a of head.assignments) {
    const subject = {
      clusterType: { name: a.clusterType.name, labels: a.clusterType.labels },
      target: { name: a.target.name, labels: a.target.labels },
    };
    if (changed.length > 0 && reach.sourcesOf(subject) !== '') affected.push(a);
    else kept.add(a);
  }
  const prefix = head.gitopsPath === '' ? '' : `${head.gitopsPath}/`;
  let files = head.files;
  if (affected.length > 0) {
    const scheduled: ScheduledEnvironment = {
      view: assembled.view,
      targets: head.targets,
      assignments: affected,
      problems: [],
      loadFailed: false,
      warnings: [],
      notes: [],
      limits,
      environmentBranch: base.controlPlane.files.length > 0,
    };
    const outcome = renderScheduled(scheduled, { memo });
    if (!outcome.ok) return undefined;
    const derived = new Map(head.files);
    for (const a of affected) {
      const folder = `${prefix}${a.clusterType.name}/${a.target.name}/`;
      for (const name of FOLDER_FILES) derived.delete(`${folder}${name}`);
    }
    for (const [path, bytes] of outcome.rendered.files) derived.set(path, bytes);
    // The output budget, as a full render of the base applies it (the bytes of every
    // assignment's files): over it, the full render says so. Unchanged, the head's held.
    let bytes = 0;
    for (const [path, content] of derived)
      if (path !== TRACKING_FILE && !path.endsWith('/README.md')) bytes += content.length;
    if (bytes > limits.maxOutputBytes) return undefined;
    files = derived;
  }
  const { view } = assembled;
  return {
    rendered: {
      view,
      targets: head.targets,
      assignments: head.assignments,
      baseRepo: view.baseRepos.find((b) => b.name === 'main'),
      gitOpsRepo: view.gitOpsRepos[0],
      gitopsPath: head.gitopsPath,
      files,
      // The assignments no changed ConfigMap reaches have the head's ConfigData.
      ...(kept.size === 0 ? {} : { reused: kept }),
    },
    renderedAssignments: affected.length,
  };
}

/**
 * Both versions of every ConfigMap that differs between the two views, or undefined when anything
 * else differs (or the ConfigMaps are not the same names in the same order).
 */
function changedConfigMaps(
  base: RenderedEnvironment['view'],
  head: RenderedEnvironment['view'],
): ConfigMapObject[] | undefined {
  for (const key of Object.keys(head) as (keyof typeof head)[]) {
    if (key === 'configMaps') continue;
    if (!same(base[key], head[key], 0)) return undefined;
  }
  if (Object.keys(base).length !== Object.keys(head).length) return undefined;
  if (base.configMaps.length !== head.configMaps.length) return undefined;
  const changed: ConfigMapObject[] = [];
  for (let i = 0; i < head.configMaps.length; i++) {
    const [was, now] = [base.configMaps[i]!, head.configMaps[i]!];
    if (was.name !== now.name) return undefined;
    if (!same(was, now, 0)) changed.push(was, now);
  }
  return changed;
}

/**
 * Deep equality of loaded objects: plain objects (same keys in the same order), arrays, maps and
 * sets (same entries in the same order), primitives. Anything else is equal only to itself.
 */
function same(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth > MAX_DEPTH) return false;
  const prototype = Object.getPrototypeOf(a) as unknown;
  if (prototype !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((x, i) => same(x, other[i], depth + 1));
  }
  if (a instanceof Map || a instanceof Set) {
    const other = b as Map<unknown, unknown> | Set<unknown>;
    if (a.size !== other.size) return false;
    const x = [...a.entries()];
    const y = [...other.entries()];
    return x.every(([k, v], i) => same(k, y[i]![0], depth + 1) && same(v, y[i]![1], depth + 1));
  }
  if (prototype !== Object.prototype && prototype !== null) return false;
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((k, i) => k === otherKeys[i] && same(x[k], y[k], depth + 1));
}
