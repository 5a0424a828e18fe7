import {
  MAX_BREAK_GLASS_REASON,
  parseLockScope,
  readSkipReason,
  type ChainSkip,
  type LockCommand,
  type LockScope,
} from '@kalypso/core';
import { InputError, InputReader, type CdPromoteAccess } from '@kalypso/github';

export { InputError } from '@kalypso/github';

export type ScheduleTrigger = 'push' | 'dispatch';

export type CdPromoteMode = 'promote' | 'sweep' | 'lock' | 'unlock';

/** `mode: lock` / `unlock`: the lock asked for (docs/decisions/promotion-locks.md). */
export interface LockInputs {
  scope: LockScope;
  /** Required to lock; to unlock, only the lock with this reason (empty: every lock of the scope). */
  reason: string;
  /** `4h`, `2026-11-26T18:00:00Z` or empty (until unlocked); checked against the clock in main. */
  expires: string;
}

export interface CdPromoteInputs {
  /** `promote` one commit (the default), or `sweep` the held promotions of the chain. */
  mode: CdPromoteMode;
  environment: string;
  promotedCommit: string;
  token: string;
  repository: string;
  baseRepo: { repo: string; branch: string; path: string };
  setStatus: boolean;
  schedule: ScheduleTrigger;
  scheduleWorkflow: string;
  dryRun: boolean;
  /** The chain check (docs/decisions/gate-checks.md); `file` also holds the promotion policy. */
  chain: { file: string; ciContext: string; skip?: ChainSkip };
  /**
   * Break-glass (`break-glass-reason`, or a deprecated alias): the reason to pass the chain, a
   * freeze or a lock (empty: none), one line.
   */
  policyOverrideReason: string;
  /** `mode: lock` / `unlock`. */
  lock?: LockInputs;
  /** `mode: sweep`: the GitOps token that refreshes the merge gates (empty: not refreshed). */
  gitopsToken: string;
  /** What the run must say but that does not stop it (deprecated inputs). */
  warnings: string[];
}

/** The longest break-glass reason: it goes into a status description, a trailer and the ledger. */
export const MAX_OVERRIDE_REASON = MAX_BREAK_GLASS_REASON;
/** The longest lock reason (the locks file's bound). */
export const MAX_LOCK_REASON = 200;

/** The deprecated names of `break-glass-reason`, and what each one passed before. */
const BREAK_GLASS_ALIASES = ['skip-chain-reason', 'policy-override-reason'] as const;

/**
 * Reads and checks every input, reporting all problems at once. `input` returns the raw value of
 * an input (`core.getInput`), with `action.yml` defaults already applied by the runner.
 */
export function readInputs(
  input: (name: string) => string,
  env: Readonly<Record<string, string | undefined>> = {},
): CdPromoteInputs {
  const read = new InputReader(input);
  const mode =
    input('mode').trim() === ''
      ? 'promote'
      : read.oneOf('mode', ['promote', 'sweep', 'lock', 'unlock']);
  const environment = read.branch('environment', mode !== 'sweep');
  const promotedCommit = read.commitId(
    'promoted-commit',
    mode === 'promote',
    "the 'main' commit (e.g. ${{ github.sha }})",
  );
  const token = read.required('github-token');
  const repository = read.repository('repository');
  read.removed(
    'schedule',
    'write `schedule-workflow: schedule.yaml` for `schedule: dispatch`; leave it out for `schedule: push`',
  );
  // Empty: the push to the environment branch starts the schedule workflow (its `on: push`).
  const scheduleWorkflow = read.text('schedule-workflow');
  const inputs: CdPromoteInputs = {
    mode,
    environment,
    promotedCommit,
    token,
    repository,
    baseRepo: {
      repo: read.required('base-repo-url'),
      branch: read.required('base-repo-branch'),
      path: read.required('base-repo-path'),
    },
    setStatus: read.boolean('status'),
    schedule: scheduleWorkflow === '' ? 'push' : 'dispatch',
    scheduleWorkflow,
    dryRun: read.boolean('dry-run'),
    chain: {
      file: read.required('promotion-chain-file'),
      ciContext: read.required('ci-status-context'),
    },
    policyOverrideReason: '',
    gitopsToken: read.text('gitops-token'),
    warnings: [],
  };
  if (inputs.gitopsToken !== '' && mode !== 'sweep')
    inputs.warnings.push(`Input 'gitops-token' is used only with 'mode: sweep'; ignored.`);
  const breakGlass = breakGlassOf(read, inputs.warnings);
  inputs.policyOverrideReason = breakGlass;
  const skip = skipOf(breakGlass, env);
  if (skip) inputs.chain.skip = skip;
  if (mode === 'lock' || mode === 'unlock') inputs.lock = lockOf(read, mode);
  const chainFile = inputs.chain.file;
  if (
    chainFile.startsWith('/') ||
    chainFile.split('/').some((part) => part === '..' || part === '')
  )
    read.problem(
      `Input 'promotion-chain-file' must be a path inside the repository, e.g. .github/promotion-chain.yaml.`,
    );
  read.finish();
  return inputs;
}

/** GitHub logins: letters, digits and single hyphens, and `[bot]` for apps. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/**
 * What the adapters of the run may reach: the repository, the chain file, and the break-glass asked for, with who
 * asked (`GITHUB_ACTOR`, kept only when it is a GitHub login).
 */
