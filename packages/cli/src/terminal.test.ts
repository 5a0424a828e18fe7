import { describe, expect, it } from 'vitest';
import { colorEnabled, paint, printable, Progress, progressEnabled } from './terminal.ts';

describe('colorEnabled', () => {
  it.each([
    ['a terminal', { isTTY: true, env: {} }, true],
    ['a pipe', { isTTY: false, env: {} }, false],
    ['a dumb terminal', { isTTY: true, env: { TERM: 'dumb' } }, false],
    ['NO_COLOR on a terminal', { isTTY: true, env: { NO_COLOR: '1' } }, false],
    ['an empty NO_COLOR (no-color.org: ignored)', { isTTY: true, env: { NO_COLOR: '' } }, true],
    ['NODE_DISABLE_COLORS', { isTTY: true, env: { NODE_DISABLE_COLORS: '1' } }, false],
    ['FORCE_COLOR on a pipe', { isTTY: false, env: { FORCE_COLOR: '1' } }, true],
    ['an empty FORCE_COLOR on a pipe', { isTTY: false, env: { FORCE_COLOR: '' } }, true],
    ['FORCE_COLOR=0 on a terminal', { isTTY: true, env: { FORCE_COLOR: '0' } }, false],
    ['FORCE_COLOR=false on a terminal', { isTTY: true, env: { FORCE_COLOR: 'false' } }, false],
    [
      'FORCE_COLOR over NO_COLOR (as Node does)',
      { isTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } },
      true,
    ],
    [
      '--no-color over FORCE_COLOR',
      { isTTY: true, env: { FORCE_COLOR: '1' }, noColorFlag: true },
      false,
    ],
    ['--no-color on a terminal', { isTTY: true, env: {}, noColorFlag: true }, false],
  ])('%s → %s', (_, options, expected) => {
    expect(colorEnabled(options)).toBe(expected);
  });
});

describe('progressEnabled', () => {
  it.each([
    ['a terminal', { isTTY: true, env: {} }, true],
    ['a pipe', { isTTY: false, env: {} }, false],
    ['CI=true on a terminal', { isTTY: true, env: { CI: 'true' } }, false],
    ['CI=1', { isTTY: true, env: { CI: '1' } }, false],
    ['CI=false', { isTTY: true, env: { CI: 'false' } }, true],
    ['CI=0', { isTTY: true, env: { CI: '0' } }, true],
    ['--quiet', { isTTY: true, env: {}, quiet: true }, false],
    ['a dumb terminal', { isTTY: true, env: { TERM: 'dumb' } }, false],
  ])('%s → %s', (_, options, expected) => {
    expect(progressEnabled(options)).toBe(expected);
  });
});

describe('paint', () => {
  it('leaves text alone without colour', () => {
    const colors = paint(false);
    expect(colors.enabled).toBe(false);
    for (const color of [
      colors.bold,
      colors.red,
      colors.green,
      colors.yellow,
      colors.cyan,
      colors.dim,
    ])
      expect(color('text')).toBe('text');
  });

  it('wraps text in ANSI sequences with colour', () => {
    const colors = paint(true);
    expect(colors.green('added')).toBe('\x1b[32madded\x1b[39m');
    expect(colors.red('removed')).toBe('\x1b[31mremoved\x1b[39m');
    expect(colors.bold('header')).toBe('\x1b[1mheader\x1b[22m');
  });
});

describe('Progress', () => {
  const recorder = (columns?: number) => {
    const writes: string[] = [];
    return { writes, stream: { write: (text: string) => writes.push(text), columns } };
  };

  it('rewrites one status line in place and erases it', () => {
    const { writes, stream } = recorder(80);
    const progress = new Progress(stream);
    progress.update('Cloning 1 of 2');
    progress.update('Cloning 2 of 2');
    progress.clear();
    progress.clear();
    expect(writes).toEqual(['\r\x1b[2KCloning 1 of 2', '\r\x1b[2KCloning 2 of 2', '\r\x1b[2K']);
  });

  it('cuts lines to the width of the terminal, so that they never wrap', () => {
    const { writes, stream } = recorder(20);
    new Progress(stream).update('Cloning https://github.com/frostvale/a-very-long-name');
    expect(writes).toEqual(['\r\x1b[2KCloning https://gi…']); // 19 columns and the cursor
  });

  it('takes a terminal that says it has no width for 80 columns', () => {
    const { writes, stream } = recorder(0);
    new Progress(stream).update(`Writing 46 files to ${'x'.repeat(100)}`);
    expect(writes[0]).toBe(`\r\x1b[2KWriting 46 files to ${'x'.repeat(58)}…`);
  });

  it('shows control characters of repository text as ?', () => {
    const { writes, stream } = recorder(80);
    new Progress(stream).update('Cloning https://evil.example/\x1b]0;owned\x07');
    expect(writes[0]).toBe('\r\x1b[2KCloning https://evil.example/?]0;owned?');
  });

  it('does nothing when off', () => {
    const progress = new Progress(undefined);
    progress.update('x');
    progress.clear();
    expect(progress.enabled).toBe(false);
  });
});

describe('printable', () => {
  it('keeps text and replaces C0 and C1 control characters', () => {
    expect(printable('dev\n\x1b[31m\u009b')).toBe('dev??[31m?');
  });
});
