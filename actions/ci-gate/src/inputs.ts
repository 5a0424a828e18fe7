import { isCommitId, isValidBranchName } from '@kalypso/core';
import { InputReader } from '@kalypso/github';

export interface CiGateInputs {
  token: string;
  workloadToken: { token: string; input: string };
  repository: string;
  commit: string;
  promotionChainFile: string;
  firstEnvironment: string;
  checkEnvironments: boolean;
  cdWorkflow: string;
  cdWorkflowRef: string;
  statusContext: string;
  dryRun: boolean;
}

/** Reads and checks every input, reporting all problems at once. */
export function readInputs(get: (name: string) => string): CiGateInputs {
  const input = new InputReader(get);
  const token = input.required('github-token');
  const commit = input.required('commit');
  if (commit !== '' && !isCommitId(commit))
    input.problem(
      `Input 'commit' is '${commit}': pass the full 40-character id (\${{ github.sha }}).`,
    );
  const firstEnvironment = input.text('first-environment');
  if (firstEnvironment !== '' && !isValidBranchName(firstEnvironment))
    input.problem(
      `Input 'first-environment' is '${firstEnvironment}', which is not a branch name.`,
    );
  const workload = input.text('workload-token');
  const inputs: CiGateInputs = {
    token,
    workloadToken: workload
      ? { token: workload, input: 'workload-token' }
      : { token, input: 'github-token' },
    repository: input.repository('repository'),
    commit,
    promotionChainFile: input.required('promotion-chain-file'),
    firstEnvironment,
    checkEnvironments: input.boolean('check-environments'),
    // Empty: dispatch nothing (the commit is only validated and its status set).
    cdWorkflow: input.text('cd-workflow'),
    cdWorkflowRef: input.required('cd-workflow-ref'),
    statusContext: input.required('status-context'),
    dryRun: input.boolean('dry-run'),
  };
  input.finish();
  return inputs;
}
