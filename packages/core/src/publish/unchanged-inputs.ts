// A schedule run whose inputs are those of the proposal an earlier run noted
// (docs/decisions/unchanged-inputs.md): every input of the run (the action's build, its settings,
// every source file as read) hashed into one digest, compared with the digest noted with the
// GitOps branch's render index. When they are equal and the GitOps side is where that run left
// it, the run takes that run's plan and pull request words — no YAML of the environment is
// parsed, nothing is rendered, no tree is fetched or compared. Anything else: the run renders.
import { isEmptyPlan, type Plan } from '../gitops/plan.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import type { LoadCache } from '../model/load-cache.ts';
import { firstObjectIn } from '../model/objects-in.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type { CommitStatusReader, EnvironmentRead, Reporter } from '../ports.ts';
import { chainSkipContext, chainSkipOf } from '../status/vocabulary.ts';
import {
  boundedPlan,
  formatNotedProposal,
  inputsParts,
  MAX_PROPOSAL_CHARS,
  parseNotedProposal,
  type NotedProposal,
  type NotedWorkloads,
} from './noted-proposal.ts';
import type { NotedDraft, PublishResult } from './publish-environment.ts';
import type { OpenedGitOps } from './ports.ts';
import { gitopsTarget } from './schedule-target.ts';

/** The action's build and a digest over parts (the schedule's `inputs` port). */
export interface InputsPort {
  /** The identity of the code that runs (a new build renders again). */
  build(): string;
  digest(parts: Iterable<string>): string;
  /** git's blob id of a text's UTF-8 bytes (the workload texts noted with a proposal). */
  blobId?(text: string): string;
}

/** What names the GitOps target, and the rest of the request the digest covers. */
type Request = Parameters<typeof gitopsTarget>[0] & {
  environment: string;
  pullRequestBranch: string;
  dryRun: boolean;
};

/**
 * The digest of every input of this run; undefined when the run neither takes nor notes a
 * proposal (no port, a dry run, a join, a read that found problems).
 */
export function runInputs(
  request: Request,
  inputs: InputsPort | undefined,
  read: EnvironmentRead,
  joining: boolean,
): string | undefined {
  if (inputs === undefined || request.dryRun || joining) return undefined;
  if (read.sources === undefined || read.problems.length > 0) return undefined;
  return inputs.digest(inputsParts(inputs.build(), request, read));
}

/**
 * The digest of the inputs known before any workload repository is read: `runInputs`' parts
 * without the workloads (`NotedProposal.controlPlaneInputs`). Undefined when `runInputs` would be
 * for another reason than the read (no port, a dry run, a join, no sources).
 */
export function controlPlaneInputs(
  request: Request,
  inputs: InputsPort | undefined,
  read: Pick<EnvironmentRead, 'baseCommit' | 'sources'>,
  joining: boolean,
): string | undefined {
  if (inputs === undefined || request.dryRun || joining || read.sources === undefined)
    return undefined;
  const sources = { ...read.sources, workloads: [] };
  return inputs.digest(inputsParts(inputs.build(), request, { ...read, sources }));
}

/** A noted proposal this run takes: the GitOps repository and target it is for, and its draft. */
export interface TakenProposal {
  readonly gitOpsRepo: GitOpsRepo | undefined;
  readonly target: { repository: string; base: string };
  readonly gitops: OpenedGitOps;
  readonly proposal: NotedProposal;
  readonly noted: NotedDraft;
}

/**
 * The GitOpsRepo the render will take (the first, in the order the sources hold them), read
 * without loading the environment. While some workload file is not read yet, only one on the
 * environment's own sources is certain: `certain` is false when there is none there.
 */
export function renderedGitOpsRepo(
  sources: EnvironmentSources,
  loads?: LoadCache,
): { certain: boolean; gitOpsRepo: GitOpsRepo | undefined } {
  const unread = sources.workloads.some((w) => w.files.some((f) => f.blobId !== undefined));
  const gitOpsRepo = firstObjectIn(
    unread
      ? [sources.base, sources.controlPlane]
      : [sources.base, sources.controlPlane, ...sources.workloads],
    'GitOpsRepo',
    loads,
  );
  return { certain: gitOpsRepo !== undefined || !unread, gitOpsRepo };
}

/**
 * The proposal noted for these inputs, when the GitOps side is where the run that noted it left
 * it: the GitOps branch holds its tree (nothing to propose), or our pull request branch holds it
 * on the very base head it was planned against (the same plan, the same words). The skip of the
 * promotion chain, a commit status that may have come since, is read again and must be the same.
 * Undefined otherwise (the run renders); a failure to read is only said.
 */
