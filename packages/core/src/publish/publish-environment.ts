import { isEmptyPlan, planCounts, type Plan } from '../gitops/plan.ts';
import { redactUrlCredentials } from '../model/github-url.ts';
import { isUserError } from '../model/problem.ts';
import type { Reporter } from '../ports.ts';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import type { ClusterTypePreview } from '../render/compare.ts';
import { cutToBytes, inertMentions, text, utf8Bytes } from '../markdown/markdown.ts';
import { planMarkdown, promotesOf, renderMessage, titleOf, type MessageView } from './messages.ts';
import { pushOrFail } from './write-plan.ts';
import { composedDraft, listedDraft, type Draft } from './publish-draft.ts';
import type { NotedView } from './noted-proposal.ts';
import { foldedDraft } from './folded-draft.ts';
import type { FoldedIndex } from './folded-index.ts';
import {
  assignmentReasonsMarkdown,
  BODY_LIMIT,
  chainSkipWarning,
  compareUrl,
  configChangesMarkdown,
  promotedCommitLine,
  type PromotedCommitFacts,
} from './promotion-markdown.ts';
import type {
  ComposedShards,
  GitOpsRepository,
  MergeMethod,
  OpenPullRequest,
  PullRequestService,
} from './ports.ts';

/** The label of promotion pull requests; the GitOps-side workflow looks for it (docs/kalypso-compatibility.md#gitops-side-notification). */
export const PROMOTED_LABEL = 'promoted';

/** The hidden line that marks a pull request as the scheduler's own for one environment. */
export function pullRequestMarker(environment: string): string {
  return `<!-- kalypso-actions:schedule environment=${environment} -->`;
}

export interface PublishRequest {
  environment: string;
  /** The rendered environment; absent when `noted` stands for it. */
  rendered?: RenderedEnvironment;
  /**
   * What an earlier run with the same inputs proposed (docs/decisions/unchanged-inputs.md): its
   * plan and pull request words, in place of a render and a comparison.
   */
  noted?: NotedDraft;
  /** The GitOps branch (PR base) and our pull request branch. */
  base: string;
  branch: string;
  templates: { title: string; body: string; commit: string };
  labels: readonly string[];
  reviewers: readonly string[];
  teamReviewers: readonly string[];
  draft: boolean;
  /** Merge method for auto-merge; undefined leaves auto-merge off. */
  autoMerge: MergeMethod | undefined;
  /** Render and plan only: no commit, no push, no pull request call that writes. */
  dryRun: boolean;
  controlPlaneRepository: string;
  runUrl: string;
  /** The control plane's web address (`https://github.com/acme/cp`) for links; "" = no links. */
  controlPlaneUrl?: string;
  /** The promoted commit's subject and author, when the control plane could tell. */
  promotedCommitFacts?: PromotedCommitFacts;
  /** The commit the GitOps branch promoted before (its tracking file), when known. */
  previousPromotedCommit?: string;
  /** Config changes against the previous promotion (compareRenders), when compared. */
  configChanges?: readonly ClusterTypePreview[];
  /** Who skipped the promotion chain and why (cd-promote's break-glass), shown above the body. */
  chainSkip?: { actor: string; reason: string };
  /** The fields above, called once the plan is known and not empty; its result overrides them. */
  promotion?: () => Promise<PromotionDetails>;
  /**
   * A sharded schedule's join (docs/decisions/sharded-schedule.md): the cluster-type folders to
   * take whole from the shard trees, compared with the base and written folder by folder;
   * `rendered.files` then holds only what the join writes itself (the tracking file).
   */
  composed?: ComposedShards;
  /**
   * How the render index was proven by cluster-type folder (docs/decisions/incremental-render.md):
   * the folders kept whole are neither listed nor compared file by file (`foldedDraft`).
   */
  folded?: FoldedIndex;
  /** Work that needs only the proposed tree, done while git pushes it (`pushOrFail`'s `during`). */
  whilePushing?: (proposed: NonNullable<PublishResult['proposed']>) => Promise<unknown>;
  /** Told, once the commit is pushed, the result but for the pull request (written meanwhile). */
  pushed?: (result: PublishResult) => void;
}

/** What the pull request says about the promotion, beyond the plan. */
export type PromotionDetails = Pick<
  PublishRequest,
  'promotedCommitFacts' | 'previousPromotedCommit' | 'configChanges' | 'chainSkip'
