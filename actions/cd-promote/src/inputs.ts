import { readSkipReason, type ChainSkip } from '@kalypso/core';
import { InputReader } from '@kalypso/github';

export { InputError } from '@kalypso/github';

export type ScheduleTrigger = 'push' | 'dispatch';

export interface CdPromoteInputs {
  environment: string;
  promotedCommit: string;
  token: string;
  repository: string;
  baseRepo: { repo: string; branch: string; path: string };
  setStatus: boolean;
  schedule: ScheduleTrigger;
  scheduleWorkflow: string;
  dryRun: boolean;
  /** The chain check (docs/decisions/gate-checks.md). */
  chain: { file: string; ciContext: string; skip?: ChainSkip };
}

/**
 * Reads and checks every input, reporting all problems at once. `input` returns the raw value of
 * an input (`core.getInput`), with `action.yml` defaults already applied by the runner.
 */
export function readInputs(
  input: (name: string) => string,
  env: Readonly<Record<string, string | undefined>> = {},
): CdPromoteInputs {
  const read = new InputReader(input);
  const environment = read.branch('environment');
  const promotedCommit = read.commitId(
    'promoted-commit',
    true,
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
  };
  read.finish();
  return inputs;
}

/** GitHub logins: letters, digits and single hyphens, and `[bot]` for apps. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

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
