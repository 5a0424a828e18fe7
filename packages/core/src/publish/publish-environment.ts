import { diffTrees, isEmptyPlan, type Plan } from '../gitops/plan.ts';
import { applyGeneratedFiles } from '../gitops/tree.ts';
import { ControlPlaneError } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type { Reporter } from '../ports.ts';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import { planMarkdown, renderMessage, type MessageView } from './messages.ts';
import type {
  GitOpsRepository,
  MergeMethod,
  OpenPullRequest,
  PullRequestService,
} from './ports.ts';

/** The label of promotion pull requests; the GitOps-side workflow looks for it (§9.5). */
export const PROMOTED_LABEL = 'promoted';

/** The hidden line that marks a pull request as the scheduler's own for one environment. */
export function pullRequestMarker(environment: string): string {
  return `<!-- kalypso-actions:schedule environment=${environment} -->`;
}

export interface PublishRequest {
  environment: string;
  rendered: RenderedEnvironment;
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
}

export type PullRequestOperation = 'created' | 'updated' | 'closed' | 'none';

export interface PublishResult {
  operation: PullRequestOperation;
  plan: Plan;
  /** Our pull request after the run (also when unchanged); undefined when there is none. */
  pullRequest: { number: number; url: string } | undefined;
  /** The GitOps branch head the plan compares with. */
  baseHead: string;
  /** What a dry run would have done. */
  wouldDo: PullRequestOperation;
}

export interface PublishDependencies {
  repository: GitOpsRepository;
  pullRequests: PullRequestService;
  reporter: Reporter;
}

/**
 * Proposes the rendered environment to the GitOps branch as one pull request from `branch`
 * (model §7 with the stateless recommendation of §7.5): compares with the branch head, opens or
 * refreshes the pull request only when the content differs, labels it `promoted` exactly when the
 * tracking file changes, and closes our pull request when nothing is left to propose. Pull
 * requests without our marker are never touched.
 */
export async function publishEnvironment(
  request: PublishRequest,
  deps: PublishDependencies,
): Promise<PublishResult> {
  const { repository, reporter } = deps;
  const { rendered, base, branch } = request;
  const read = await repository.read(base, branch);
  if (!read.base) throw missingBase(rendered.gitOpsRepo, repository.fullName, base);
  const after = applyGeneratedFiles(read.base.tree, rendered.files, rendered.gitopsPath);
  const plan = diffTrees(read.base.tree, after, rendered.gitopsPath);
  const marker = pullRequestMarker(request.environment);
  const ours = (await deps.pullRequests.listOpen(branch, base)).find((p) =>
    p.body.includes(marker),
  );
  const result = (operation: PullRequestOperation, pr?: OpenPullRequest): PublishResult => ({
    operation: request.dryRun ? 'none' : operation,
    wouldDo: operation,
    plan,
    pullRequest: pr ? { number: pr.number, url: pr.url } : undefined,
    baseHead: read.base!.head,
  });

  if (isEmptyPlan(plan)) {
    reporter.info(`The GitOps branch '${base}' already holds the rendered environment.`);
    if (!ours) return result('none');
    if (!request.dryRun) {
      await deps.pullRequests.close(ours.number);
      if (read.branch) await repository.deleteBranch(branch, read.branch.head);
      reporter.info(`Closed pull request #${ours.number}: nothing left to propose.`);
    }
    return result('closed');
  }
  const view = messageView(request, plan);
  const title = renderMessage(request.templates.title, view);
  const body = `${renderMessage(request.templates.body, view)}\n\n${marker}\n`;
  if (request.dryRun) return result(ours ? 'updated' : 'created', ours);

  const message = renderMessage(request.templates.commit, view);
  const written = await repository.commit({ parent: read.base.head, tree: after, message });
  const current = read.branch;
  const unchanged =
    ours !== undefined &&
    current !== undefined &&
    current.treeId === written.treeId &&
    current.parents.length === 1 &&
    current.parents[0] === read.base.head;
  if (unchanged) {
    reporter.info(`Pull request #${ours.number} already proposes this content; left as it is.`);
    await syncLabels(ours, request, plan, deps);
    return result('none', ours);
  }
  const pushed = await repository.replaceBranch(branch, written.commit, current?.head ?? '');
  if (pushed === 'rejected') {
    throw new Error(
      `Branch '${branch}' of '${repository.fullName}' moved while this run wrote it (another schedule run for '${request.environment}'?). Run the schedule again.`,
    );
  }
  reporter.info(`Pushed ${written.commit.slice(0, 7)} to '${branch}' on top of '${base}'.`);
  if (ours) {
    await deps.pullRequests.update(ours.number, { title, body });
    await syncLabels(ours, request, plan, deps);
    reporter.info(`Updated pull request #${ours.number}.`);
    return result('updated', ours);
  }
  const created = await deps.pullRequests.create({
    head: branch,
    base,
    title,
    body,
    draft: request.draft,
  });
  await syncLabels(created, request, plan, deps);
  if (request.reviewers.length + request.teamReviewers.length > 0)
    await deps.pullRequests.requestReviewers(
      created.number,
      request.reviewers,
      request.teamReviewers,
    );
  reporter.info(`Created pull request #${created.number}: ${created.url}`);
  return result('created', created);
}

