import { describe, expect, it } from 'vitest';
import {
  CommandNeutraliser,
  escapeCommandData,
  escapeCommandProperty,
  inertLines,
  oneLine,
} from './workflow-commands.ts';

/** Whether the runner would run any line of `text` as a command. */
const runsACommand = (text: string) =>
  text.split(/\r\n|\r|\n/).some((l) => /^[\s\x1c-\x1f\x85]*::/.test(l) || l.includes('##['));

describe('workflow commands', () => {
  it('escapes command data and properties as GitHub documents', () => {
    expect(escapeCommandData('50%\r\n::x')).toBe('50%25%0D%0A::x');
    expect(escapeCommandProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    expect(oneLine('x\n::set-output name=y::z')).toBe('x%0A::set-output name=y::z');
  });

  it('makes every line that would start a command inert, also indented, after CR and legacy ##[', () => {
    const hostile = [
      'fine',
      '::add-mask::secret',
      '   ::warning::indented',
      '\t\x85::error::nel',
      'a\r::stop-commands::t',
      'x ##[group]legacy',
      'keeps :: in the middle',
    ].join('\n');
    const inert = inertLines(hostile);
    expect(runsACommand(hostile)).toBe(true);
    expect(runsACommand(inert)).toBe(false);
    expect(inert).toContain('%3A:add-mask::secret');
    expect(inert).toContain('keeps :: in the middle');
    expect(inert.split('\n')[0]).toBe('fine');
  });

  it('keeps its line state across writes (a command split over chunks)', () => {
    const neutraliser = new CommandNeutraliser();
    const out = ['ok\n  ', ':', ':warning::x\n#', '#', '[error]y'].map((c) => neutraliser.write(c));
    expect(runsACommand(out.join(''))).toBe(false);
  });

  it('lets the process issue its own commands and keeps guarding after them', () => {
    const neutraliser = new CommandNeutraliser();
    expect(neutraliser.pass('::error::ours\n')).toBe('::error::ours\n');
    expect(neutraliser.write('::warning::theirs\n')).toBe('%3A:warning::theirs\n');
  });
});
