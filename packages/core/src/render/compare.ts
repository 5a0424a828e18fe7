// Compares two renders of one environment (before and after a pull request): assignments added,
// removed and re-rendered per cluster type, the policy or selector term behind each, config keys
// that changed, and the unified diff of the generated GitOps files. Pure and deterministic.
import type { ConfigCollector } from '../config/index.ts';
import { diffTrees } from '../gitops/plan.ts';
import { applyGeneratedFiles, isOwnedPath, TRACKING_FILE } from '../gitops/tree.ts';
import { formatValue, type GoMap } from '@kalypso/gotemplate/go';
import { parseGitHubRepositoryUrl } from '../model/github-url.ts';
import type { Problem } from '../model/problem.ts';
import { compareBytes, explainPair, type Assignment } from '../model/schedule.ts';
import { configCollectorOf, type RenderedEnvironment } from './render-environment.ts';
import { diffFiles, type FileDiff } from './file-diff.ts';

export { diffFiles, MAX_DIFFED_FILE, MAX_EDIT_LENGTH } from './file-diff.ts';

/** Config values are shown up to this many characters. */
export const MAX_VALUE_LENGTH = 120;

export interface AssignmentChange {
  readonly target: string;
  /** Why: the policies that select it (added) or the term that no longer selects it (removed). */
  readonly reasons: readonly string[];
}

export interface ConfigChange {
  readonly key: string;
  /** Shown values (Go's %v, bounded); undefined = the key is absent on that side. */
  readonly before: string | undefined;
  readonly after: string | undefined;
  /** The deployment targets of this cluster type whose ConfigData changes this way. */
  readonly targets: readonly string[];
}

export interface ClusterTypePreview {
  readonly clusterType: string;
  /** `added` / `removed` when the ClusterType itself appears or disappears. */
  readonly status: 'added' | 'removed' | 'kept';
  readonly added: readonly AssignmentChange[];
  readonly removed: readonly AssignmentChange[];
  /** Targets scheduled before and after whose generated files differ. */
  readonly rerendered: readonly string[];
  readonly config: readonly ConfigChange[];
}

export type { FileDiff } from './file-diff.ts';

export type EnvironmentPreview =
  | {
      readonly environment: string;
      readonly kind: 'compared';
      /** The render before the change failed: everything is compared with an empty output. */
      readonly baseBroken: boolean;
      readonly clusterTypes: readonly ClusterTypePreview[];
      readonly files: readonly FileDiff[];
      /** One line per removal (assignment, cluster type, whole output), for the guard. */
      readonly removals: readonly string[];
    }
  | {
      readonly environment: string;
      readonly kind: 'problems';
      readonly problems: readonly Problem[];
    }
  | { readonly environment: string; readonly kind: 'skipped'; readonly reason: string };

/** True when the environment's rendered output differs. */
export function previewChanged(preview: EnvironmentPreview): boolean {
  return preview.kind === 'compared' && preview.files.length > 0;
}

export interface CompareOptions {
  /**
   * Before and after hold the same buffer at every path but these (a base derived from its head,
   * docs/decisions/preview-base-from-head.md): only these are diffed.
   */
  readonly differOnlyAt?: ReadonlySet<string>;
}

