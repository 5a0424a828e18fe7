// The runner requirement of node24 actions (2.327.1 or newer) is stated wherever a user looks: the
// README, each action's README, and the message that names a runner version.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_IDS, readActionMetadata } from '../scripts/action-catalog.ts';
import {
  MINIMUM_RUNNER_VERSION,
  runnerContractProblems,
} from '../packages/github/src/runner-log.ts';

const root = resolve(import.meta.dirname, '..');
const present = ACTION_IDS.filter((id) => existsSync(join(root, id, 'action.yml')));

describe('runner requirement', () => {
  it('is 2.327.1, the first runner that runs node24 actions', () => {
    expect(MINIMUM_RUNNER_VERSION).toBe('2.327.1');
    expect(present.every((id) => readActionMetadata(root, id).runs.using === 'node24')).toBe(true);
  });

  it.each(['README.md', ...present.map((id) => `${id}/README.md`)])('%s states it', (file) => {
    const text = readFileSync(join(root, file), 'utf8').replace(/\s+/g, ' ');
    expect(text).toContain('runner 2.327.1 or newer');
    expect(text).toMatch(/self-hosted runners/);
    expect(text).toMatch(/GitHub Enterprise Server/);
  });

  it('is the version the message of a missing file command names', () => {
    const [problem] = runnerContractProblems({ GITHUB_OUTPUT: undefined, GITHUB_STEP_SUMMARY: '' });
    expect(problem).toBe(
      'The runner did not set GITHUB_OUTPUT (the file for step outputs). Run this action as a step of a GitHub Actions job (runner 2.327.1 or newer, as node24 actions need), or set GITHUB_OUTPUT to a writable file.',
    );
  });
});
