import { InputReader } from '@kalypso/github';

export interface PreviewInputs {
  token: string;
  workloadToken: { token: string; input: string };
  repository: string;
  pullRequest: number;
  mainBranch: string;
  promotionChainFile: string;
  allowRemovalLabel: string;
  comment: boolean;
  /** Show content rendered from workload repositories that are not public (hidden by default). */
  showPrivateWorkloadContent: boolean;
}

/** Reads and checks every input, reporting all problems at once. */
export function readInputs(get: (name: string) => string): PreviewInputs {
  const input = new InputReader(get);
  const token = input.required('github-token');
  const number = input.required('pull-request');
  if (number !== '' && !/^[1-9][0-9]{0,9}$/.test(number))
    input.problem(
      `Input 'pull-request' is '${number.slice(0, 40)}': pass the pull request number (\${{ github.event.pull_request.number }}); run the preview on 'pull_request' events.`,
    );
  const label = input.required('allow-removal-label');
  if (label.length > 50 || /[\r\n]/.test(label))
    input.problem(
      `Input 'allow-removal-label' is not a label name (at most 50 characters, one line).`,
    );
  const workload = input.text('workload-token');
  const inputs: PreviewInputs = {
    token,
    workloadToken: workload
      ? { token: workload, input: 'workload-token' }
      : { token, input: 'github-token' },
    repository: input.repository('repository'),
    pullRequest: Number(number),
    mainBranch: input.branch('main-branch'),
    promotionChainFile: input.required('promotion-chain-file'),
    allowRemovalLabel: label,
    comment: input.boolean('comment'),
    showPrivateWorkloadContent: input.boolean('show-private-workload-content'),
  };
  input.finish();
  return inputs;
}