/** Compares the render before (undefined = broken or absent) with the render after. */
export function compareRenders(
  environment: string,
  before: RenderedEnvironment | undefined,
  after: RenderedEnvironment,
  options: CompareOptions = {},
): EnvironmentPreview {
  // A GitOps target that moves (another repository, branch or path) is what it is: the old target
  // loses every file, the new one gains every file (docs/decisions/gitops-target-guard.md).
  const from = before && targetOf(before);
  const to = targetOf(after);
  const moved = before !== undefined && from !== undefined && to !== undefined && from !== to;
  const files = moved
    ? [...diffFiles(under(before), new Map()), ...diffFiles(new Map(), under(after))]
    : diffFiles(
        only(before?.files ?? new Map(), options.differOnlyAt),
        only(after.files, options.differOnlyAt),
      );
  const { wasOf, inNow, wasCount, wasByType, nowByType } = pairAssignments(before, after);
  const typesBefore = new Set((before?.view.clusterTypes ?? []).map((c) => c.name));
  const typesAfter = new Set(after.view.clusterTypes.map((c) => c.name));
  const changedFolders = new Set(
    moved
      ? [...after.files.keys()].map((path) => folderOf(path, after.gitopsPath))
      : files.map((f) => folderOf(f.path, after.gitopsPath)),
  );
  const changedTypes = new Set([...changedFolders].map((f) => f.slice(0, f.indexOf('/'))));
  const collectors = {
    before: before ? collectorOf(before) : undefined,
    after: collectorOf(after),
  };
  const clusterTypes: ClusterTypePreview[] = [];
  const removals: string[] = [];
  for (const clusterType of [...new Set([...typesBefore, ...typesAfter])].sort(compareBytes)) {
    const status = !typesBefore.has(clusterType)
      ? 'added'
      : !typesAfter.has(clusterType)
        ? 'removed'
        : 'kept';
    const ofType = (m: ReadonlyMap<string, readonly Assignment[]>) => m.get(clusterType) ?? [];
    const added = ofType(nowByType)
      .filter((a) => wasOf(a) === undefined)
      .map((a) => ({
        target: a.target.name,
        reasons: a.policies.map((p) => `selected by policy '${p}'`),
      }));
    const removed = ofType(wasByType)
      .filter((a) => !inNow(a))
      .map((a) => ({ target: a.target.name, reasons: whyRemoved(a, after) }));
    const kept = ofType(nowByType).filter((a) => wasOf(a) !== undefined);
    const rerendered = changedTypes.has(clusterType)
      ? kept
          .filter((a) => changedFolders.has(`${clusterType}/${a.target.name}`))
          .map((a) => a.target.name)
      : [];
    // An assignment of the base that took its files from the head's render (the same content key)
    // has the head's ConfigData: nothing to compare (docs/decisions/incremental-render.md).
    const compared =
      before?.reused === undefined ? kept : kept.filter((a) => !before.reused!.has(wasOf(a)!));
    const config =
      collectors.before === undefined
        ? []
        : configChanges(compared, wasOf, collectors.before, collectors.after);
    added.sort((a, b) => compareBytes(a.target, b.target));
    removed.sort((a, b) => compareBytes(a.target, b.target));
    rerendered.sort(compareBytes);
    if (status === 'kept' && added.length + removed.length + rerendered.length === 0) {
      if (config.length === 0) continue;
    }
    if (status === 'removed') removals.push(`cluster type '${clusterType}' is removed`);
    for (const r of removed)
      removals.push(`assignment '${r.target}' on cluster type '${clusterType}' is removed`);
    clusterTypes.push({ clusterType, status, added, removed, rerendered, config });
  }
  if (before && before.files.size > 0 && after.assignments.length === 0 && wasCount > 0)
    removals.unshift(`every assignment of environment '${environment}' is removed`);
  if (moved && before.files.size > 0)
    removals.unshift(
      `environment '${environment}' moves its GitOps target from ${from} to ${to}: ${from} loses all ${before.files.size} files`,
    );
  return {
    environment,
    kind: 'compared',
    baseBroken: before === undefined,
    clusterTypes,
    files,
    removals,
  };
}

/** The files at `paths` only (all of them without `paths`). */
function only(
  files: ReadonlyMap<string, Uint8Array>,
  paths: ReadonlySet<string> | undefined,
): ReadonlyMap<string, Uint8Array> {
  if (paths === undefined) return files;
  const kept = new Map<string, Uint8Array>();
  for (const path of paths) {
    const bytes = files.get(path);
    if (bytes !== undefined) kept.set(path, bytes);
  }
  return kept;
}

/**
 * Each assignment of `after` with its pair before (the same cluster type and target), grouped by
 * cluster type once: a fleet has thousands of cluster types and a hundred thousand assignments.
 * The same schedule on both sides (a base derived from its head) pairs each with itself.
 */