export function policyAccessOf(
  inputs: Pick<
    CdPromoteInputs,
    'repository' | 'token' | 'environment' | 'chain' | 'policyOverrideReason'
  > &
    Partial<Pick<CdPromoteInputs, 'mode' | 'gitopsToken'>>,
  actor: string | undefined,
): CdPromoteAccess {
  const { repository, token, environment } = inputs;
  const reason = inputs.policyOverrideReason;
  const by = LOGIN.test(actor ?? '') ? { by: actor! } : {};
  return {
    ...{ repository, token, environment, chainFile: inputs.chain.file },
    ...(reason === '' ? {} : { breakGlass: { reason, ...by } }),
    ...(inputs.mode === 'sweep' && inputs.gitopsToken ? { gitopsToken: inputs.gitopsToken } : {}),
  };
}

/** `mode: sweep`: the one environment named (or every one of the chain), and the schedule. */
export function sweepScope(inputs: Pick<CdPromoteInputs, 'environment' | 'scheduleWorkflow'>): {
  environments?: string[];
  scheduleWorkflow?: string;
} {
  return {
    ...(inputs.environment === '' ? {} : { environments: [inputs.environment] }),
    ...(inputs.scheduleWorkflow === '' ? {} : { scheduleWorkflow: inputs.scheduleWorkflow }),
  };
}

/**
 * `break-glass-reason`, or one of its deprecated aliases (with a warning each): one reason for the
 * chain and the policy, checked once. Two different reasons are a mistake.
 */
function breakGlassOf(read: InputReader, warnings: string[]): string {
  const given = [
    { name: 'break-glass-reason', raw: read.text('break-glass-reason') },
    ...BREAK_GLASS_ALIASES.map((name) => ({ name, raw: read.text(name) })),
  ].filter((g) => g.raw !== '');
  for (const alias of given.filter((g) => g.name !== 'break-glass-reason'))
    warnings.push(
      `Input '${alias.name}' is deprecated: write 'break-glass-reason' instead (one reason, at most ${MAX_BREAK_GLASS_REASON} characters, passes both the promotion chain and the promotion policy).`,
    );
  const reasons = given.map((g) => {
    const checked = readSkipReason(g.raw, g.name);
    if ('problem' in checked) read.problem(checked.problem);
    return { name: g.name, reason: 'reason' in checked ? checked.reason : g.raw };
  });
  const first = reasons[0];
  if (!first) return '';
  const other = reasons.find((r) => r.reason !== first.reason);
  if (other)
    read.problem(
      `Inputs '${first.name}' and '${other.name}' give two different break-glass reasons: give one, as 'break-glass-reason'.`,
    );
  return first.reason;
}

/** The break-glass skip of the chain: the reason, and who dispatched the run (`GITHUB_ACTOR`). */
function skipOf(
  reason: string,
  env: Readonly<Record<string, string | undefined>>,
): ChainSkip | undefined {
  if (reason === '') return undefined;
  const actor = (env.GITHUB_ACTOR ?? '').trim();
  return { reason, actor: LOGIN.test(actor) ? actor : 'an unknown actor' };
}

/** `scope`, `reason` and `expires` of `mode: lock` / `unlock`, checked. */
function lockOf(read: InputReader, mode: 'lock' | 'unlock'): LockInputs {
  const parsed = parseLockScope(read.text('scope'));
  if ('problem' in parsed) read.problem(`Input 'scope': ${parsed.problem}`);
  const reason = read.text('reason');
  if (mode === 'lock' && reason === '')
    read.problem(
      `Input 'reason' is required with 'mode: lock': say why promotions stop (e.g. 'INC-4211: payments outage').`,
    );
  if ([...reason].length > MAX_LOCK_REASON)
    read.problem(
      `Input 'reason' has ${[...reason].length} characters: write at most ${MAX_LOCK_REASON}.`,
    );
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/.test(reason))
    read.problem(
      `Input 'reason' must be one line of plain text, without control or direction characters.`,
    );
  const expires = read.text('expires');
  if (mode === 'unlock' && expires !== '')
    read.problem(`Input 'expires' is for 'mode: lock'; remove it to unlock.`);
  return {
    scope: 'scope' in parsed ? parsed.scope : { type: 'environment' },
    reason,
    expires,
  };
}

/**
 * The lock change `mode: lock` / `unlock` asks for, by who runs the workflow (`GITHUB_ACTOR`, which
 * must be a GitHub login: a lock records its author).
 */
export function lockCommandOf(
  inputs: Pick<CdPromoteInputs, 'mode' | 'environment' | 'lock'>,
  env: Readonly<Record<string, string | undefined>>,
): LockCommand {
  const by = (env.GITHUB_ACTOR ?? '').trim();
  if (!LOGIN.test(by))
    throw new InputError([
      'GITHUB_ACTOR is not a GitHub login, and a lock records who set it: run lock and unlock from a GitHub Actions workflow.',
    ]);
  const { environment } = inputs;
  const { scope, reason, expires } = inputs.lock!;
  return inputs.mode === 'lock'
    ? { action: 'lock', environment, scope, reason, by, expires }
    : { action: 'unlock', environment, scope, by, ...(reason === '' ? {} : { reason }) };
}
