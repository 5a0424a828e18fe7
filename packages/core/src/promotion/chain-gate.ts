// The chain cannot be skipped silently (docs/decisions/gate-checks.md): cd-promote lets commit C
// into environment N only when the environment before N in the promotion chain reports C
// "Deployed", and the first environment only when ci-gate found C valid. A deliberate skip names
// its reason (`break-glass-reason`) and is recorded where people look: a commit status of its own,
// the GitOps pull request (schedule reads that status) and the summary. The judgement is pure.
import { UserError } from '../model/problem.ts';
import type { CommitStatusReader, CommitStatusWriter, Reporter } from '../ports.ts';
import {
  chainSkipContext,
  chainSkippedStatus,
  environmentStatusContext,
  isDeployedStatus,
  isValidated,
  type StatusText,
} from '../status/vocabulary.ts';
import { inertMentions } from '../markdown/markdown.ts';
import { parsePromotionChain } from './chain.ts';

/**
 * The longest break-glass reason, in characters: it goes into commit trailers, the ledger and (cut
 * to fit) status descriptions. One bound for the chain skip and the policy override.
 */
export const MAX_BREAK_GLASS_REASON = 200;
/** @deprecated the chain skip's bound is now the break-glass bound, MAX_BREAK_GLASS_REASON. */
export const MAX_SKIP_REASON = MAX_BREAK_GLASS_REASON;

/** A deliberate skip of the chain: why, and who dispatched it (`GITHUB_ACTOR`). */
export interface ChainSkip {
  readonly reason: string;
  readonly actor: string;
}

/** What the chain check found. */
export type ChainGateOutcome =
  /** No chain file: nothing says which environment comes before (Kalypso-style setups). */
  | { readonly kind: 'no-chain'; readonly file: string }
  /** The chain holds: `previous` reports the commit Deployed, or ci-gate found it valid. */
  | {
      readonly kind: 'satisfied';
      readonly previous: string | undefined;
      readonly evidence: string;
      /** A break-glass reason given although nothing needed skipping (shown as a warning). */
      readonly unusedSkip?: ChainSkip;
    }
  /** The chain does not hold and the dispatcher skipped it deliberately. */
  | {
      readonly kind: 'skipped';
      readonly previous: string | undefined;
      readonly missing: string;
      readonly skip: ChainSkip;
    };

/** A promotion the chain does not allow, without a break-glass reason: nothing was changed. */
export class ChainNotSatisfiedError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'ChainNotSatisfiedError';
  }
}

const short = (sha: string) => sha.slice(0, 7);
const shown = (status: StatusText | undefined) =>
  status ? `${status.state} "${status.description}"` : 'not set';

/**
 * The break-glass input (`break-glass-reason`, or its deprecated aliases), checked: one line of at
 * most MAX_BREAK_GLASS_REASON characters, runs of white space made one space, no control or
 * direction characters. "" means no break-glass.
 */
export function readSkipReason(
  raw: string,
  input = 'break-glass-reason',
): { reason: string } | { problem: string } {
  const reason = raw.replace(/\s+/g, ' ').trim();
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/.test(reason)) {
    return {
      problem: `Input '${input}' holds control or direction characters: write the reason as plain text.`,
    };
  }
  if ([...reason].length > MAX_BREAK_GLASS_REASON) {
    return {
      problem: `Input '${input}' is ${[...reason].length} characters long: write at most ${MAX_BREAK_GLASS_REASON} (e.g. 'INC-4211: hotfix for the payment outage').`,
    };
  }
  return { reason };
}

/**
 * Whether `commit` may enter `environment`: pure, from the chain and the two statuses read.
 * Throws ChainNotSatisfiedError when the chain does not hold and no skip was given.
 */
