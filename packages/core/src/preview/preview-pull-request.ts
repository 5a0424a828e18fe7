// The preview use case: renders what a pull request changes in every environment it affects,
// compares it with the render of its base, and keeps one comment on the pull request up to date.
import { formatProblem, messageOf, uniqueProblems, type Problem } from '../model/problem.ts';
import { appendAll } from '../model/append.ts';
import { redactUrlCredentials } from '../model/github-url.ts';
import type { ControlPlaneSources, EnvironmentCommits, Reporter } from '../ports.ts';
import {
  renderScheduled,
  scheduleEnvironmentSources,
  type RenderedEnvironment,
  type ScheduledEnvironment,
} from '../render/render-environment.ts';
import { LoadCache } from '../model/load-cache.ts';
import { RenderMemo } from '../render/render-key.ts';
import { compareRenders, previewChanged, type EnvironmentPreview } from '../render/compare.ts';
import { baseFromHead, planBaseFromHead } from './base-from-head.ts';
import { readChains } from './chains.ts';
import { hiddenRegistrations, hidePrivateContent } from './private-content.ts';
import { artifactContent, keepFullDiff } from './artifact.ts';
import {
  COMMENT_LIMIT,
  PREVIEW_MARKER,
  previewFits,
  previewMarkdown,
  SUMMARY_LIMIT,
} from './markdown.ts';
import type {
  PreviewArtifactOutcome,
  PreviewArtifacts,
  PreviewComments,
  PullRequestFacts,
  PullRequestReader,
} from './ports.ts';

export interface PreviewRequest {
  /** The pull request's number; its facts are read through `PreviewPorts.pullRequest`. */
  pullRequest: number;
  /** The control plane's main branch (`main`). */
  mainBranch: string;
  promotionChainFile: string;
  /** The label that allows a change that removes output. */
  allowRemovalLabel: string;
  /** Post (or update) the comment on the pull request. */
  comment: boolean;
  /**
   * Show what is rendered from workload repositories that are not public; by default it is
   * hidden (docs/decisions/inert-output.md).
   */
  showPrivateWorkloadContent?: boolean;
  links: { serverUrl: string; repository: string; runUrl: string };
}

export type PreviewTarget = { kind: 'main' } | { kind: 'environment'; environment: string };

export interface PreviewReport {
  target: PreviewTarget;
  /** The pull request as read (only its number when the run stopped before reading it). */
  pullRequest: PullRequestFacts;
  environments: readonly EnvironmentPreview[];
  /** Problems not tied to one environment (the promotion chain). */
  problems: readonly Problem[];
  /** Lint warnings in the files the pull request changes (the comment's Warnings section). */
  warnings: readonly Problem[];
  /** Warnings in files the pull request does not change (counted, annotated). */
  otherWarnings: number;
  /**
   * Environments the pull request adds to or takes out of the promotion chain. Leaving the chain
   * is not a removal: nothing is deleted, the environment is just no longer promoted.
   */
  chainChanges: readonly string[];
  /**
   * Every problem as an annotation: located on the pull request's own files (the file exists in
   * its head), otherwise without a location and naming its file in the message.
   */
  annotations: readonly Problem[];
  /** Every removal, `environment: what`. */
  removals: readonly string[];
  allowRemovalLabel: string;
  /** True when removals exist and the pull request lacks the label. */
  blocked: boolean;
  changed: boolean;
  /** The comment after the run; `error` when posting failed (e.g. a read-only token of a fork). */
  comment:
    | { operation: 'created' | 'updated'; url: string }
    | { operation: 'failed'; error: string }
    | { operation: 'skipped' };
  links: PreviewRequest['links'];
  /** Where the full diff went when it does not fit the comment or the summary. */
  artifact?: PreviewArtifactOutcome;
  /** What stopped the run (reading the pull request or the control plane). */
  error?: unknown;
}

export interface PreviewPorts {
  pullRequest: PullRequestReader;
  sources: ControlPlaneSources;
  comments: PreviewComments;
  /** Keeps the full diff as a workflow artifact; without it the diff is only where it fits. */
  artifacts?: PreviewArtifacts;
  reporter: Reporter;
  /**
   * Files already parsed in this run (shared with the `sources` adapter, which parses some to find
   * registrations): the renders parse each file once, base and head alike. Default: a new cache.
   */
  loads?: LoadCache;
}

/** The report a run starts from (also the one main reports when the inputs are wrong). */
export function newPreviewReport(
  request: Pick<PreviewRequest, 'pullRequest' | 'allowRemovalLabel' | 'links'>,
): PreviewReport {
  return {
    target: { kind: 'main' },
    pullRequest: {
      number: request.pullRequest,
      baseRef: '',
      baseCommit: '',
      headCommit: '',
      labels: [],
    },
    environments: [],
    problems: [],
    warnings: [],
    otherWarnings: 0,
    chainChanges: [],
    annotations: [],
    removals: [],
    allowRemovalLabel: request.allowRemovalLabel,
    blocked: false,
    changed: false,
    comment: { operation: 'skipped' },
    links: request.links,
  };
}

