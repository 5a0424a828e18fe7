import { readSkipReason, type ChainSkip } from '@kalypso/core';
import { InputReader } from '@kalypso/github';

export { InputError } from '@kalypso/github';

export type ScheduleTrigger = 'push' | 'dispatch';

export type CdPromoteMode = 'promote' | 'sweep';

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
  /** Break-glass: the reason to pass a freeze or a lock (empty: none), one line. */
  policyOverrideReason: string;
}

/** The longest break-glass reason: it goes into a status description, a trailer and the ledger. */
export const MAX_OVERRIDE_REASON = 200;

/**
 * Reads and checks every input, reporting all problems at once. `input` returns the raw value of
 * an input (`core.getInput`), with `action.yml` defaults already applied by the runner.
 */
export function readInputs(
  input: (name: string) => string,
  env: Readonly<Record<string, string | undefined>> = {},
): CdPromoteInputs {
  const read = new InputReader(input);
  const mode = input('mode').trim() === '' ? 'promote' : read.oneOf('mode', ['promote', 'sweep']);
  const environment = read.branch('environment', mode === 'promote');
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
      ...skipOf(read, env),
    },
    policyOverrideReason: read.text('policy-override-reason'),
  };
  const chainFile = inputs.chain.file;
  if (
    chainFile.startsWith('/') ||
    chainFile.split('/').some((part) => part === '..' || part === '')
  )
    read.problem(
      `Input 'promotion-chain-file' must be a path inside the repository, e.g. .github/promotion-chain.yaml.`,
    );
  const reason = inputs.policyOverrideReason;
  if ([...reason].length > MAX_OVERRIDE_REASON)
    read.problem(
      `Input 'policy-override-reason' has ${[...reason].length} characters: write at most ${MAX_OVERRIDE_REASON} (e.g. 'INC-4211: hotfix for the payment outage').`,
    );
  if (/[\u0000-\u001f\u007f]/.test(reason))
    read.problem(
      `Input 'policy-override-reason' must be one line of text without control characters.`,
    );
  read.finish();
  return inputs;
}

/** GitHub logins: letters, digits and single hyphens, and `[bot]` for apps. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/**
 * The policy settings of the run: where the chain is, and the break-glass asked for, with who
 * asked (`GITHUB_ACTOR`, kept only when it is a GitHub login).
 */
export function policyAccessOf(
  inputs: Pick<CdPromoteInputs, 'chain' | 'policyOverrideReason'>,
  actor: string | undefined,
): { chainFile: string; breakGlass?: { reason: string; by?: string } } {
  const reason = inputs.policyOverrideReason;
  const by = LOGIN.test(actor ?? '') ? { by: actor! } : {};
  return {
    chainFile: inputs.chain.file,
    ...(reason === '' ? {} : { breakGlass: { reason, ...by } }),
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

/** The break-glass skip: its reason checked, and who dispatched the run (`GITHUB_ACTOR`). */
function skipOf(
  read: InputReader,
  env: Readonly<Record<string, string | undefined>>,
): { skip?: ChainSkip } {
  const checked = readSkipReason(read.text('skip-chain-reason'));
  if ('problem' in checked) {
    read.problem(checked.problem);
    return {};
  }
  if (checked.reason === '') return {};
  const actor = (env.GITHUB_ACTOR ?? '').trim();
  return {
    skip: { reason: checked.reason, actor: LOGIN.test(actor) ? actor : 'an unknown actor' },
  };
}
