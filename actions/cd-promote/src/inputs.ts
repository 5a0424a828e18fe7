import { isCommitId, isValidBranchName } from '@kalypso/core';

/** A mistake in the step's `with:` block; the message says which input and what to write. */
export class InputError extends Error {
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `The inputs have ${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.name = 'InputError';
  }
}

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
  const problems: string[] = [];
  const value = (name: string) => input(name).trim();
  const required = (name: string) => {
    const found = value(name);
    if (found === '') problems.push(`Input '${name}' is required.`);
    return found;
  };
  const boolean = (name: string) => {
    const found = value(name);
    if (/^(true|True|TRUE)$/.test(found)) return true;
    if (/^(false|False|FALSE)$/.test(found)) return false;
    problems.push(`Input '${name}' is '${found}': write true or false.`);
    return false;
  };

  const environment = required('environment');
  if (environment !== '' && !isValidBranchName(environment)) {
    problems.push(
      `Input 'environment' is '${environment}', which is not a branch name. Pass the environment's branch, e.g. 'dev'.`,
    );
  }
  const promotedCommit = required('promoted-commit');
  if (promotedCommit !== '' && !isCommitId(promotedCommit)) {
    problems.push(
      `Input 'promoted-commit' is '${promotedCommit}': pass the full 40-character id of the 'main' commit (e.g. \${{ github.sha }}).`,
    );
  }
  const token = required('github-token');
  const repository = required('repository');
  if (repository !== '' && !/^[\w.-]+\/[\w.-]+$/.test(repository)) {
    problems.push(`Input 'repository' is '${repository}': write it as owner/name.`);
  }
  const schedule = value('schedule');
  if (schedule !== 'push' && schedule !== 'dispatch') {
    problems.push(
      `Input 'schedule' is '${schedule}': write 'push' (the push to the environment branch starts the schedule workflow) or 'dispatch'.`,
    );
  }
  const inputs: CdPromoteInputs = {
    environment,
    promotedCommit,
    token,
    repository,
    baseRepo: {
      repo: required('base-repo-url'),
      branch: required('base-repo-branch'),
      path: required('base-repo-path'),
    },
    setStatus: boolean('status'),
    schedule: schedule === 'dispatch' ? 'dispatch' : 'push',
    scheduleWorkflow:
      schedule === 'dispatch' ? required('schedule-workflow') : value('schedule-workflow'),
  };
  if (problems.length > 0) throw new InputError(problems);
  return inputs;
}
