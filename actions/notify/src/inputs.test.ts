import { describe, expect, it } from 'vitest';
import { readInputs } from './inputs.ts';

const COMMIT = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const defaults: Record<string, string> = {
  environment: 'dev',
  'gitops-commit': COMMIT,
  repository: 'contoso/control-plane',
  'github-token': 'control-plane-token',
  'gitops-repository': 'contoso/gitops',
  'gitops-token': 'gitops-token',
  'check-workflow': 'check-promote.yaml',
  'dry-run': 'false',
};

const read = (inputs: Record<string, string>) => {
  const all = { ...defaults, ...inputs };
  return readInputs((name) => all[name] ?? '');
};

describe('readInputs', () => {
  it('reads the push and where to dispatch', () => {
    expect(read({})).toEqual({
      environment: 'dev',
      gitopsCommit: COMMIT,
      repository: 'contoso/control-plane',
      token: 'control-plane-token',
      gitopsRepository: 'contoso/gitops',
      gitopsToken: 'gitops-token',
      checkWorkflow: 'check-promote.yaml',
      dryRun: false,
    });
  });

  it('takes refs/heads/dev as the environment dev', () => {
    expect(read({ environment: 'refs/heads/dev' }).environment).toBe('dev');
  });

  it('reports every problem at once', () => {
    expect(() =>
      read({
        'gitops-commit': 'abc',
        repository: '',
        'github-token': '',
        'gitops-repository': 'https://github.com/contoso/gitops',
        'dry-run': 'maybe',
      }),
    ).toThrow(
      [
        'The inputs have 5 problems:',
        "  Input 'gitops-commit' is 'abc': pass the full 40-character id of the merged GitOps commit (github.sha).",
        "  Input 'repository' is required.",
        "  Input 'github-token' is required.",
        "  Input 'gitops-repository' is 'https://github.com/contoso/gitops': write it as owner/name.",
        "  Input 'dry-run' is 'maybe': write true or false.",
      ].join('\n'),
    );
  });
});
