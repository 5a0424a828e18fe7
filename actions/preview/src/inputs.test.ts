import { describe, expect, it } from 'vitest';
import { readInputs } from './inputs.ts';

const defaults: Record<string, string> = {
  'github-token': 'cp',
  repository: 'acme/cp',
  'pull-request': '12',
  'main-branch': 'main',
  'promotion-chain-file': '.github/promotion-chain.yaml',
  'allow-removal-label': 'kalypso/allow-removal',
  comment: 'true',
  'show-private-workload-content': 'false',
};
const read = (overrides: Record<string, string> = {}) =>
  readInputs((name) => ({ ...defaults, ...overrides })[name] ?? '');

describe('readInputs', () => {
  it('reads the pull request number and falls back to github-token for workloads', () => {
    expect(read()).toEqual({
      token: 'cp',
      workloadToken: { token: 'cp', input: 'github-token' },
      repository: 'acme/cp',
      pullRequest: 12,
      mainBranch: 'main',
      promotionChainFile: '.github/promotion-chain.yaml',
      allowRemovalLabel: 'kalypso/allow-removal',
      comment: true,
      showPrivateWorkloadContent: false,
    });
    expect(read({ 'workload-token': 'w' }).workloadToken).toEqual({
      token: 'w',
      input: 'workload-token',
    });
  });

  it('reports every problem at once', () => {
    expect(() =>
      read({ 'pull-request': '', repository: 'nope', comment: 'yes', 'main-branch': 'a..b' }),
    ).toThrow(
      [
        'The inputs have 4 problems:',
        "  Input 'pull-request' is required.",
        "  Input 'repository' is 'nope': write it as owner/name.",
        "  Input 'main-branch' is 'a..b', which is not a branch name. Pass a branch, e.g. 'dev'.",
        "  Input 'comment' is 'yes': write true or false.",
      ].join('\n'),
    );
  });

  it('names the event to run on when there is no pull request number', () => {
    expect(() => read({ 'pull-request': '${{ github.event.pull_request.number }}' })).toThrow(
      "run the preview on 'pull_request' events",
    );
  });
});
