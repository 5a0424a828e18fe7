// No room grows past its walls: a source file of packages/*/src or actions/*/src (tests and test
// support aside) holds at most MAX_LINES lines, so that each file keeps to one job. The files over
// it today are listed below with the count they may not grow past; the list only shrinks.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const MAX_LINES = 400;

/**
 * Files over MAX_LINES, each with its line count today: lower the number when the file shrinks,
 * remove the entry once it is at most MAX_LINES (or when it is split or moved). Never add one:
 * split the file by job instead.
 */
const EXCEPTIONS: Record<string, number> = {
  // The compliance evidence engine (Flux configuration reports into verdicts and counts).
  'packages/core/src/compliance/evaluate.ts': 490,
};

/** Tracked and new (not ignored) source files of the packages and actions, tests left out. */
const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /^(packages|actions)\/[^/]+\/src\/.+\.(ts|mts|js|mjs)$/.test(f))
  .filter((f) => !/\.test(-support)?\.ts$/.test(f) && existsSync(join(root, f)));

/** Lines as `wc -l` counts them (a last line without a newline still counts). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

const lines = (file: string) => lineCount(readFileSync(join(root, file), 'utf8'));

describe('file size', () => {
  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n\nb\n')).toBe(3);
  });

  it('finds the sources of every package and action', () => {
    expect(sources).toEqual(
      expect.arrayContaining([
        'packages/github/src/git.ts',
        'packages/cli/src/gitops-dir/prescan-worker.ts',
        'actions/schedule/src/main.ts',
      ]),
    );
    expect(sources.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it(`keeps every source file at ${MAX_LINES} lines or fewer`, () => {
    const over = sources
      .filter((f) => !(f in EXCEPTIONS))
      .map((f) => ({ file: f, lines: lines(f) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines (split it by job)`);
    expect(over).toEqual([]);
  });

  it('lets the listed exceptions only shrink', () => {
    const problems = Object.entries(EXCEPTIONS).flatMap(([file, ceiling]) => {
      if (!sources.includes(file))
        return [`${file}: gone; remove it from EXCEPTIONS (a moved file keeps its number)`];
      const count = lines(file);
      if (count <= MAX_LINES) return [`${file}: ${count} lines; remove it from EXCEPTIONS`];
      if (count > ceiling) return [`${file}: ${count} lines, grew past ${ceiling}; split it`];
      if (count < ceiling) return [`${file}: ${count} lines; lower its number to ${count}`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});