>;

/** An earlier run's proposal taken whole: its draft (nothing to build) and its pull request words. */
export interface NotedDraft {
  readonly draft: Draft;
  readonly view: NotedView | undefined;
  readonly chainSkip: { actor: string; reason: string } | undefined;
}

export type PullRequestOperation = 'created' | 'updated' | 'closed' | 'none';

/**
 * Auto-merge of our pull request, when asked for (and the pull request is no draft): on (enabled
 * by this run or an earlier one), or refused by GitHub with the reason and what to configure.
 */
export type AutoMergeOutcome =
  | { readonly enabled: true; readonly method: MergeMethod }
  | { readonly enabled: false; readonly reason: string };

export interface PublishResult {
  operation: PullRequestOperation;
  plan: Plan;
  /** Our pull request after the run (also when unchanged); undefined when there is none. */
  pullRequest: { number: number; url: string } | undefined;
  /** The head commit of our pull request after the run, when there is one (the merge gate's commit). */
  pullRequestHead?: string;
  /** The GitOps branch head the plan compares with. */
  baseHead: string;
  /** Auto-merge of the pull request, when asked for; undefined when not asked or not tried. */
  autoMerge?: AutoMergeOutcome;
  /** What a dry run would have done. */
  wouldDo: PullRequestOperation;
  /** The tree the GitOps branch gets once this run's proposal is in (not on a dry run). */
  proposed?: { treeId: string; files: ReadonlyMap<string, string> };
  /** The pull request's words, when the plan was not empty (noted for the next run). */
  message?: { view: MessageView; chainSkip: { actor: string; reason: string } | undefined };
}

export interface PublishDependencies {
  repository: GitOpsRepository;
  pullRequests: PullRequestService;
  reporter: Reporter;
}

/**
 * Proposes the rendered environment to the GitOps branch as one pull request from `branch`
 * (docs/kalypso-compatibility.md#pull-requests with docs/decisions/one-pull-request-per-environment.md): compares with the branch head, opens or
 * refreshes the pull request only when the content differs, labels it `promoted` exactly when the
 * tracking file changes, and closes our pull request when nothing is left to propose. Pull
 * requests without our marker are never touched.
 */
