import { describe, expect, it } from 'vitest';
import { COMMANDS, commandHelp, mainHelp, quickAnswer } from './command-specs.ts';

const version = () => '9.8.7';

describe('quickAnswer (what kalypso answers without loading the engine)', () => {
  it.each([['--version'], ['-V'], ['version']])('%s prints the version', (flag) => {
    expect(quickAnswer([flag], version)).toEqual({ stdout: '9.8.7', code: 0 });
  });

  it.each([['--help'], ['-h'], ['help']])('%s prints the overview', (flag) => {
    expect(quickAnswer([flag], version)).toEqual({ stdout: mainHelp('9.8.7'), code: 0 });
  });

  it('without arguments prints the overview on stderr and exits 2', () => {
    expect(quickAnswer([], version)).toEqual({ stderr: mainHelp('9.8.7'), code: 2 });
  });

  it.each(COMMANDS.map((c) => [c.name]))('help of %s, both ways', (name) => {
    const command = COMMANDS.find((c) => c.name === name)!;
    const help = { stdout: commandHelp(command), code: 0 };
    expect(quickAnswer([name, '--help'], version)).toEqual(help);
    expect(quickAnswer([name, '-h'], version)).toEqual(help);
    expect(quickAnswer(['help', name], version)).toEqual(help);
    expect(quickAnswer(['--help', name], version)).toEqual(help);
  });

  it.each([
    [['valdate', '--help']],
    [['help', 'rendr']],
    [['render', '--bogus', '--help']],
    [['render', '--environment', 'dev']],
    [['--version', 'extra']],
  ])('leaves %j to the engine (a mistake gets its "did you mean" there)', (argv) => {
    expect(quickAnswer(argv, version)).toBeUndefined();
  });

  it('reads the version only when it prints it', () => {
    let read = 0;
    quickAnswer(['render', '--help'], () => `${++read}`);
    expect(read).toBe(0);
  });
});

describe('help', () => {
  it('lists every command, the colour switches and the exit codes', () => {
    const help = mainHelp('1.0.0');
    for (const command of COMMANDS) expect(help).toContain(`  ${command.name} `);
    expect(help).toContain('NO_COLOR');
    expect(help).toContain('FORCE_COLOR');
    expect(help).toContain('2  usage error: unknown command, option or environment');
  });

  it('gives every command --quiet and --no-color', () => {
    for (const command of COMMANDS) {
      expect(command.options.quiet, command.name).toBeDefined();
      expect(command.options['no-color'], command.name).toBeDefined();
    }
  });
});
