import { ConfigCollector } from '../config/index.ts';
import {
  generatedFilesBuilder,
  normaliseGitOpsPath,
  unsafeTreePathReason,
} from '../gitops/tree.ts';
import {
  assembleEnvironment,
  type EnvironmentSources,
  type EnvironmentView,
} from '../model/environment.ts';
import { renderedLint } from '../lint/rendered.ts';
import { lintSchedule } from '../lint/environment.ts';
import { appendAll } from '../model/append.ts';
import type { LoadCache } from '../model/load-cache.ts';
import { formatBytes, inputLimits, utf8Length, type InputLimits } from '../model/limits.ts';
import { asWarning, type Problem } from '../model/problem.ts';
import {
  deploymentTargetsOf,
  schedule,
  type Assignment,
  type DeploymentTarget,
} from '../model/schedule.ts';
import {
  describeObject,
  type BaseRepo,
  type ConfigMapObject,
  type GitOpsRepo,
} from '../model/types.ts';
import {
  isIndexed,
  isPackage,
  isReused,
  renderAssignment,
  type AssignmentNotice,
} from './assignment-package.ts';
import { IndexUse } from './index-use.ts';
import type { IndexKeys, RenderIndex } from './render-index.ts';
import { RenderMemo, type TextDigest } from './render-key.ts';
import { collectNoticeWarnings } from './render-notices.ts';
import { compileTemplates } from './template-cache.ts';

/** A successfully rendered environment: the scheduling result and the files the scheduler owns. */
export interface RenderedEnvironment {
  readonly view: EnvironmentView;
  readonly targets: readonly DeploymentTarget[];
  readonly assignments: readonly Assignment[];
  /** The BaseRepo named `main` (supplies Promoted_Commit_Id), when there is one. */
  readonly baseRepo: BaseRepo | undefined;
  readonly gitOpsRepo: GitOpsRepo | undefined;
  /** Normalised GitOpsRepo spec.path ("" = repository root). */
  readonly gitopsPath: string;
  /** Generated files keyed by repository path, to be applied with `applyGeneratedFiles`. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /**
   * The assignments whose files came from a memo (their content key was there): their inputs,
   * ConfigData included, equal those of the render that kept them.
   */
  readonly reused?: ReadonlySet<Assignment>;
  /**
   * Files taken from a cross-run index instead of rendered (`index`): path → `<mode> <blob id>`,
   * blobs the GitOps tree the index was checked against already holds; not in `files`.
   */
  readonly known?: ReadonlyMap<string, string>;
  /** With `keys` or `index`: each keyed assignment's folder, stable key and file names. */
  readonly keys?: IndexKeys;
}

export type RenderOutcome =
  | {
      readonly ok: true;
      readonly rendered: RenderedEnvironment;
      /** What the original accepts but is probably a mistake: shown, never failing the run. */
      readonly warnings: readonly Problem[];
      readonly notes: readonly string[];
    }
  | {
      readonly ok: false;
      readonly problems: readonly Problem[];
      readonly warnings: readonly Problem[];
      readonly notes: readonly string[];
    };

export interface RenderOptions {
  /** Budgets on input and output (defaults: `DEFAULT_INPUT_LIMITS`). */
  readonly limits?: Partial<InputLimits>;
  /**
   * Files loaded by an earlier render in this process: a file with the same origin, path and
   * bytes is not parsed again (the preview's base and head).
   */
  readonly loads?: LoadCache;
}