function pairAssignments(before: RenderedEnvironment | undefined, after: RenderedEnvironment) {
  if (before !== undefined && before.assignments === after.assignments) {
    const byType = byClusterType(after.assignments);
    return {
      wasOf: (a: Assignment): Assignment | undefined => a,
      inNow: (): boolean => true,
      wasCount: after.assignments.length,
      wasByType: byType,
      nowByType: byType,
    };
  }
  const key = (a: Assignment) => `${a.clusterType.name}\u0000${a.target.name}`;
  const was = new Map((before?.assignments ?? []).map((a) => [key(a), a]));
  const now = new Map(after.assignments.map((a) => [key(a), a]));
  return {
    wasOf: (a: Assignment) => was.get(key(a)),
    inNow: (a: Assignment) => now.has(key(a)),
    wasCount: was.size,
    wasByType: byClusterType(was.values()),
    nowByType: byClusterType(now.values()),
  };
}

/** Assignments by cluster type name, each list in the order given. */
function byClusterType(assignments: Iterable<Assignment>): Map<string, Assignment[]> {
  const grouped = new Map<string, Assignment[]>();
  for (const a of assignments) {
    const list = grouped.get(a.clusterType.name);
    if (list === undefined) grouped.set(a.clusterType.name, [a]);
    else list.push(a);
  }
  return grouped;
}

/** The term that no longer selects a removed pair, policy by policy. */
function whyRemoved(assignment: Assignment, after: RenderedEnvironment): string[] {
  const clusterType = after.view.clusterTypes.find((c) => c.name === assignment.clusterType.name);
  if (!clusterType) return [`cluster type '${assignment.clusterType.name}' no longer exists`];
  const target = after.targets.find((t) => t.name === assignment.target.name);
  if (!target) return [`deployment target '${assignment.target.name}' no longer exists`];
  const explanation = explainPair(after.view, target, clusterType);
  if (explanation.policies.length === 0) return ['no scheduling policy is left'];
  return explanation.policies.map((p) => `policy '${p.policy}': ${p.reason}`);
}

function collectorOf(rendered: RenderedEnvironment): ConfigCollector {
  return configCollectorOf(rendered.view.configMaps);
}

function collect(collector: ConfigCollector, a: Assignment): GoMap {
  return collector.collect({
    clusterType: { name: a.clusterType.name, labels: a.clusterType.labels },
    target: { name: a.target.name, labels: a.target.labels },
  });
}

/** Keys of the ConfigData whose value differs, grouped by (key, old, new) over the targets. */
function configChanges(
  kept: readonly Assignment[],
  wasOf: (a: Assignment) => Assignment | undefined,
  before: ConfigCollector,
  after: ConfigCollector,
): ConfigChange[] {
  const found = new Map<
    string,
    { key: string; before?: string; after?: string; targets: string[] }
  >();
  for (const a of kept) {
    const old = collect(before, wasOf(a)!);
    const now = collect(after, a);
    const keys = new Set([...old.entries.keys(), ...now.entries.keys()].map((k) => String(k)));
    for (const name of keys) {
      const o = shown(old, name);
      const n = shown(now, name);
      if (o === n) continue;
      const id = `${name}\u0000${o ?? '\u0001'}\u0000${n ?? '\u0001'}`;
      const entry = found.get(id) ?? {
        key: name,
        ...(o === undefined ? {} : { before: o }),
        ...(n === undefined ? {} : { after: n }),
        targets: [],
      };
      entry.targets.push(a.target.name);
      found.set(id, entry);
    }
  }
  return [...found.values()]
    .map((e) => ({ key: e.key, before: e.before, after: e.after, targets: e.targets.sort() }))
    .sort((a, b) => compareBytes(a.key, b.key) || compareBytes(a.before ?? '', b.before ?? ''));
}

function shown(map: GoMap, name: string): string | undefined {
  for (const [k, v] of map.entries) {
    if (String(k) !== name) continue;
    const text = formatValue(v);
    return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
  }
  return undefined;
}

