import { describe, expect, it } from 'vitest';
import { readInputs } from './inputs.ts';

const commit = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const defaults: Record<string, string> = {
  environment: 'dev',
  'promoted-commit': commit,
  'github-token': 't',
  repository: 'acme/cp',
  'base-repo-url': 'https://github.com/acme/cp',
  'base-repo-branch': 'main',
  'base-repo-path': '.',
  status: 'true',
  'schedule-workflow': '',
  'dry-run': 'false',
  'promotion-chain-file': '.github/promotion-chain.yaml',
  'ci-status-context': 'Kalypso CI',
  'skip-chain-reason': '',
  'policy-override-reason': '',
};
const read = (overrides: Record<string, string> = {}, env: Record<string, string> = {}) =>
  readInputs((name) => ({ ...defaults, ...overrides })[name] ?? '', env);

describe('readInputs', () => {
  it('reads the inputs', () => {
    expect(read()).toEqual({
      mode: 'promote',
      environment: 'dev',
      promotedCommit: commit,
      token: 't',
      repository: 'acme/cp',
      baseRepo: { repo: 'https://github.com/acme/cp', branch: 'main', path: '.' },
      setStatus: true,
      schedule: 'push',
      scheduleWorkflow: '',
      dryRun: false,
      chain: { file: '.github/promotion-chain.yaml', ciContext: 'Kalypso CI' },
      policyOverrideReason: '',
    });
  });

  it('sweeps without an environment or a commit, and knows only its two modes', () => {
    expect(read({ mode: 'sweep', environment: '', 'promoted-commit': '' })).toMatchObject({
      mode: 'sweep',
      environment: '',
      promotedCommit: '',
    });
    expect(() => read({ mode: 'lock' })).toThrow(
      "Input 'mode' is 'lock': write one of 'promote', 'sweep'.",
    );
    expect(() => read({ environment: '' })).toThrow("Input 'environment' is required.");
  });

  it('reads a break-glass reason: one line, bounded, never a path outside the repository', () => {
    expect(read({ 'policy-override-reason': 'INC-1 hotfix' }).policyOverrideReason).toBe(
      'INC-1 hotfix',
    );
    expect(() => read({ 'policy-override-reason': 'x'.repeat(201) })).toThrow(
      "Input 'policy-override-reason' has 201 characters: write at most 200",
    );
    expect(() => read({ 'policy-override-reason': 'a\u0007b' })).toThrow(/one line of text/);
    expect(() => read({ 'promotion-chain-file': '../x.yaml' })).toThrow(
      /'promotion-chain-file' must be a path inside the repository/,
    );
  });

  it('dispatches the schedule workflow when schedule-workflow names one', () => {
    expect(read({ 'schedule-workflow': 'schedule.yaml' })).toMatchObject({
      schedule: 'dispatch',
      scheduleWorkflow: 'schedule.yaml',
    });
  });

  it.each([
    [{ environment: '' }, "Input 'environment' is required."],
    [{ environment: 'a b' }, "Input 'environment' is 'a b', which is not a branch name."],
    [
      { 'promoted-commit': 'main' },
      "Input 'promoted-commit' is 'main': pass the full 40-character id",
    ],
    [{ status: 'yes' }, "Input 'status' is 'yes': write true or false."],
    [{ 'dry-run': 'yes' }, "Input 'dry-run' is 'yes': write true or false."],
    [
      { schedule: 'dispatch' },
      "Input 'schedule' was removed: write `schedule-workflow: schedule.yaml` for `schedule: dispatch`",
    ],
    [{ repository: 'cp' }, "Input 'repository' is 'cp': write it as owner/name."],
  ])('rejects %j', (overrides, message) => {
    expect(() => read(overrides)).toThrow(message);
  });

  it('reports every problem at once', () => {
    expect(() => read({ environment: '', status: 'maybe' })).toThrow(
      /The inputs have 2 problems:\n {2}Input 'environment' is required\.\n {2}Input 'status'/,
    );
  });

  it('reads the break-glass reason with who dispatched the run, and bounds it', () => {
    expect(
      read({ 'skip-chain-reason': ' hotfix  INC-123 ' }, { GITHUB_ACTOR: 'octocat' }).chain,
    ).toEqual({
      file: '.github/promotion-chain.yaml',
      ciContext: 'Kalypso CI',
      skip: { reason: 'hotfix INC-123', actor: 'octocat' },
    });
    expect(read({ 'skip-chain-reason': 'x' }, { GITHUB_ACTOR: '::evil' }).chain.skip).toEqual({
      reason: 'x',
      actor: 'an unknown actor',
    });
    expect(() => read({ 'skip-chain-reason': 'y'.repeat(101) })).toThrow(
      "Input 'skip-chain-reason' is 101 characters long: write at most 100 (e.g. 'hotfix INC-123').",
    );
  });
});