export interface RenderMemoOptions {
  /**
   * Assignments already rendered in this process, by content key: an assignment whose key is
   * there takes those files, and every assignment rendered here is added
   * (docs/decisions/incremental-render.md). The files are byte-identical to a render without it;
   * the warnings of a reused assignment (lint, function notices) are not found again.
   */
  readonly memo?: RenderMemo;
  /**
   * A cross-run index already checked against the GitOps tree (`verifiedRenderIndex`): an
   * assignment whose folder's entry has its stable key is not rendered; its files are the entry's
   * blob ids (`known`). Implies `keys`.
   */
  readonly index?: RenderIndex;
  /**
   * With `index`: the only cluster types whose assignments may have another key than the index
   * holds (`reachedClusterTypes`: the run proved that only ConfigMaps changed since the render
   * the index describes, and which ones). An assignment of another cluster type whose folder the
   * index holds is taken as it is, without being keyed; any other is keyed as without this.
   */
  readonly reached?: ReadonlySet<string>;
  /**
   * With `index`: cluster types kept whole (`FoldedIndex.whole`: none of them reached, each
   * folder the same in the tree the index describes and in the base). Their assignments are
   * neither rendered nor keyed nor taken: their folders are the tree's, whole, and their keys stay
   * in the index's chunks.
   */
  readonly whole?: ReadonlySet<string>;
  /** Give each keyed assignment's stable key (`keys`), for the next index. */
  readonly keys?: boolean;
  /** The SHA-256 of stable keys (default: in JavaScript; an adapter passes a native one). */
  readonly digest?: TextDigest;
  /**
   * `false`: the caller drops the warnings (a preview's base), so the schedule and the rendered
   * files are not linted; the files and problems are the same. Ignored with `keys` or `index`.
   */
  readonly warnings?: false;
}

/** The names of generated files (docs/kalypso-compatibility.md#layout): safe in any safe folder. */
const FIXED_NAMES = new Set([
  'README.md',
  'reconciler.yaml',
  'namespace.yaml',
  'platform-config.yaml',
  'platform-config.sh',
]);

const ROLES = [
  ['reconciler', 'reconciler'],
  ['namespaceService', 'namespaceService'],
  ['configType', 'configType'],
] as const;

/**
 * An environment loaded, validated and scheduled, not yet rendered: what `renderScheduled` renders.
 * Loading and scheduling are cheap next to rendering, so a caller can look at the schedule (the
 * schedule action checks its size against the runner's budget) before paying for the render.
 */
export interface ScheduledEnvironment {
  readonly view: EnvironmentView;
  readonly targets: readonly DeploymentTarget[];
  readonly assignments: readonly Assignment[];
  /** Problems found while loading and scheduling: `renderScheduled` reports them with its own. */
  readonly problems: readonly Problem[];
  /** Whether loading (before scheduling) found problems. */
  readonly loadFailed: boolean;
  readonly warnings: readonly Problem[];
  readonly notes: readonly string[];
  /** @internal */
  readonly limits: InputLimits;
  /** @internal */
  readonly environmentBranch: boolean;
}

/** Loads, validates and schedules one environment (the first half of `renderEnvironment`). */
export function scheduleEnvironmentSources(
  sources: EnvironmentSources,
  options: RenderOptions = {},
): ScheduledEnvironment {
  const limits = inputLimits(options.limits);
  const assembled = assembleEnvironment(sources, limits, options.loads);
  const problems: Problem[] = [...assembled.problems];
  const targets = deploymentTargetsOf(assembled.view, problems);
  const assignments = schedule(assembled.view, targets);
  return {
    view: assembled.view,
    targets,
    assignments,
    problems,
    loadFailed: assembled.problems.length > 0,
    warnings: assembled.warnings,
    notes: assembled.notes,
    limits,
    environmentBranch: sources.controlPlane.files.length > 0,
  };
}

/**
 * Renders one environment: load and validate every source, derive deployment targets, schedule
 * them, render every assignment and lay out the GitOps files. Pure and deterministic. All
 * problems are collected (docs/decisions/all-problems-at-once.md) — a problem found while loading does not stop the assignments that
 * can still be rendered, so their failures are reported in the same list; when there is any
 * error, nothing is rendered. Warnings never fail the run (docs/decisions/warnings-and-partial-loads.md).
 */
export function renderEnvironment(
  sources: EnvironmentSources,
  options: RenderOptions & RenderMemoOptions = {},
): RenderOutcome {
  return renderScheduled(scheduleEnvironmentSources(sources, options), options);
}

