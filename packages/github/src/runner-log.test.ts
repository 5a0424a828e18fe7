import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { utf8Bytes } from '@kalypso/core';
import {
  boundedSummary,
  reportProblems,
  runnerContractProblems,
  STEP_SUMMARY_LIMIT_BYTES,
} from './runner-log.ts';

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

describe('boundedSummary', () => {
  const note =
    '\n\n… cut here: the job summary may hold 1048576 bytes; the run log has the rest.\n';

  it('measures the 1 MiB limit in UTF-8 bytes: 600,000 two-byte characters are cut', () => {
    const summary = boundedSummary('é'.repeat(600_000));
    expect(utf8Bytes(summary)).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT_BYTES);
    expect(utf8Bytes(summary)).toBeGreaterThan(STEP_SUMMARY_LIMIT_BYTES - 200);
    expect(summary.endsWith(note)).toBe(true);
    expect(/^é+$/.test(summary.slice(0, -note.length))).toBe(true);
  });

  it('leaves room for what the step already wrote, and never splits a character', () => {
    const summary = boundedSummary('😀'.repeat(300_000), 1000);
    expect(utf8Bytes(summary) + 1000).toBeLessThanOrEqual(STEP_SUMMARY_LIMIT_BYTES);
    expect(summary.slice(0, -note.length)).toMatch(/^(?:😀)+$/u);
  });

  it('keeps a summary that fits as it is, with the credentials of URLs redacted', () => {
    expect(boundedSummary('## ok\nfrom https://u:ghp_x@github.com/a/b\n')).toBe(
      '## ok\nfrom https://***@github.com/a/b\n',
    );
  });
});
