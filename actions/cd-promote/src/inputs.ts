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
  const schedule = read.text('schedule');
  if (schedule !== 'push' && schedule !== 'dispatch') {
    read.problem(
      `Input 'schedule' is '${schedule}': write 'push' (the push to the environment branch starts the schedule workflow) or 'dispatch'.`,
    );
  }
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
    schedule: schedule === 'dispatch' ? 'dispatch' : 'push',
    scheduleWorkflow:
      schedule === 'dispatch' ? read.required('schedule-workflow') : read.text('schedule-workflow'),
  };
  read.finish();
  return inputs;
}
