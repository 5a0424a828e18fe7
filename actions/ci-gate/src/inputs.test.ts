import { describe, expect, it } from 'vitest';
import { readInputs } from './inputs.ts';

const commit = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const defaults: Record<string, string> = {
  'github-token': 't',
  'workload-token': '',
  repository: 'acme/cp',
  commit,
  'promotion-chain-file': '.github/promotion-chain.yaml',
  'first-environment': '',
  'check-environments': 'true',
  'cd-workflow': 'cd.yaml',
  'cd-workflow-ref': 'main',
  'status-context': 'Kalypso CI',
  'dry-run': 'false',
};
const read = (overrides: Record<string, string> = {}) =>
  readInputs((name) => ({ ...defaults, ...overrides })[name] ?? '');

describe('readInputs', () => {
  it('reads the inputs; the workload token falls back to github-token', () => {
    expect(read()).toEqual({
      token: 't',
      workloadToken: { token: 't', input: 'github-token' },
      repository: 'acme/cp',
      commit,
      promotionChainFile: '.github/promotion-chain.yaml',
      firstEnvironment: '',
      checkEnvironments: true,
      cdWorkflow: 'cd.yaml',
      cdWorkflowRef: 'main',
      statusContext: 'Kalypso CI',
      dryRun: false,
    });
  });

  it('takes an empty cd-workflow: dispatch nothing', () => {
    expect(read({ 'cd-workflow': '' })).toMatchObject({ cdWorkflow: '' });
  });

  it.each([
    [{ commit: 'main' }, "Input 'commit' is 'main': pass the full 40-character id"],
    [{ 'first-environment': 'a b' }, "Input 'first-environment' is 'a b', which is not a branch"],
    [{ repository: 'cp' }, "Input 'repository' is 'cp': write it as owner/name."],
    [{ 'dry-run': 'yes' }, "Input 'dry-run' is 'yes': write true or false."],
    [{ 'github-token': '' }, "Input 'github-token' is required."],
  ])('rejects %j', (overrides, message) => {
    expect(() => read(overrides)).toThrow(message);
  });

  it('reports every problem at once', () => {
    expect(() => read({ commit: 'main', 'check-environments': 'maybe' })).toThrow(
      /The inputs have 2 problems:\n {2}Input 'commit' is 'main'.*\n {2}Input 'check-environments' is 'maybe'/,
    );
  });
});
