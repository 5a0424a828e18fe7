import { recordDeployment, recordStateOf } from '../ledger/record.ts';
import type { DeploymentRecords } from '../ledger/ports.ts';
import { ControlPlaneError } from '../model/problem.ts';
import { askPolicy } from '../policy/decide.ts';
import type { BreakGlassUse, PolicyHold, PromotionPolicy } from '../policy/ports.ts';
import type { Clock, CommitStatusReader, CommitStatusWriter, Reporter } from '../ports.ts';
import { withRetry } from '../retry.ts';
import {
  environmentStatusContext,
  heldStatus,
  policyOpenStatus,
  POLICY_STATUS_CONTEXT,
  isUndeployedPromotion,
  promotedStatus,
  supersededStatus,
  type StatusText,
} from '../status/vocabulary.ts';
import {
  baseRepoFile,
  promotedCommitOf,
  renderBaseRepoYaml,
  type BaseRepoSpec,
} from './base-repo.ts';

/**
 * Port: one environment branch of the control-plane repository. Writes are compare-and-swap: a
 * commit lands only on top of the head that was read, never by force.
 */
export interface EnvironmentBranch {
  /** The branch head and the text of `path` there; undefined when the branch does not exist. */
  read(path: string): Promise<{ head: string; content: string | undefined } | undefined>;
  /** Commits `content` at `path` on top of `parent`; `moved` when the branch is no longer there. */
  write(change: {
    parent: string;
    path: string;
    content: string;
    message: string;
  }): Promise<{ outcome: 'pushed'; commit: string } | { outcome: 'moved' }>;
}

export interface PromotionRequest {
  /** `owner/name` of the control-plane repository, for messages. */
  repository: string;
  environment: string;
  /** The `main` commit being promoted (40 hex digits). */
  commit: string;
  /** Where BaseRepo `main` points: repository URL, branch and path of the promoted data. */
  baseRepo: Omit<BaseRepoSpec, 'commit'>;
  /** Whether to set the `<env> environment` commit status. */
  setStatus: boolean;
  /** Link of the commit status (the workflow run). */
  targetUrl?: string;
  /**
   * The promotion chain was skipped by break-glass (cd-promote's `break-glass-reason`): recorded
   * with the policy's break-glass, as one record (trailers, `kalypso/policy`, the ledger).
   */
  chainSkip?: { readonly reason: string; readonly actor: string };
}

/** Port: the history of the promoted branch (`main`), to tell an older promotion from a newer one. */
export interface CommitHistory {
  /** Whether `ancestor` is reachable from `descendant` (true when both are the same commit). */
  isAncestor(ancestor: string, descendant: string): Promise<boolean>;
}

/** The push lost a race: another writer moved the branch (expected; re-read and retry). */
class BranchMoved extends Error {}

export interface PromotionDependencies {
  branch: EnvironmentBranch;
  statuses: CommitStatusWriter & CommitStatusReader;
  /** Asked before anything is read or written: a held promotion writes nothing. */
  policy: PromotionPolicy;
  /** Told each state the promotion reaches (queued, or superseded); failures are warnings. */
  records: DeploymentRecords;
  clock: Clock;
  reporter: Reporter;
  /**
   * When given, a promotion never moves the environment backwards: a commit the environment
   * already promotes a descendant of is marked superseded by that descendant instead of written.
   */
  history?: CommitHistory;
  /** Attempts to land the commit when the branch keeps moving; default 5. */
  maxAttempts?: number;
  /** Backoff after the first lost race, doubled each time; default 1000 ms. */
  baseDelayMs?: number;
}

export interface PromotionResult {
  /** Whether a commit was pushed; false when the branch already promoted this commit. */
  changed: boolean;
  /** The environment branch commit that holds the promotion. */
  branchCommit: string;
  /** The commit the branch promoted before, when it named one. */
  previousCommit: string | undefined;
  /** Attempts needed to land the commit (1 without a race). */
  attempts: number;
  statusSet: boolean;
  /** Set when the environment already promotes a newer commit: nothing written, this one superseded. */
  supersededBy?: string;
  /** Set when break-glass let the promotion pass the policy (docs/decisions/promotion-holds.md). */
  breakGlass?: BreakGlassUse;
}

/** The promotion policy held the promotion: nothing was read or written. */
export interface PromotionHeld {
  held: PolicyHold;
  /** Whether the held status was set on the commit. */
  statusSet: boolean;
}