export function judgeChain(input: {
  environments: readonly string[];
  file: string;
  environment: string;
  commit: string;
  ciContext: string;
  /** The latest status of the previous environment's context on the commit (none for the first). */
  previousStatus: StatusText | undefined;
  /** The latest status of `ciContext` on the commit (read for the first environment). */
  ciStatus: StatusText | undefined;
  skip: ChainSkip | undefined;
}): Exclude<ChainGateOutcome, { kind: 'no-chain' }> {
  const { environments, environment, commit, skip } = input;
  const at = environments.indexOf(environment);
  const previous = at > 0 ? environments[at - 1] : undefined;
  let missing: string | undefined;
  let evidence = '';
  if (at < 0) {
    missing = `'${environment}' is not in the promotion chain ${environments.join(' → ')} (${input.file})`;
  } else if (previous === undefined) {
    if (isValidated(input.ciStatus)) evidence = `'${input.ciContext}' is ${shown(input.ciStatus)}`;
    else
      missing = `it has no successful '${input.ciContext}' status (it is ${shown(input.ciStatus)}): ci-gate validates a commit before its first environment`;
  } else if (isDeployedStatus(input.previousStatus)) {
    evidence = `'${previous}' reports it ${shown(input.previousStatus)}`;
  } else {
    missing = `'${previous}' does not report it Deployed (its '${environmentStatusContext(previous)}' status is ${shown(input.previousStatus)})`;
  }
  if (missing === undefined) {
    return { kind: 'satisfied', previous, evidence, ...(skip ? { unusedSkip: skip } : {}) };
  }
  if (skip) return { kind: 'skipped', previous, missing, skip };
  throw new ChainNotSatisfiedError(
    `Promoted commit ${short(commit)} cannot enter '${environment}': ${missing}. Promote it through the chain (${environments.join(' → ')}), or skip it deliberately with 'break-glass-reason' (shown in the commit status, the GitOps pull request and the summary).`,
  );
}

export interface ChainGatePorts {
  /** The promotion chain file's text on the default branch; undefined when there is none. */
  readChain(): Promise<string | undefined>;
  readonly statuses: CommitStatusReader;
  readonly reporter: Reporter;
}

/** Reads the chain and the statuses it needs, then judges (`judgeChain`). */
export async function checkChain(
  request: {
    environment: string;
    commit: string;
    chainFile: string;
    ciContext: string;
    skip: ChainSkip | undefined;
  },
  ports: ChainGatePorts,
): Promise<ChainGateOutcome> {
  const text = await ports.readChain();
  if (text === undefined) {
    ports.reporter.info(
      `No promotion chain '${request.chainFile}' on the default branch: the chain is not checked.`,
    );
    return { kind: 'no-chain', file: request.chainFile };
  }
  const chain = parsePromotionChain(text, request.chainFile);
  const at = chain.environments.indexOf(request.environment);
  const previous = at > 0 ? chain.environments[at - 1] : undefined;
  const [previousStatus, ciStatus] = await Promise.all([
    previous === undefined
      ? undefined
      : ports.statuses.latestStatus(request.commit, environmentStatusContext(previous)),
    at === 0 ? ports.statuses.latestStatus(request.commit, request.ciContext) : undefined,
  ]);
  const outcome = judgeChain({
    environments: chain.environments,
    file: chain.file,
    environment: request.environment,
    commit: request.commit,
    ciContext: request.ciContext,
    previousStatus,
    ciStatus,
    skip: request.skip,
  });
  if (outcome.kind === 'satisfied') {
    ports.reporter.info(
      `Promotion chain ${chain.environments.join(' → ')}: ${short(request.commit)} may enter '${request.environment}' (${outcome.evidence}).`,
    );
    if (outcome.unusedSkip)
      ports.reporter.warning(
        `A break-glass reason is set, but the chain holds for '${request.environment}': the chain was not skipped.`,
      );
  } else {
    ports.reporter.warning(
      `The promotion chain is skipped by ${outcome.skip.actor}: ${short(request.commit)} enters '${request.environment}' although ${outcome.missing}. Reason: ${inertMentions(outcome.skip.reason)}`,
    );
  }
  return outcome;
}

/** Records a skip on the promoted commit: a status of its own, which no later step replaces. */
export async function recordChainSkip(
  statuses: CommitStatusWriter,
  request: { environment: string; commit: string; targetUrl?: string },
  skip: ChainSkip,
): Promise<void> {
  const status = chainSkippedStatus(skip.actor, inertMentions(skip.reason));
  await statuses.setStatus({
    sha: request.commit,
    ...status,
    context: chainSkipContext(request.environment),
    ...(request.targetUrl ? { targetUrl: request.targetUrl } : {}),
  });
}
