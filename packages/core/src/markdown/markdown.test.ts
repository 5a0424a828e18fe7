import { describe, expect, it } from 'vitest';
import {
  chainView,
  code,
  codeBlock,
  commitLink,
  count,
  factsTable,
  folded,
  shortSha,
  summaryLine,
  table,
  tableCell,
  text,
} from './markdown.ts';

const sha = '1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d';

describe('markdown kit', () => {
  it('links a commit by its short id', () => {
    expect(shortSha(sha)).toBe('1a2b3c4');
    expect(commitLink('https://github.com/acme/cp', sha)).toBe(
      `[\`1a2b3c4\`](https://github.com/acme/cp/commit/${sha})`,
    );
  });

  it('fences text so that it cannot close the block', () => {
    expect(codeBlock('plain')).toBe('```text\nplain\n```');
    const hostile = 'x\n```\n# Injected heading\n````';
    const block = codeBlock(hostile);
    expect(block.startsWith('`````text\n')).toBe(true);
    expect(block.endsWith('\n`````')).toBe(true);
    expect(codeBlock('+a', 'diff')).toBe('```diff\n+a\n```');
  });

  it('keeps a problem on its list item: no line breaks, no HTML', () => {
    expect(summaryLine('a\n## b\r\n<img src=x> & c')).toBe('a ## b &lt;img src=x> &amp; c');
    expect(summaryLine('abcdef', 4)).toBe('abc…');
  });

  it('keeps a table cell in its cell: one line, pipes escaped, bounded', () => {
    expect(tableCell('  a |\n b  <script>  ')).toBe('a \\| b &lt;script>');
    expect(tableCell('x'.repeat(300))).toHaveLength(240);
    expect(tableCell('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('holds any value verbatim in a code span, and escapes plain text', () => {
    expect(code('a|b')).toBe('`a\\|b`');
    expect(code('x`y')).toBe('``x`y``');
    expect(code('`x')).toBe('`` `x ``');
    expect(code('one\ntwo')).toBe('`one two`');
    expect(text('*a* <b>\n#c')).toBe('\\*a\\* \\<b\\> \\#c');
  });

  it('builds tables with a real header row', () => {
    expect(table(['a', 'b'], [['1', '2']])).toEqual(['| a | b |', '| --- | --- |', '| 1 | 2 |']);
    expect(factsTable([['CD', 'not started']])).toEqual([
      '| Item | Value |',
      '| --- | --- |',
      '| CD | not started |',
    ]);
  });

  it('folds a section, counts and chains', () => {
    expect(folded('and 2 more', ['- a', '- b'])).toEqual([
      '<details><summary>and 2 more</summary>',
      '',
      '- a',
      '- b',
      '',
      '</details>',
    ]);
    expect([count(1, 'problem'), count(2, 'problem'), count(0, 'poll')]).toEqual([
      '1 problem',
      '2 problems',
      '0 polls',
    ]);
    expect(chainView(['dev ✅', '**stage** ❌', 'prod'])).toBe('dev ✅ → **stage** ❌ → prod');
  });
});