/** `Promote main@1a2b3c4 to dev`, with the full id in the body. */
export function promotionCommitMessage(
  request: Pick<PromotionRequest, 'environment' | 'commit' | 'baseRepo'>,
  breakGlass?: BreakGlassUse,
): string {
  const { environment, commit, baseRepo } = request;
  const trailers = breakGlass
    ? `\nKalypso-Break-Glass: ${oneLine(breakGlass.reason)}\n${breakGlass.by ? `Kalypso-Break-Glass-By: ${oneLine(breakGlass.by)}\n` : ''}${breakGlass.passed.map((rule) => `Kalypso-Break-Glass-Passes: ${oneLine(rule)}\n`).join('')}`
    : '';
  return `Promote ${baseRepo.branch}@${commit.slice(0, 7)} to ${environment}\n\nPromoted commit: ${commit}\n${trailers}`;
}

/** The rule a chain skip passes, as `Kalypso-Break-Glass-Passes:` names it. */
export const CHAIN_RULE = 'promotion chain';

/**
 * One break-glass record for the promotion: the policy's (if it passed anything, or was asked
 * for), with the chain skip added to the rules it passed.
 */
function withChainSkip(
  policy: BreakGlassUse | undefined,
  skip: PromotionRequest['chainSkip'],
): BreakGlassUse | undefined {
  if (!skip) return policy;
  const by =
    policy?.by ??
    (/^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/.test(skip.actor) ? skip.actor : undefined);
  const passed = [CHAIN_RULE, ...(policy?.passed ?? [])];
  const text = `Break-glass${by ? ` by ${by}` : ''}: ${oneLine(skip.reason)} (passes ${passed.join('; ')})`;
  return {
    reason: skip.reason,
    ...(by ? { by } : {}),
    passed,
    description: text.length <= 140 ? text : `${text.slice(0, 139)}…`,
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Writes `base-repo.yaml` for `request.commit` to the environment branch as one commit and marks
 * the promoted commit `pending` / `Promoted`. When another writer moves the branch in between, the
 * change is re-applied on the new head (bounded, with backoff through the clock), so no concurrent
 * change is lost and nothing is forced. Promoting the commit the branch already names changes
 * nothing. The promotion policy is asked first: this is the one writer of base-repo.yaml, so every
 * promotion passes it, and a held one writes nothing and sets the held status.
 */
export async function promoteCommit(
  request: PromotionRequest,
  deps: PromotionDependencies,
): Promise<PromotionResult | PromotionHeld> {
  const { environment, repository } = request;
  const { branch, reporter, clock } = deps;
  const answer = await askPolicy(deps.policy, reporter, {
    action: 'promote',
    environment,
    commit: request.commit,
  });
  if (answer.hold) {
    const held = answer.hold;
    if (request.setStatus)
      await setEnvironmentStatus(request.commit, heldStatus(held), request, deps);
    // Held, not lost: the ledger keeps it queued until the sweeper releases it.
    await record(request.commit, heldStatus(held), request, deps);
    return { held, statusSet: request.setStatus };
  }
  const breakGlass = withChainSkip(answer.breakGlass, request.chainSkip);
  const maxAttempts = deps.maxAttempts ?? 5;
  const content = renderBaseRepoYaml({ ...request.baseRepo, commit: request.commit });
  const message = promotionCommitMessage(request, breakGlass);
  const result = await reporter.group(
    `Promoting ${request.commit.slice(0, 7)} to '${environment}'`,
    async () => {
      const attempt = async (attempt: number) => {
        const current = await branch.read(baseRepoFile);
        if (!current) {
          throw new ControlPlaneError([
            {
              message: `the environment branch '${environment}' does not exist in '${repository}'. Create it (it holds the environment's cluster types, configs and policies) or check the 'environment' input.`,
            },
          ]);
        }
        const previousCommit =
          current.content === undefined ? undefined : promotedCommitOf(current.content);
        if (current.content === content) {
          reporter.info(`'${environment}' already promotes ${request.commit}; nothing to commit.`);
          return { changed: false, branchCommit: current.head, previousCommit, attempts: attempt };
        }
        if (
          previousCommit &&
          previousCommit !== request.commit &&
          (await deps.history?.isAncestor(request.commit, previousCommit))
        ) {
          reporter.info(
            `'${environment}' already promotes ${previousCommit}, which contains ${request.commit}; nothing to commit.`,
          );
          return {
            changed: false,
            branchCommit: current.head,
            previousCommit,
            attempts: attempt,
            supersededBy: previousCommit,
          };
        }
        const written = await branch.write({
          parent: current.head,
          path: baseRepoFile,
          content,
          message,
        });
        if (written.outcome !== 'pushed') throw new BranchMoved();
        reporter.info(
          `Committed ${baseRepoFile} to '${environment}' as ${written.commit.slice(0, 7)} (promoted before: ${previousCommit ?? 'none'}).`,
        );
        return { changed: true, branchCommit: written.commit, previousCommit, attempts: attempt };
      };
      const policy = {
        maxAttempts,
        baseDelayMs: deps.baseDelayMs ?? 1000,
        maxDelayMs: Number.POSITIVE_INFINITY,
        maxServerDelayMs: 0,
      };
      try {
        return await withRetry(`push ${baseRepoFile} to ${environment}`, attempt, {
          clock,
          reporter,
          policy,
          classify: (error) => ({
            retry: error instanceof BranchMoved,
            description: 'the branch moved',
          }),
        });
      } catch (error) {
        if (!(error instanceof BranchMoved)) throw error;
        throw new Error(
          `Branch '${environment}' of '${repository}' kept moving: ${maxAttempts} attempts to commit ${baseRepoFile} lost the race. Run the promotion again.`,
        );
      }
    },
  );
  const status = result.supersededBy ? supersededStatus(result.supersededBy) : promotedStatus();
  const passed = breakGlass ? { breakGlass } : {};
  if (request.setStatus) await setEnvironmentStatus(request.commit, status, request, deps);
  if (request.setStatus && breakGlass) await setBreakGlassStatus(breakGlass, request, deps);
  await record(request.commit, status, request, deps, breakGlass);
  if (!request.setStatus) return { ...result, ...passed, statusSet: false };
  if (result.supersededBy) return { ...result, ...passed, statusSet: true };
  if (result.changed && result.previousCommit && result.previousCommit !== request.commit) {
    await markSuperseded(result.previousCommit, request, deps);
  }
  return { ...result, ...passed, statusSet: true };
}

/** Sets `<env> environment` on `sha` and says so in the log. */
async function setEnvironmentStatus(
  sha: string,
  status: StatusText,
  request: PromotionRequest,
  deps: PromotionDependencies,
): Promise<void> {
  const context = environmentStatusContext(request.environment);
  await deps.statuses.setStatus({
    sha,
    ...status,
    context,
    ...(request.targetUrl === undefined ? {} : { targetUrl: request.targetUrl }),
  });
  deps.reporter.info(
    `Set status '${context}' = ${status.state} '${status.description}' on ${sha.slice(0, 7)}.`,
  );
}

/**
 * Break-glass leaves its trace on the promoted commit: `kalypso/policy` = success "Break-glass by
 * carol: <reason> (passes <rules>)", beside the environment's own status.
 */
async function setBreakGlassStatus(
  breakGlass: BreakGlassUse,
  request: PromotionRequest,
  deps: PromotionDependencies,
): Promise<void> {
  const status = policyOpenStatus(breakGlass.description);
  await deps.statuses.setStatus({
    sha: request.commit,
    ...status,
    context: POLICY_STATUS_CONTEXT,
    ...(request.targetUrl === undefined ? {} : { targetUrl: request.targetUrl }),
  });
  deps.reporter.info(
    `Set status '${POLICY_STATUS_CONTEXT}' = ${status.state} '${status.description}' on ${request.commit.slice(0, 7)}.`,
  );
}

/** Records the state `status` stands for; a failure is a warning. */
function record(
  sha: string,
  status: StatusText,
  request: PromotionRequest,
  deps: PromotionDependencies,
  breakGlass?: BreakGlassUse,
): Promise<void> {
  return recordDeployment(deps.records, deps.reporter, {
    environment: request.environment,
    promotedCommit: sha,
    state: recordStateOf(status),
    description: breakGlass
      ? `${status.description}; ${breakGlass.description}`
      : status.description,
    ...(request.targetUrl === undefined ? {} : { logUrl: request.targetUrl }),
  });
}

/**
 * A promotion that replaced another before it was deployed (still pending "Promoted") would
 * otherwise stay pending forever (Kalypso's quirk): mark it `error` "Superseded by <commit>".
 * Best effort — a commit the repository does not know, or a failed read, only leaves a note.
 */
async function markSuperseded(
  previous: string,
  request: PromotionRequest,
  deps: PromotionDependencies,
): Promise<void> {
  const context = environmentStatusContext(request.environment);
  try {
    const latest = await deps.statuses.latestStatus(previous, context);
    if (!isUndeployedPromotion(latest)) return;
    const status = supersededStatus(request.commit);
    await deps.statuses.setStatus({
      sha: previous,
      ...status,
      context,
      ...(request.targetUrl === undefined ? {} : { targetUrl: request.targetUrl }),
    });
    await record(previous, status, request, deps);
    deps.reporter.info(
      `${previous.slice(0, 7)} was promoted to '${request.environment}' but never deployed there: set '${context}' = ${status.state} '${status.description}'.`,
    );
  } catch (error) {
    deps.reporter.warning(
      `Could not mark ${previous.slice(0, 7)} superseded in '${request.environment}': ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