/**
 * Builds the preview of one pull request and posts it as one comment, updated in place. Never
 * throws: what stops the run is the report's `error`.
 */
export async function previewPullRequest(
  request: PreviewRequest,
  ports: PreviewPorts,
): Promise<PreviewReport> {
  try {
    const pr = await ports.pullRequest.read();
    return await preview(request, pr, ports);
  } catch (error) {
    return { ...newPreviewReport(request), error };
  }
}

async function preview(
  request: PreviewRequest,
  pr: PullRequestFacts,
  deps: PreviewPorts,
): Promise<PreviewReport> {
  const { sources, reporter } = deps;
  const loads = deps.loads ?? new LoadCache();
  const problems: Problem[] = [];
  /** Warnings of the pull request's head renders: annotated, never failing the check. */
  const warnings: Problem[] = [];
  const target: PreviewTarget =
    pr.baseRef === request.mainBranch
      ? { kind: 'main' }
      : { kind: 'environment', environment: pr.baseRef };
  const environments: EnvironmentPreview[] = [];
  const chainChanges: string[] = [];
  if (target.kind === 'main') {
    const { chain, left, joined } = await readChains(request, pr, sources, problems);
    for (const environment of left)
      chainChanges.push(
        `environment '${environment}' leaves the promotion chain: it is not previewed and main is no longer promoted to it; its branch and GitOps output stay as they are (nothing is removed).`,
      );
    for (const environment of joined)
      chainChanges.push(`environment '${environment}' joins the promotion chain.`);
    // One listing for every branch of the chain (at most MAX_CHAIN_ENVIRONMENTS).
    await sources.resolveBranches?.(chain);
    for (const environment of chain) {
      environments.push(
        await reporter.group(`Previewing '${environment}' with this pull request's main`, () =>
          previewEnvironment(
            environment,
            sources,
            { mainCommit: pr.baseCommit },
            { mainCommit: pr.headCommit },
            warnings,
            request.showPrivateWorkloadContent ?? false,
            loads,
            reporter,
          ),
        ),
      );
    }
  } else {
    environments.push(
      await reporter.group(`Previewing '${target.environment}' with this pull request`, () =>
        previewEnvironment(
          target.environment,
          sources,
          { environmentCommit: pr.baseCommit },
          { environmentCommit: pr.headCommit },
          warnings,
          request.showPrivateWorkloadContent ?? false,
          loads,
          reporter,
        ),
      ),
    );
  }
  const removals = environments.flatMap((e) =>
    e.kind === 'compared' ? e.removals.map((r) => `${e.environment}: ${r}`) : [],
  );
  const headTree = await sources.readCommit(pr.headCommit);
  const baseTree = await sources.readCommit(pr.baseCommit);
  const changedFiles = changedPaths(baseTree, headTree);
  const allWarnings = uniqueProblems(warnings);
  const shownWarnings = allWarnings.filter((w) => w.file !== undefined && changedFiles.has(w.file));
  const annotations = [
    ...problems,
    ...environments.flatMap((e) =>
      e.kind === 'problems'
        ? e.problems.map((p) => ({ ...p, message: `environment '${e.environment}': ${p.message}` }))
        : [],
    ),
    ...allWarnings,
  ].map((p) => (p.file === undefined || headTree?.has(p.file) ? p : unlocated(p)));
  const blocked = removals.length > 0 && !pr.labels.includes(request.allowRemovalLabel);
  const report: PreviewReport = {
    target,
    pullRequest: pr,
    environments,
    problems,
    warnings: shownWarnings,
    otherWarnings: allWarnings.length - shownWarnings.length,
    chainChanges,
    annotations,
    removals,
    allowRemovalLabel: request.allowRemovalLabel,
    blocked,
    changed: environments.some(previewChanged),
    comment: { operation: 'skipped' },
    links: request.links,
  };
  const limit = request.comment ? COMMENT_LIMIT : SUMMARY_LIMIT;
  if (report.changed && deps.artifacts && !previewFits(report, limit)) {
    const artifacts = deps.artifacts;
    const content = artifactContent(`kalypso-preview-pr-${pr.number}`, pr, environments);
    const kept = await reporter.group('Keeping the full diff as a workflow artifact', () =>
      keepFullDiff(artifacts, content),
    );
    report.artifact = kept;
    if (kept.kind === 'uploaded')
      reporter.info(
        `The full diff (${content.files} files, ${content.diffBytes} bytes) is the artifact '${kept.name}' (${kept.bytes} bytes): ${kept.url}`,
      );
    else
      reporter.warning(
        kept.kind === 'too-large'
          ? `The full diff (${kept.files} files, ${kept.diffBytes} bytes) is larger than the artifact budget of ${kept.budget} bytes: it is not kept. The comment and the job summary show what fits.`
          : `The full diff is not kept as an artifact: ${kept.kind === 'unavailable' ? kept.reason : kept.error}. The comment and the job summary show what fits.`,
      );
  }
  if (!request.comment) return report;
  const body = redactUrlCredentials(
    previewMarkdown(report, { limit: COMMENT_LIMIT, marker: true }),
  );
  try {
    const existing = await deps.comments.find(PREVIEW_MARKER);
    const posted = existing
      ? await deps.comments.update(existing.id, body)
      : await deps.comments.create(body);
    report.comment = { operation: existing ? 'updated' : 'created', url: posted.url };
    reporter.info(`${existing ? 'Updated' : 'Created'} the preview comment: ${posted.url}`);
  } catch (error) {
    const message = messageOf(error);
    report.comment = { operation: 'failed', error: message };
    reporter.warning(
      `The preview comment could not be written (${message}). The preview is in the job summary. A pull request from a fork gets a read-only token: the job summary is all it shows.`,
    );
  }
  return report;
}

