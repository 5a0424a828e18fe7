import { InputReader } from '@kalypso/github';

export { InputError } from '@kalypso/github';

export interface NotifyInputs {
  environment: string;
  gitopsCommit: string;
  /** The GitOps branch that received the push (input `gitops-branch`, default the environment). */
  gitopsBranch?: string;
  /** Control-plane repository, `owner/name`. */
  repository: string;
  /** Token for the control-plane repository (dispatches there). */
  token: string;
  /** GitOps repository, `owner/name`. */
  gitopsRepository: string;
  gitopsToken: string;
  checkWorkflow: string;
  dryRun: boolean;
}

/** Reads and checks every input, reporting all problems at once. */
export function readInputs(input: (name: string) => string): NotifyInputs {
  const read = new InputReader(input);
  const inputs: NotifyInputs = {
    environment: read.branch('environment'),
    gitopsCommit: read.commitId('gitops-commit', true, 'the merged GitOps commit (github.sha)'),
    ...optionalBranch(read.branch('gitops-branch', false)),
    repository: read.repository('repository'),
    token: read.required('github-token'),
    gitopsRepository: read.repository('gitops-repository'),
    gitopsToken: read.required('gitops-token'),
    checkWorkflow: read.required('check-workflow'),
    dryRun: read.boolean('dry-run'),
  };
  read.finish();
  return inputs;
}

function optionalBranch(branch: string): { gitopsBranch?: string } {
  return branch === '' ? {} : { gitopsBranch: branch };
}