export async function publishEnvironment(
  request: PublishRequest,
  deps: PublishDependencies,
): Promise<PublishResult> {
  const { repository, reporter } = deps;
  const { base, branch } = request;
  const { noted } = request;
  const draft = noted
    ? noted.draft
    : request.composed
      ? await composedDraft(
          { ...request, rendered: renderedOf(request) },
          request.composed,
          repository,
        )
      : ((request.folded
          ? await foldedDraft(
              { ...request, rendered: renderedOf(request) },
              request.folded,
              repository,
            )
          : undefined) ??
        (await listedDraft({ ...request, rendered: renderedOf(request) }, repository)));
  const { plan } = draft;
  // Gathered while the pull requests are listed (and our branch's listing is read), and settled
  // before anything else happens, so that nothing it started outlives a failure. A noted
  // proposal's details are its words already.
  const [open, promotion] = await Promise.allSettled([
    deps.pullRequests.listOpen(branch, base),
    request.promotion && !noted && !isEmptyPlan(plan) ? request.promotion() : Promise.resolve({}),
  ]);
  if (open.status === 'rejected') throw open.reason;
  if (promotion.status === 'rejected') throw promotion.reason;
  const marker = pullRequestMarker(request.environment);
  const ours = open.value.find((p) => p.body.includes(marker));
  let head = draft.branch?.head;
  // The pull request's words, once made (the result carries them).
  const said: Pick<PublishResult, 'message'> = {};
  let proposedTree: string | undefined = draft.base.treeId;
  const result = (
    operation: PullRequestOperation,
    pr?: OpenPullRequest,
    autoMerge?: AutoMergeOutcome,
  ): PublishResult => ({
    operation: request.dryRun ? 'none' : operation,
    wouldDo: operation,
    plan,
    pullRequest: pr ? { number: pr.number, url: pr.url } : undefined,
    ...(pr && head && operation !== 'closed' ? { pullRequestHead: head } : {}),
    baseHead: draft.base.head,
    ...(autoMerge ? { autoMerge } : {}),
    ...(proposedTree && !request.dryRun && draft.files
      ? { proposed: { treeId: proposedTree, files: draft.files } }
      : {}),
    ...said,
  });

  if (isEmptyPlan(plan)) {
    reporter.info(`The GitOps branch '${base}' already holds the rendered environment.`);
    if (!ours) return result('none');
    if (!request.dryRun) {
      await deps.pullRequests.close(ours.number);
      if (draft.branch) await repository.deleteBranch(branch, draft.branch.head);
      reporter.info(`Closed pull request #${ours.number}: nothing left to propose.`);
    }
    return result('closed');
  }
  const view = noted?.view
    ? { ...noted.view, plan: planMarkdown(plan), runUrl: request.runUrl }
    : messageView({ ...request, ...promotion.value }, plan, renderedOf(request));
  const title = titleOf(request.templates.title, view);
  // A skipped chain is shown whatever the body template says (docs/decisions/gate-checks.md).
  const skip = noted ? noted.chainSkip : { ...request, ...promotion.value }.chainSkip;
  said.message = { view, chainSkip: skip };
  const warning = skip ? `${chainSkipWarning(skip)}\n\n` : '';
  const body = `${warning}${boundedBody(request.templates.body, view)}\n\n${marker}\n`;
  if (request.dryRun) return result(ours ? 'updated' : 'created', ours);

  // Our branch, when it sits on the base head and already holds exactly the planned tree, is
  // left as it is; otherwise the planned tree is written as one commit on the base head.
  const built = await draft.build(() => renderMessage(request.templates.commit, view));
  proposedTree = built.treeId;
  if (built.commit === undefined) {
    if (ours) {
      reporter.info(`Pull request #${ours.number} already proposes this content; left as it is.`);
      const autoMerge = await syncPullRequest(ours, { title, body }, request, plan, deps);
      return result('none', ours, autoMerge);
    }
  } else {
    await pushOrFail(
      repository,
      branch,
      built.commit,
      draft.branch?.head ?? '',
      request.environment,
      draft.files && request.whilePushing?.bind(null, { treeId: built.treeId, files: draft.files }),
    );
    head = built.commit;
    reporter.info(
      `Pushed ${built.commit.slice(0, 7)} to '${branch}' on top of '${base}' (${built.said}).`,
    );
    request.pushed?.(result(ours ? 'updated' : 'created', ours));
  }
  if (ours) {
    const autoMerge = await syncPullRequest(ours, { title, body }, request, plan, deps);
    reporter.info(`Updated pull request #${ours.number}.`);
    return result('updated', ours, autoMerge);
  }
  const created = await deps.pullRequests.create({
    head: branch,
    base,
    title,
    body,
    draft: request.draft,
  });
  const autoMerge = await syncLabels(created, request, plan, deps);
  if (request.reviewers.length + request.teamReviewers.length > 0)
    await deps.pullRequests.requestReviewers(
      created.number,
      request.reviewers,
      request.teamReviewers,
    );
  reporter.info(`Created pull request #${created.number}: ${created.url}`);
  return result('created', created, autoMerge);
}

/**
 * Re-syncs our pull request with this run on every run — title, body, draft state, labels — so
 * a run that failed half-way (a PATCH or a label call that never happened) is repaired by the next.
 */
async function syncPullRequest(
  pr: OpenPullRequest,
  message: { title: string; body: string },
  request: PublishRequest,
  plan: Plan,
  deps: PublishDependencies,
): Promise<AutoMergeOutcome | undefined> {
  if (pr.title !== message.title || pr.body !== message.body)
    await deps.pullRequests.update(pr.number, message);
  if (pr.draft !== request.draft) {
    await deps.pullRequests.setDraft(pr, request.draft);
    deps.reporter.info(
      request.draft
        ? `Converted #${pr.number} back to a draft ('draft' is true).`
        : `Marked #${pr.number} ready for review ('draft' is false).`,
    );
  }
  return syncLabels(pr, request, plan, deps);
}

/**
 * Adds the labels the pull request should carry and removes `promoted` when it no longer
 * promotes; then enables auto-merge when asked for (a refusal is a warning, never a failure).
 */
