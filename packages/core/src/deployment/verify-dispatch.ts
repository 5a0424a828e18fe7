// The gate's checks (docs/decisions/gate-checks.md): check-promote and notify believe no
// dispatch. Before any status is set or anything is dispatched, the two commits a dispatch names
// are held against the repositories: the GitOps commit must be on the environment's GitOps branch
// and its tracking file must name the promoted commit; the promoted commit must be the one the
// environment branch's base-repo.yaml names (or one it named before: superseded). The judgement is
// pure (`judgeDeploymentDispatch`, `judgePromoteNext`); `verifyDeploymentDispatch` gathers the
// facts through the ports.
import { TRACKING_FILE } from '../gitops/tree.ts';
import { UserError } from '../model/problem.ts';
import { baseRepoFile, isCommitId, promotedCommitOf } from '../promotion/base-repo.ts';
import {
  STATUS_DESCRIPTIONS,
  environmentStatusContext,
  isSuperseded,
  type StatusText,
} from '../status/vocabulary.ts';
import type { CommitStatusReader } from '../ports.ts';
import type { ControlPlaneRepository, GitOpsHistory } from './control-plane.ts';

/**
 * A dispatch whose commits do not match the repositories (forged, mistyped or replayed with the
 * wrong pair): an input error, with every mismatch named. Nothing was changed.
 */
export class DispatchMismatchError extends UserError {
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]!
        : `The dispatch has ${problems.length} mismatches:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      problems.map((message) => ({ message })),
    );
    this.name = 'DispatchMismatchError';
  }
}

/** What the repositories say about a dispatch's commits, as read (see `readDispatchFacts`). */
export interface DispatchFacts {
  environment: string;
  /** The promoted control-plane commit the dispatch names; undefined: not a promotion. */
  promotedCommit: string | undefined;
  gitops: {
    /** `owner/name` of the GitOps repository. */
    repository: string;
    branch: string;
    commit: string;
    /** Whether `commit` is reachable from the head of `branch`. */
    onBranch: boolean;
    /** The tracking file at `commit` (trimmed), undefined when it has none. */
    trackedAtCommit: string | undefined;
    /** The tracking file at the head of `branch` (trimmed), undefined when it has none. */
    trackedAtHead: string | undefined;
  };
  /** `owner/name` of the control-plane repository, for messages. */
  controlPlane: string;
  /** The commit `base-repo.yaml` on the environment branch names now; undefined when none. */
  baseRepoNames: string | undefined;
  /** The latest `<env> environment` status on the promoted commit. */
  latest: StatusText | undefined;
}

/** What a check-promote dispatch may do, once its commits are held against the repositories. */
export type DispatchVerdict =
  /** The dispatch is the current promotion (or a merge that is not one): check it. */
  | { readonly kind: 'proceed' }
  /** Already `success` "Deployed" here: a replay, which sets nothing and dispatches nothing. */
  | { readonly kind: 'already-deployed'; readonly supersededBy?: string }
  /** A promotion the environment branch has replaced, and the GitOps branch has moved past. */
  | { readonly kind: 'superseded'; readonly by: string; readonly statusSet: boolean }
  /** The commits do not match: an input error, nothing changed. */
  | { readonly kind: 'mismatch'; readonly problems: readonly string[] };

const short = (sha: string) => sha.slice(0, 7);

/** `success` "Deployed": this environment deployed the promotion and started what follows. */
export function isSettledDeployment(status: StatusText | undefined): boolean {
  return status?.state === 'success' && status.description === STATUS_DESCRIPTIONS.deployed;
}

/** The tracking file's text as a commit id, or undefined. */
export function trackedCommit(text: string | undefined): string | undefined {
  const value = text?.trim() ?? '';
  return isCommitId(value) ? value : undefined;
}

/** The mismatches of the GitOps commit: not on the branch, or its tracking file names another commit. */
export function gitopsMismatches(
  facts: Pick<DispatchFacts, 'gitops' | 'promotedCommit'>,
): string[] {
  const { repository, branch, commit, onBranch, trackedAtCommit } = facts.gitops;
  const problems: string[] = [];
  if (!isCommitId(commit)) {
    problems.push(
      `GitOps commit '${commit.slice(0, 80)}' is not a commit id: pass the full 40-character id of the commit merged into branch ${branch} of ${repository}.`,
    );
  } else if (!onBranch) {
    problems.push(
      `GitOps commit ${short(commit)} is not on branch ${branch} of ${repository}: pass a commit merged into that branch (the notify action passes the push's commit).`,
    );
  }
  const promoted = facts.promotedCommit;
  if (promoted && trackedAtCommit !== promoted) {
    problems.push(
      `GitOps commit ${short(commit)} does not promote ${short(promoted)}: its ${TRACKING_FILE} ${trackedAtCommit ? `names ${short(trackedAtCommit)}` : 'names no commit'}. Pass the GitOps commit that merged the promotion of ${short(promoted)} (its pull request may not be merged yet).`,
    );
  }
  return problems;
}