/** Adds the labels the pull request should carry and removes `promoted` when it no longer promotes. */
async function syncLabels(
  pr: OpenPullRequest,
  request: PublishRequest,
  plan: Plan,
  deps: PublishDependencies,
): Promise<void> {
  const wanted = [...(plan.promoted ? [PROMOTED_LABEL] : []), ...request.labels];
  const missing = [...new Set(wanted)].filter((l) => !pr.labels.includes(l));
  if (missing.length > 0) await deps.pullRequests.addLabels(pr.number, missing);
  if (!plan.promoted && pr.labels.includes(PROMOTED_LABEL)) {
    await deps.pullRequests.removeLabel(pr.number, PROMOTED_LABEL);
    deps.reporter.info(
      `Removed label '${PROMOTED_LABEL}' from #${pr.number}: it no longer promotes.`,
    );
  }
  if (request.autoMerge && !pr.autoMergeEnabled && !request.draft) {
    try {
      await deps.pullRequests.enableAutoMerge(pr, request.autoMerge);
      deps.reporter.info(`Enabled auto-merge (${request.autoMerge}) on #${pr.number}.`);
    } catch (error) {
      // The pull request stands; a repository without auto-merge only needs a human merge.
      deps.reporter.warning(
        `Auto-merge of #${pr.number} is not enabled: ${error instanceof Error ? error.message : String(error)} Allow auto-merge in the GitOps repository's settings, or merge by hand.`,
      );
    }
  }
}

function messageView(request: PublishRequest, plan: Plan): MessageView {
  const promotedCommit = request.rendered.baseRepo?.commit ?? '';
  return {
    environment: request.environment,
    base: request.base,
    branch: request.branch,
    promotedCommit,
    promotedCommitShort: promotedCommit.slice(0, 7),
    promoted: plan.promoted,
    assignments: request.rendered.assignments.length,
    filesAdded: plan.added.length,
    filesChanged: plan.changed.length,
    filesRemoved: plan.removed.length,
    plan: planMarkdown(plan),
    controlPlaneRepository: request.controlPlaneRepository,
    runUrl: request.runUrl,
  };
}

function missingBase(
  gitOpsRepo: GitOpsRepo | undefined,
  repository: string,
  base: string,
): ControlPlaneError {
  return new ControlPlaneError([
    {
      ...(gitOpsRepo
        ? {
            file: gitOpsRepo.origin.file,
            line: gitOpsRepo.origin.line,
            object: `GitOpsRepo '${gitOpsRepo.name}'`,
          }
        : {}),
      message: `the GitOps branch '${base}' does not exist in '${repository}'. Create it (pull requests need a base branch) or fix spec.branch.`,
    },
  ]);
}
