import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runnerContractProblems } from './runner-log.ts';

describe('the runner contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-contract-'));
  const output = join(dir, 'output');
  const summary = join(dir, 'summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');

  it('holds when every file command the actions write is a writable file', () => {
    expect(runnerContractProblems({ GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary })).toEqual(
      [],
    );
  });

  it('names each missing variable and each missing file', () => {
    const problems = runnerContractProblems({ GITHUB_OUTPUT: join(dir, 'gone') });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^GITHUB_OUTPUT names '.*gone', which is not a writable file/);
    expect(problems[1]).toMatch(
      /^The runner did not set GITHUB_STEP_SUMMARY \(the file for the job summary\)/,
    );
  });
});
