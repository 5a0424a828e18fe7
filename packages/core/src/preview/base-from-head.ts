// The base of a preview derived from its head when the two differ only in ConfigMaps
// (docs/decisions/preview-base-from-head.md): the schedule, the Templates and every other input are
// the same, so the base's files are the head's except in the folders of the assignments a changed
// ConfigMap can reach, and only those are rendered. Anything else that differs, or any doubt, and
// the caller renders the base as before. Pure.
import {
  assembleEnvironment,
  type EnvironmentSources,
  type EnvironmentView,
} from '../model/environment.ts';
import { inputLimits, type InputLimits } from '../model/limits.ts';
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
import { OverlayFiles } from './overlay-files.ts';

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
  /**
   * The only paths whose bytes may differ from the head's: at every other path the base holds the
   * head's own buffer (`compareRenders`' `differOnlyAt`).
   */
  readonly touched: ReadonlySet<string>;
}

/** What deriving a base needs before the head is rendered: the base's view and what differs. */
export interface BasePlan {
  readonly view: EnvironmentView;
  /** Both versions of every ConfigMap that differs. */
  readonly changed: readonly ConfigMapObject[];
  readonly limits: InputLimits;
  readonly environmentBranch: boolean;
}

/**
 * Whether the base can be derived from a head whose loaded view is `headView`: the base loads
 * without problems and differs in ConfigMaps only (the same names in the same order). Known before
 * the head is rendered, so that the head's render need not key its assignments for a base that
 * will not look them up.
 */
export function planBaseFromHead(
  base: EnvironmentSources,
  headView: EnvironmentView,
  loads: LoadCache,
): BasePlan | undefined {
  const limits = inputLimits();
  const assembled = assembleEnvironment(base, limits, loads);
  if (assembled.problems.length > 0) return undefined;
  const changed = changedConfigMaps(assembled.view, headView);
  if (changed === undefined) return undefined;
  return {
    view: assembled.view,
    changed,
    limits,
    environmentBranch: base.controlPlane.files.length > 0,
  };
}

/**
 * The render of `base` (the pull request's base sources) from `head` (the head's successful
 * render with the default limits), or undefined when it cannot be derived: the base does not load
 * without problems, an input other than a ConfigMap differs, ConfigMaps are added, removed or
 * reordered, or an assignment the change reaches does not render. The result equals what
 * `renderEnvironment(base)` gives for everything the preview compares: the schedule, the view, the
 * files (byte for byte). `plan`: `planBaseFromHead` of the same base and the head's view.
 */
export function baseFromHead(
  base: EnvironmentSources,
  head: RenderedEnvironment,
  memo: RenderMemo | undefined,
  loads: LoadCache,
  plan: BasePlan | undefined = planBaseFromHead(base, head.view, loads),
): DerivedBase | undefined {
  if (plan === undefined) return undefined;
  const { changed, limits } = plan;
  // A ConfigMap reaches an assignment when it supplies its ConfigData (which depends on the
  // ConfigMap alone and the assignment): one that supplies it on neither side leaves it as it was.
  const reach = configCollectorOf(changed);
  const affected: Assignment[] = [];
  // Whether a changed ConfigMap may reach some assignment of a cluster type, asked once per type:
  // most types of a fleet are reached by none, and their assignments need no look-up.
  const mayReach = new Map<Assignment['clusterType'], boolean>();
  for (const a of head.assignments) {
    if (changed.length === 0) break;
    const clusterType = { name: a.clusterType.name, labels: a.clusterType.labels };
    let may = mayReach.get(a.clusterType);
    if (may === undefined) mayReach.set(a.clusterType, (may = reach.mayReach(clusterType)));
    if (!may) continue;
    const target = { name: a.target.name, labels: a.target.labels };
    if (reach.sourcesOf({ clusterType, target }) !== '') affected.push(a);
  }
  const reached = new Set(affected);
  const kept = new Set<Assignment>();
  for (const a of head.assignments) if (!reached.has(a)) kept.add(a);
  const prefix = head.gitopsPath === '' ? '' : `${head.gitopsPath}/`;
  let files = head.files;
  const touched = new Set<string>();
  if (affected.length > 0) {
    const scheduled: ScheduledEnvironment = {
      view: plan.view,
      targets: head.targets,
      assignments: affected,
      problems: [],
      loadFailed: false,
      warnings: [],
      notes: [],
      limits,
      environmentBranch: plan.environmentBranch,
    };
    // Its warnings are the head's or dropped: not linted.
    const outcome = renderScheduled(scheduled, { warnings: false, ...(memo ? { memo } : {}) });
    if (!outcome.ok) return undefined;
    const removed = new Set<string>();
    for (const a of affected) {
      const folder = `${prefix}${a.clusterType.name}/${a.target.name}/`;
      for (const name of FOLDER_FILES) removed.add(`${folder}${name}`);
    }
    const set = outcome.rendered.files;
    for (const path of removed) if (head.files.has(path) || set.has(path)) touched.add(path);
    for (const path of set.keys()) touched.add(path);
    // The head's files with the reached folders replaced, not copied: a large fleet has hundreds
    // of thousands of them.
    files = new OverlayFiles(head.files, removed, set);
    // The output budget, as a full render of the base applies it (the bytes of every
    // assignment's files): over it, the full render says so. Unchanged, the head's held.
    if (outputBytes(head.files, removed, set) > limits.maxOutputBytes) return undefined;
  }
  const { view } = plan;
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
    touched,
  };
}

/** Whether a path counts towards the output budget (an assignment's file). */
function counted(path: string): boolean {
  return path !== TRACKING_FILE && !path.endsWith('/README.md');
}

/**
 * The bytes the output budget counts in `files` with `removed` left out and `set` set (as
 * `OverlayFiles` holds them), without copying `files`. Exported for its test.
 */
export function outputBytes(
  files: ReadonlyMap<string, Uint8Array>,
  removed: ReadonlySet<string>,
  set: ReadonlyMap<string, Uint8Array>,
): number {
  let bytes = 0;
  for (const [path, content] of files) if (counted(path)) bytes += content.length;
  for (const path of removed) {
    const content = files.get(path);
    if (content !== undefined && counted(path)) bytes -= content.length;
  }
  for (const [path, content] of set) {
    if (!counted(path)) continue;
    const was = removed.has(path) ? undefined : files.get(path);
    bytes += content.length - (was?.length ?? 0);
  }
  return bytes;
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