/** Renders an environment `scheduleEnvironmentSources` scheduled (the second half of `renderEnvironment`). */
export function renderScheduled(
  scheduled: ScheduledEnvironment,
  options: RenderMemoOptions = {},
): RenderOutcome {
  const wantKeys = options.keys === true || options.index !== undefined;
  const memo =
    options.memo ??
    (wantKeys ? new RenderMemo(options.digest ? { digest: options.digest } : {}) : undefined);
  const { view, notes, targets, assignments, limits, environmentBranch } = scheduled;
  const problems: Problem[] = [...scheduled.problems];
  const warnings: Problem[] = [...scheduled.warnings];
  const linted = options.warnings !== false || wantKeys;
  if (linted)
    appendAll(
      warnings,
      lintSchedule(view, targets, assignments, { environmentBranch }).map(asWarning),
    );

  // The original looks Templates up per assignment: a ClusterType nothing is scheduled on never
  // needs its Templates, so a missing or broken one there is a warning, not an error.
  const scheduledTypes = new Set(assignments.map((a) => a.clusterType.name));
  const usedTemplates = new Set<string>();
  const blockedTypes = new Set<string>();
  for (const clusterType of view.clusterTypes) {
    const scheduled = scheduledTypes.has(clusterType.name);
    for (const [field] of ROLES) {
      const templateName = clusterType[field];
      if (scheduled) usedTemplates.add(templateName);
      if (view.templates.has(templateName)) continue;
      if (scheduled) blockedTypes.add(clusterType.name);
      if (view.unreadable.has(`Template/${templateName}`)) continue; // reported where it is
      const problem: Problem = {
        file: clusterType.origin.file,
        line: clusterType.origin.line,
        object: describeObject(clusterType),
        message: scheduled
          ? `Template '${templateName}' (spec.${field}) not found: templates.scheduler.kalypso.io "${templateName}" not found. Add the Template to main and promote it, or name an existing one.`
          : `Template '${templateName}' (spec.${field}) not found: templates.scheduler.kalypso.io "${templateName}" not found. Nothing is scheduled on this cluster type, so nothing was rendered for it; add the Template before a policy selects it.`,
      };
      if (scheduled) problems.push(problem);
      else warnings.push(asWarning(problem));
    }
  }
  const templates = compileTemplates(view.templates, usedTemplates, problems, warnings);
  const context = {
    view,
    templates,
    config: configCollectorOf(view.configMaps),
    keyParts: { config: new Map(), targets: new Map() },
  };
  const baseRepo = view.baseRepos.find((b) => b.name === 'main');
  const gitOpsRepo = view.gitOpsRepos[0];
  const gitopsPath = normaliseGitOpsPath(gitOpsRepo?.path ?? '.');
  // Each package is linted and encoded as soon as it is rendered, then dropped: the text of the
  // whole environment is never held next to its bytes.
  const lint = renderedLint(view);
  const builder = generatedFilesBuilder(
    view.clusterTypes.map((c) => c.name),
    gitopsPath,
  );
  let outputBytes = 0;
  const notices: AssignmentNotice[] = [];
  const reused = new Set<Assignment>();
  const indexed = new IndexUse(options.index, wantKeys, gitopsPath);
  const reached = options.index === undefined || memo === undefined ? undefined : options.reached;
  const whole = options.index === undefined || memo === undefined ? undefined : options.whole;
  for (const assignment of assignments) {
    const { clusterType, target } = assignment;
    if (blockedTypes.has(clusterType.name)) continue;
    if (ROLES.some(([field]) => !templates.has(clusterType[field]))) continue; // reported above
    if (whole?.has(clusterType.name)) continue;
    const folder = indexed.start(assignment);
    if (reached !== undefined && !reached.has(clusterType.name) && indexed.takeUnkeyed(folder))
      continue;
    const result = renderAssignment(context, assignment, memo, indexed.taken(memo, folder));
    if (memo !== undefined) indexed.keep(memo, folder, result);
    if (isIndexed(result)) continue;
    if (isReused(result)) {
      reused.add(assignment);
      outputBytes +=
        problems.length === 0
          ? builder.addEncoded(result.reused)
          : result.reused.reconciler.length +
            result.reused.namespace.length +
            (result.reused.config?.length ?? 0);
    } else if (!isPackage(result)) {
      problems.push(result);
      continue;
    } else {
      if (linted) lint.add(result);
      appendAll(notices, result.notices);
      // The bytes of the files (counted as they are encoded); once there is a problem nothing is
      // written, so the text is only measured.
      if (problems.length > 0)
        outputBytes +=
          utf8Length(result.reconciler) + utf8Length(result.namespace) + utf8Length(result.config);
      else if (memo !== undefined && result.key !== undefined) {
        const encoded = builder.encode(result);
        memo.set(result.key, encoded);
        outputBytes += builder.addEncoded(encoded);
      } else outputBytes += builder.add(result);
    }
    if (outputBytes > limits.maxOutputBytes) {
      problems.push({
        file: target.workload.origin.file,
        line: target.entry.line,
        object: `Assignment of deployment target '${target.name}' on cluster type '${clusterType.name}'`,
        message: `the rendered GitOps files of environment '${view.name}' exceed the output budget of ${formatBytes(limits.maxOutputBytes)} with this assignment (Templates '${clusterType.reconciler}', '${clusterType.namespaceService}', '${clusterType.configType}'); rendering stopped. Look for a template or config value that produces runaway output (repeat, range, nested values), or raise the output limit.`,
      });
      break;
    }
  }
  const warningsBefore = warnings.length;
  appendAll(warnings, lint.warnings().map(asWarning), collectNoticeWarnings(notices));
  // An index lets the next run skip renders, and with them their warnings: only a render that
  // warned of nothing leaves one, so a warning is always found again (incremental-render.md).
  const indexable = warnings.length === warningsBefore;
  if (problems.length > 0) return { ok: false, problems, warnings, notes };

  const files = builder.finish(baseRepo?.commit ?? '');
  const unsafe: { path: string; reason: string }[] = [];
  // Files come grouped by folder: a folder that is safe with one of the fixed file names is safe
  // with all of them, so each folder is checked once.
  let safeFolder: string | undefined;
  for (const path of files.keys()) {
    const slash = path.lastIndexOf('/');
    if (
      safeFolder !== undefined &&
      slash === safeFolder.length &&
      path.startsWith(safeFolder) &&
      FIXED_NAMES.has(path.slice(slash + 1))
    )
      continue;
    const reason = unsafeTreePathReason(path);
    if (reason !== undefined) unsafe.push({ path, reason });
    else if (slash > 0 && FIXED_NAMES.has(path.slice(slash + 1))) safeFolder = path.slice(0, slash);
  }
  if (unsafe.length > 0) {
    return {
      ok: false,
      problems: unsafe.map(({ path, reason }) => ({
        message: `refusing to write '${JSON.stringify(path).slice(1, -1)}': ${reason}, outside the GitOps tree. Nothing was written; check the names of cluster types, Workloads and deployment targets and GitOpsRepo spec.path.`,
      })),
      warnings,
      notes,
    };
  }
  return {
    ok: true,
    rendered: {
      view,
      targets,
      assignments,
      baseRepo,
      gitOpsRepo,
      gitopsPath,
      files,
      ...(reused.size === 0 ? {} : { reused }),
      ...indexed.result(indexable),
    },
    warnings,
    notes,
  };
}

/**
 * Collectors by the ConfigMaps of a view: a preview's render and comparison of one side use the
 * same view. A collector's caches are pure (it hands out copies), so sharing one is safe.
 */
const collectors = new WeakMap<readonly ConfigMapObject[], ConfigCollector>();

/** The config collector of these ConfigMaps, each named by its file and line (one per array). */
export function configCollectorOf(configMaps: readonly ConfigMapObject[]): ConfigCollector {
  let found = collectors.get(configMaps);
  if (found === undefined) collectors.set(configMaps, (found = newCollector(configMaps)));
  return found;
}

function newCollector(configMaps: readonly ConfigMapObject[]): ConfigCollector {
  return new ConfigCollector(
    configMaps.map((c) => ({
      name: c.name,
      labels: c.labels,
      data: c.data,
      origin: `${c.origin.file}:${c.origin.line}`,
      file: c.origin.file,
      ...(c.dataLines === undefined ? {} : { dataLines: c.dataLines }),
    })),
  );
}