/** Renders one environment before and after and compares the two. */
async function previewEnvironment(
  environment: string,
  sources: ControlPlaneSources,
  before: EnvironmentCommits,
  after: EnvironmentCommits,
  warnings: Problem[],
  showPrivate: boolean,
  loads: LoadCache,
  reporter: Reporter,
): Promise<EnvironmentPreview> {
  const now = await sources.readEnvironment(environment, after);
  if (now.environmentHead === undefined)
    return {
      environment,
      kind: 'skipped',
      reason: `the environment branch '${environment}' does not exist yet, so there is nothing to compare with`,
    };
  // Read before the head renders: when the base differs from the head in ConfigMaps only, it is
  // the head's files with the folders they reach rendered again, and the head's render need not
  // key its assignments; otherwise (or in any doubt) the base is rendered, taking the head's files
  // for every assignment whose content key did not change (one memo for both sides). With the
  // run's load cache, the base parses only the files that differ from the head's
  // (docs/decisions/preview-base-from-head.md).
  const then = await sources.readEnvironment(environment, before);
  const scheduled =
    now.sources === undefined ? undefined : scheduleEnvironmentSources(now.sources, { loads });
  const plan =
    scheduled !== undefined && !scheduled.loadFailed && then.sources !== undefined
      ? then.problems.length === 0
        ? planBaseFromHead(then.sources, scheduled.view, loads)
        : undefined
      : undefined;
  const memo = plan === undefined ? new RenderMemo() : undefined;
  const rendered = render(now, scheduled, memo, warnings);
  if ('problems' in rendered) return { environment, kind: 'problems', problems: rendered.problems };
  const derived =
    plan !== undefined && then.sources !== undefined
      ? baseFromHead(then.sources, rendered, memo, loads, plan)
      : undefined;
  if (derived !== undefined)
    reporter.info(
      `Only ConfigMaps differ between the base and the head: the base was derived from the head, rendering ${derived.renderedAssignments} of ${rendered.assignments.length} assignments.`,
    );
  const was =
    derived?.rendered ??
    render(
      then,
      then.sources === undefined ? undefined : scheduleEnvironmentSources(then.sources, { loads }),
      memo ?? new RenderMemo(),
    );
  const base = 'problems' in was ? undefined : was;
  const preview = compareRenders(
    environment,
    base,
    rendered,
    derived === undefined ? {} : { differOnlyAt: derived.touched },
  );
  const renders = [base, rendered];
  const hidden = await hiddenRegistrations(
    preview,
    renders,
    [now.visibilityOf, then.visibilityOf],
    showPrivate,
  );
  return hidePrivateContent(preview, renders, hidden);
}

function render(
  read: { problems: readonly Problem[] },
  scheduled: ScheduledEnvironment | undefined,
  memo: RenderMemo | undefined,
  warnings?: Problem[],
): RenderedEnvironment | { problems: readonly Problem[] } {
  if (scheduled === undefined) return { problems: read.problems };
  // The base's warnings are not shown: it is not linted.
  const outcome = renderScheduled(scheduled, {
    ...(memo === undefined ? {} : { memo }),
    ...(warnings === undefined ? { warnings: false } : {}),
  });
  if (warnings) appendAll(warnings, outcome.warnings);
  if (!outcome.ok || read.problems.length > 0)
    return { problems: [...read.problems, ...(outcome.ok ? [] : outcome.problems)] };
  return outcome.rendered;
}

/** Paths whose bytes differ between two trees (added, removed or changed). */
function changedPaths(
  before: ReadonlyMap<string, Uint8Array> | undefined,
  after: ReadonlyMap<string, Uint8Array> | undefined,
): Set<string> {
  const changed = new Set<string>();
  const a = before ?? new Map<string, Uint8Array>();
  const b = after ?? new Map<string, Uint8Array>();
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(path);
    const y = b.get(path);
    if (x === undefined || y === undefined || x.length !== y.length || x.some((v, i) => v !== y[i]))
      changed.add(path);
  }
  return changed;
}

/** A problem in a file the pull request does not hold (another branch, a workload repository). */
function unlocated(problem: Problem): Problem {
  return {
    message: formatProblem(problem),
    ...(problem.severity === undefined ? {} : { severity: problem.severity }),
  };
}