async function syncLabels(
  pr: OpenPullRequest,
  request: PublishRequest,
  plan: Plan,
  deps: PublishDependencies,
): Promise<AutoMergeOutcome | undefined> {
  const wanted = [...(plan.promoted ? [PROMOTED_LABEL] : []), ...request.labels];
  const missing = [...new Set(wanted)].filter((l) => !pr.labels.includes(l));
  if (missing.length > 0) await deps.pullRequests.addLabels(pr.number, missing);
  if (!plan.promoted && pr.labels.includes(PROMOTED_LABEL)) {
    await deps.pullRequests.removeLabel(pr.number, PROMOTED_LABEL);
    deps.reporter.info(
      `Removed label '${PROMOTED_LABEL}' from #${pr.number}: it no longer promotes.`,
    );
  }
  if (!request.autoMerge || request.draft) return undefined;
  if (pr.autoMergeEnabled) return { enabled: true, method: request.autoMerge };
  try {
    await deps.pullRequests.enableAutoMerge(pr, request.autoMerge);
    deps.reporter.info(`Enabled auto-merge (${request.autoMerge}) on #${pr.number}.`);
    return { enabled: true, method: request.autoMerge };
  } catch (error) {
    // The pull request stands and needs a human merge. A UserError says why GitHub refused and
    // what to configure; anything else is shown as it came.
    const reason = isUserError(error)
      ? error.message
      : `${error instanceof Error ? error.message : String(error)} Merge #${pr.number} by hand.`;
    deps.reporter.warning(`Auto-merge of #${pr.number} is not enabled: ${reason}`);
    return { enabled: false, reason };
  }
}

/**
 * The rendered body, under GitHub's limit: when the template makes it too long, the folded tables
 * give way to a note first, then the text is cut.
 */
export function boundedBody(template: string, view: MessageView): string {
  const body = redactUrlCredentials(renderMessage(template, view));
  if (utf8Bytes(body) <= BODY_LIMIT) return body;
  const note =
    '*Left out: the body would exceed what GitHub accepts. The run log has the details.*';
  const shorter = redactUrlCredentials(
    renderMessage(template, {
      ...view,
      assignmentReasons: note,
      configChanges: '',
      plan: utf8Bytes(view.plan) > BODY_LIMIT / 2 ? note : view.plan,
    }),
  );
  if (utf8Bytes(shorter) <= BODY_LIMIT) return shorter;
  return `${cutToBytes(shorter, BODY_LIMIT - 8)}\n\n…`;
}

/** The rendered environment of a request that has no noted proposal. */
function renderedOf(request: PublishRequest): RenderedEnvironment {
  if (request.rendered === undefined)
    throw new Error(
      'publishEnvironment: a request needs a rendered environment or a noted proposal.',
    );
  return request.rendered;
}

function messageView(
  request: PublishRequest,
  plan: Plan,
  rendered: RenderedEnvironment,
): MessageView {
  const promotedCommit = rendered.baseRepo?.commit ?? '';
  const url = request.controlPlaneUrl ?? '';
  const facts =
    request.promotedCommitFacts?.sha === promotedCommit ? request.promotedCommitFacts : undefined;
  const previous = request.previousPromotedCommit ?? '';
  return {
    promotedCommitUrl: url !== '' && promotedCommit !== '' ? `${url}/commit/${promotedCommit}` : '',
    promotedCommitSubject: facts ? text(facts.subject) : '',
    promotedCommitAuthor: facts ? text(facts.author) : '',
    promotedCommitLine: facts && url !== '' ? promotedCommitLine(url, facts) : '',
    previousPromotedCommit: previous,
    previousPromotedCommitShort: previous.slice(0, 7),
    compareUrl: url === '' ? '' : compareUrl(url, previous, promotedCommit),
    assignmentReasons: assignmentReasonsMarkdown(rendered.assignments),
    configChanges: configChangesMarkdown(request.configChanges ?? []),
    promotes: promotesOf(plan.promoted, promotedCommit, facts?.subject, request.configChanges),
    // Branch names may hold `@org/name`: inert, so the body pings no one.
    environment: inertMentions(request.environment),
    base: inertMentions(request.base),
    branch: inertMentions(request.branch),
    promotedCommit,
    promotedCommitShort: promotedCommit.slice(0, 7),
    promoted: plan.promoted,
    assignments: rendered.assignments.length,
    filesAdded: planCounts(plan).added,
    filesChanged: planCounts(plan).changed,
    filesRemoved: planCounts(plan).removed,
    plan: planMarkdown(plan),
    controlPlaneRepository: inertMentions(request.controlPlaneRepository),
    runUrl: request.runUrl,
  };
}
