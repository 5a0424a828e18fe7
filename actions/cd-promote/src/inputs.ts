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
}

/**
 * Reads and checks every input, reporting all problems at once. `input` returns the raw value of
 * an input (`core.getInput`), with `action.yml` defaults already applied by the runner.
 */
export function readInputs(input: (name: string) => string): CdPromoteInputs {
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
  };
  read.finish();
  return inputs;
}