/**
 * check-promote `mode: check`: whether the dispatch is the current promotion, a replay of one
 * already deployed, a promotion superseded since, or a mismatch (an input error).
 */
export function judgeDeploymentDispatch(facts: DispatchFacts): DispatchVerdict {
  const problems = gitopsMismatches(facts);
  if (problems.length > 0) return { kind: 'mismatch', problems };
  const promoted = facts.promotedCommit;
  if (!promoted) return { kind: 'proceed' };
  const names = facts.baseRepoNames;
  if (names === undefined) {
    return {
      kind: 'mismatch',
      problems: [
        `Promoted commit ${short(promoted)} is not promoted to '${facts.environment}': ${baseRepoFile} on branch ${facts.environment} of ${facts.controlPlane} names no commit.`,
      ],
    };
  }
  if (names === promoted) {
    return isSettledDeployment(facts.latest) ? { kind: 'already-deployed' } : { kind: 'proceed' };
  }
  // The GitOps commit is on the branch and names the promoted commit, so the environment branch
  // named it before (schedule proposes only what base-repo.yaml names): a newer promotion replaced it.
  if (isSettledDeployment(facts.latest)) return { kind: 'already-deployed', supersededBy: names };
  // While the GitOps branch still promotes this commit, the clusters deploy it: check it (the
  // wait notices when the newer promotion's merge overtakes it).
  if (facts.gitops.trackedAtHead === promoted) return { kind: 'proceed' };
  return { kind: 'superseded', by: names, statusSet: isSuperseded(facts.latest) };
}

/**
 * check-promote `mode: promote-next`: the promoted commit must be deployed here, pending
 * "Deployed", which only a verified `check` step (with `cd-workflow` empty) leaves; `success`
 * "Deployed" is a replay. Whether the environment branch still names it does not matter: the
 * check found the clusters running it, and a newer promotion follows it through the chain anyway.
 */
export function judgePromoteNext(
  facts: Pick<DispatchFacts, 'environment' | 'controlPlane' | 'baseRepoNames' | 'latest'> & {
    promotedCommit: string;
  },
): DispatchVerdict {
  const { promotedCommit: promoted, environment, latest } = facts;
  if (isSettledDeployment(latest)) {
    return facts.baseRepoNames && facts.baseRepoNames !== promoted
      ? { kind: 'already-deployed', supersededBy: facts.baseRepoNames }
      : { kind: 'already-deployed' };
  }
  if (latest?.state === 'pending' && latest.description === STATUS_DESCRIPTIONS.deployed)
    return { kind: 'proceed' };
  return {
    kind: 'mismatch',
    problems: [
      `Promoted commit ${short(promoted)} is not deployed in '${environment}': its status '${environmentStatusContext(environment)}' is ${latest ? `${latest.state} "${latest.description}"` : 'not set'}. 'mode: promote-next' follows a 'mode: check' step (with 'cd-workflow' empty) that found it deployed.`,
    ],
  };
}

/** The ports the checks read through. */
export interface DispatchReaders {
  readonly controlPlane: ControlPlaneRepository;
  readonly statuses: CommitStatusReader;
}

/** The commit base-repo.yaml on the environment branch names now. */
export async function currentPromotion(
  controlPlane: ControlPlaneRepository,
  environment: string,
): Promise<string | undefined> {
  const text = await controlPlane.readFile(baseRepoFile, environment);
  return text === undefined ? undefined : promotedCommitOf(text);
}

/** Reads what `judgeDeploymentDispatch` judges: five reads, at once where they are independent. */
export async function readDispatchFacts(
  request: {
    environment: string;
    promotedCommit: string | undefined;
    gitops: { branch: string; commit: string };
  },
  ports: DispatchReaders & { readonly gitops: GitOpsHistory },
): Promise<DispatchFacts> {
  const { environment, promotedCommit } = request;
  const { branch, commit } = request.gitops;
  const [onBranch, atCommit, atHead, baseRepoNames, latest] = await Promise.all([
    ports.gitops.isOnBranch(commit, branch),
    promotedCommit ? ports.gitops.fileAt(TRACKING_FILE, commit) : undefined,
    promotedCommit ? ports.gitops.fileAt(TRACKING_FILE, branch) : undefined,
    promotedCommit ? currentPromotion(ports.controlPlane, environment) : undefined,
    promotedCommit
      ? ports.statuses.latestStatus(promotedCommit, environmentStatusContext(environment))
      : undefined,
  ]);
  return {
    environment,
    promotedCommit,
    gitops: {
      repository: ports.gitops.repository,
      branch,
      commit,
      onBranch,
      trackedAtCommit: trackedCommit(atCommit),
      trackedAtHead: trackedCommit(atHead),
    },
    controlPlane: ports.controlPlane.repository,
    baseRepoNames,
    latest,
  };
}