export async function takeNotedProposal(
  request: Request,
  ports: {
    openGitOps(repository: string): Promise<OpenedGitOps>;
    statuses: CommitStatusReader;
    reporter: Reporter;
    loads?: LoadCache;
  },
  read: EnvironmentRead,
  inputs: string,
  /** Told the proposal noted last, whether taken or not (its counts: what that run rendered). */
  noted?: (proposal: NotedProposal) => void,
): Promise<TakenProposal | undefined> {
  const { reporter } = ports;
  const sources = read.sources;
  if (sources === undefined) return undefined;
  const first = renderedGitOpsRepo(sources, ports.loads);
  if (!first.certain) return undefined;
  const { gitOpsRepo } = first;
  const target = gitopsTarget(request, gitOpsRepo);
  if ('problem' in target) return undefined;
  try {
    const gitops = await ports.openGitOps(target.repository);
    const tips = await gitops.repository.renderIndex?.tips?.(
      target.base,
      request.pullRequestBranch,
    );
    if (tips === undefined) return undefined;
    const proposal = parseNotedProposal(tips.proposal);
    if (proposal !== undefined) noted?.(proposal);
    if (proposal === undefined || proposal.inputs !== inputs) {
      if (proposal !== undefined)
        reporter.info(
          `The inputs of '${request.environment}' differ from those of the last proposal: the environment is rendered.`,
        );
      return undefined;
    }
    const { base, branch } = tips;
    if (base === undefined) return undefined;
    let plan: Plan;
    if (base.treeId === proposal.tree) plan = EMPTY_PLAN;
    else if (
      branch !== undefined &&
      branch.treeId === proposal.tree &&
      branch.parents.length === 1 &&
      branch.parents[0] === base.head &&
      base.head === proposal.baseHead &&
      proposal.view !== undefined &&
      !isEmptyPlan(proposal.plan)
    ) {
      plan = proposal.plan;
      const promoted = proposal.view.promotedCommit;
      const skip =
        promoted === ''
          ? undefined
          : chainSkipOf(
              await ports.statuses.latestStatus(promoted, chainSkipContext(request.environment)),
            );
      if (JSON.stringify(skip) !== JSON.stringify(proposal.chainSkip)) return undefined;
    } else return undefined;
    const tree = proposal.tree;
    reporter.info(
      `The inputs of '${request.environment}' are those of the proposal of tree ${tree.slice(0, 7)} (${proposal.assignments} assignments), and ${plan === EMPTY_PLAN ? `the GitOps branch '${target.base}' holds that tree` : `our pull request branch '${request.pullRequestBranch}' holds it on '${target.base}'`}: nothing is rendered or compared again.`,
    );
    return {
      gitOpsRepo,
      target,
      gitops,
      proposal,
      noted: {
        draft: {
          plan,
          base,
          branch: branch && { head: branch.head },
          // Our branch already holds the planned tree on the base head: nothing to build.
          build: () => Promise.resolve({ treeId: tree }),
        },
        view: proposal.view,
        chainSkip: proposal.chainSkip,
      },
    };
  } catch (error) {
    reporter.info(
      `The last proposal is not used: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

const EMPTY_PLAN: Plan = { added: [], changed: [], removed: [], promoted: false, clusterTypes: [] };

/**
 * The proposal to note with this run's render index: what it proposed and with which words.
 * Undefined when it should not be taken by a later run (the run's inputs are not digested, it
 * proposed nothing, or the pull request left details out after a failure to read them).
 */
export function proposalToNote(
  inputs: string | undefined,
  /** `controlPlaneInputs` of the run. */
  controlPlane: string | undefined,
  result: PublishResult,
  counts: { assignments: number; clusterTypes: number },
  detailsComplete: boolean,
  /** The workload files to note (`notedWorkloads`), left out when the text would be too long. */
  workloads?: NotedWorkloads,
): string | undefined {
  if (inputs === undefined || result.proposed === undefined || !detailsComplete) return undefined;
  const message = result.message;
  let view: NotedProposal['view'];
  if (message !== undefined) {
    const { runUrl: _runUrl, plan: _plan, ...rest } = message.view;
    view = rest;
  }
  const proposal: NotedProposal = {
    tree: result.proposed.treeId,
    inputs,
    ...(controlPlane === undefined ? {} : { controlPlaneInputs: controlPlane }),
    baseHead: result.baseHead,
    ...counts,
    plan: boundedPlan(result.plan),
    view,
    chainSkip: message?.chainSkip,
  };
  const withFiles = workloads && formatNotedProposal({ ...proposal, workloads });
  if (withFiles !== undefined && withFiles.length <= MAX_PROPOSAL_CHARS) return withFiles;
  const text = formatNotedProposal(proposal);
  return text.length <= MAX_PROPOSAL_CHARS ? text : undefined;
}
