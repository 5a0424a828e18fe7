import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportProblems, runnerContractProblems } from './runner-log.ts';

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

describe('reportProblems', () => {
  it('annotates a warning as a warning and anything else as an error, at its file and line', () => {
    const calls: string[] = [];
    const reporter = {
      debug: () => {},
      info: () => {},
      warning: (m: string, w?: { file: string; line?: number }) =>
        calls.push(`warning ${w?.file}:${w?.line} ${m}`),
      error: (m: string, w?: { file: string; line?: number }) =>
        calls.push(`error ${w?.file}:${w?.line} ${m}`),
      group: <T>(_t: string, work: () => Promise<T>) => work(),
    };
    reportProblems(
      [
        { file: 'a.yaml', line: 3, message: 'no Workload here', severity: 'warning' },
        { file: 'b.yaml', message: 'broken', severity: 'error' },
        { message: 'also broken' },
      ],
      reporter,
    );
    expect(calls).toEqual([
      'warning a.yaml:3 a.yaml:3: no Workload here',
      'error b.yaml:undefined b.yaml: broken',
      'error undefined:undefined also broken',
    ]);
  });
});
