import { describe, expect, it } from 'vitest';
import { policyAccessOf, readInputs } from './inputs.ts';

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
  'break-glass-reason': '',
  'skip-chain-reason': '',
  'policy-override-reason': '',
  scope: 'environment',
  reason: '',
  expires: '',
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
      gitopsToken: '',
      warnings: [],
    });
  });

  it('takes a gitops-token for the sweep (the merge gates), and says it is ignored elsewhere', () => {
    const sweep = read({ mode: 'sweep', environment: '', 'gitops-token': 'g' });
    expect(sweep.gitopsToken).toBe('g');
    expect(policyAccessOf(sweep, undefined).gitopsToken).toBe('g');
    const promote = read({ 'gitops-token': 'g' });
    expect(promote.warnings).toEqual([
      "Input 'gitops-token' is used only with 'mode: sweep'; ignored.",
    ]);
    expect(policyAccessOf(promote, undefined).gitopsToken).toBeUndefined();
  });

  it('sweeps without an environment or a commit, and knows only its two modes', () => {
    expect(read({ mode: 'sweep', environment: '', 'promoted-commit': '' })).toMatchObject({
      mode: 'sweep',
      environment: '',
      promotedCommit: '',
    });
    expect(() => read({ mode: 'freeze' })).toThrow(
      "Input 'mode' is 'freeze': write one of 'promote', 'sweep', 'lock', 'unlock'.",
    );
    expect(() => read({ environment: '' })).toThrow("Input 'environment' is required.");
  });

  it('reads a break-glass reason: one line, bounded, never a path outside the repository', () => {
    const inputs = read({ 'break-glass-reason': 'INC-1 hotfix' }, { GITHUB_ACTOR: 'carol' });
    expect(inputs.policyOverrideReason).toBe('INC-1 hotfix');
    // One reason passes both the chain and the policy.
    expect(inputs.chain.skip).toEqual({ reason: 'INC-1 hotfix', actor: 'carol' });
    expect(inputs.warnings).toEqual([]);
    expect(() => read({ 'break-glass-reason': 'x'.repeat(201) })).toThrow(
      "Input 'break-glass-reason' is 201 characters long: write at most 200",
    );
    expect(read({ 'break-glass-reason': 'x'.repeat(200) }).policyOverrideReason).toHaveLength(200);
    expect(() => read({ 'break-glass-reason': 'a\u0007b' })).toThrow(/control or direction/);
    expect(() => read({ 'promotion-chain-file': '../x.yaml' })).toThrow(
      /'promotion-chain-file' must be a path inside the repository/,
    );
  });

  it('still takes the two deprecated names, with a warning each, and one bound', () => {
    for (const alias of ['skip-chain-reason', 'policy-override-reason']) {
      const inputs = read({ [alias]: 'INC-2 hotfix' }, { GITHUB_ACTOR: 'octocat' });
      expect(inputs.policyOverrideReason).toBe('INC-2 hotfix');
      expect(inputs.chain.skip).toEqual({ reason: 'INC-2 hotfix', actor: 'octocat' });
      expect(inputs.warnings).toEqual([
        `Input '${alias}' is deprecated: write 'break-glass-reason' instead (one reason, at most 200 characters, passes both the promotion chain and the promotion policy).`,
      ]);
      expect(() => read({ [alias]: 'y'.repeat(201) })).toThrow(
        `Input '${alias}' is 201 characters long: write at most 200`,
      );
    }
    expect(
      read({ 'break-glass-reason': 'INC-3', 'skip-chain-reason': 'INC-3' }).policyOverrideReason,
    ).toBe('INC-3');
    expect(() =>
      read({ 'break-glass-reason': 'INC-3', 'policy-override-reason': 'INC-4' }),
    ).toThrow(
      "Inputs 'break-glass-reason' and 'policy-override-reason' give two different break-glass reasons: give one, as 'break-glass-reason'.",
    );
  });

  it('reads a lock: scope, reason and expiry; an unlock needs no reason', () => {
    const lock = { mode: 'lock', 'promoted-commit': '', environment: 'prod' };
    expect(read({ ...lock, reason: 'INC-4211', expires: '4h' }).lock).toEqual({
      scope: { type: 'environment' },
      reason: 'INC-4211',
      expires: '4h',
    });
    expect(read({ ...lock, scope: 'drone', reason: 'firmware' }).lock).toMatchObject({
      scope: { type: 'cluster-type', clusterType: 'drone' },
    });
    expect(read({ ...lock, mode: 'unlock' }).lock).toEqual({
      scope: { type: 'environment' },
      reason: '',
      expires: '',
    });
    expect(() => read({ ...lock, scope: 'Drone_1', reason: 'r'.repeat(201) })).toThrow(
      /The inputs have 2 problems:\n {2}Input 'scope': scope 'Drone_1' is neither 'environment' nor a cluster type name.*\n {2}Input 'reason' has 201 characters: write at most 200\./,
    );
    expect(() => read(lock)).toThrow("Input 'reason' is required with 'mode: lock'");
    expect(() => read({ ...lock, reason: 'two\u0007' })).toThrow(/one line of plain text/);
    expect(() => read({ ...lock, mode: 'unlock', expires: '4h' })).toThrow(
      "Input 'expires' is for 'mode: lock'; remove it to unlock.",
    );
    expect(() => read({ ...lock, environment: '' })).toThrow("Input 'environment' is required.");
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
  });
});