/** `<cluster type>/<target>` of a generated file, "" for files outside a target folder. */
function folderOf(path: string, gitopsPath: string): string {
  const rest = gitopsPath === '' ? path : path.slice(gitopsPath.length + 1);
  const parts = rest.split('/');
  return parts.length >= 3 ? `${parts[0]}/${parts[1]}` : '';
}

/**
 * Compares a render with what a GitOps branch holds now (`kalypso diff`): the files the scheduler
 * owns, assignments by target folder, reasons from the render. There is no render of the branch,
 * so config changes show in the file diff only.
 */
export function compareWithTree(
  environment: string,
  tree: ReadonlyMap<string, Uint8Array>,
  after: RenderedEnvironment,
): EnvironmentPreview {
  const next = applyGeneratedFiles(tree, after.files, after.gitopsPath);
  const owned = (m: ReadonlyMap<string, Uint8Array>) =>
    new Map(
      [...m].filter(([path]) => path === TRACKING_FILE || isOwnedPath(path, after.gitopsPath)),
    );
  const files = diffFiles(owned(tree), owned(next));
  const plan = diffTrees(tree, next, after.gitopsPath);
  const typesAfter = new Set(after.view.clusterTypes.map((c) => c.name));
  const prefix = after.gitopsPath === '' ? '' : `${after.gitopsPath}/`;
  const clusterTypes: ClusterTypePreview[] = [];
  const removals: string[] = [];
  for (const c of plan.clusterTypes) {
    const existed = [...tree.keys()].some((p) => p.startsWith(`${prefix}${c.clusterType}/`));
    const status = !typesAfter.has(c.clusterType) ? 'removed' : existed ? 'kept' : 'added';
    const assignment = (target: string) =>
      after.assignments.find(
        (a) => a.clusterType.name === c.clusterType && a.target.name === target,
      );
    const added = c.assignmentsAdded.map((target) => ({
      target,
      reasons: (assignment(target)?.policies ?? []).map((p) => `selected by policy '${p}'`),
    }));
    const removed = c.assignmentsRemoved.map((target) => {
      const clusterType = after.view.clusterTypes.find((t) => t.name === c.clusterType);
      const found = after.targets.find((t) => t.name === target);
      const reasons = !clusterType
        ? [`cluster type '${c.clusterType}' no longer exists`]
        : !found
          ? [`deployment target '${target}' no longer exists`]
          : explainPair(after.view, found, clusterType).policies.map(
              (p) => `policy '${p.policy}': ${p.reason}`,
            );
      return { target, reasons };
    });
    if (status === 'removed') removals.push(`cluster type '${c.clusterType}' is removed`);
    for (const r of removed)
      removals.push(`assignment '${r.target}' on cluster type '${c.clusterType}' is removed`);
    clusterTypes.push({
      clusterType: c.clusterType,
      status,
      added,
      removed,
      rerendered: [...c.assignmentsChanged],
      config: [],
    });
  }
  return { environment, kind: 'compared', baseBroken: false, clusterTypes, files, removals };
}

/** Where a render's files go, `owner/name@branch:path`; undefined without a GitOpsRepo. */
function targetOf(rendered: RenderedEnvironment): string | undefined {
  const repo = rendered.gitOpsRepo;
  if (!repo) return undefined;
  const repository = parseGitHubRepositoryUrl(repo.repo)?.fullName ?? repo.repo;
  return `${repository.toLowerCase()}@${repo.branch}:${rendered.gitopsPath || '.'}`;
}

/** The files of a render named by their repository and branch (`owner/name@branch:path`), so that
 * both sides of a move show apart. */
function under(rendered: RenderedEnvironment): ReadonlyMap<string, Uint8Array> {
  const repo = rendered.gitOpsRepo;
  const repository = repo ? (parseGitHubRepositoryUrl(repo.repo)?.fullName ?? repo.repo) : '';
  const prefix = `${repository.toLowerCase()}@${repo?.branch ?? ''}:`;
  return new Map([...rendered.files].map(([path, bytes]) => [`${prefix}${path}`, bytes]));
}
