import { describe, expect, it } from 'vitest';
import {
  chainView,
  code,
  codeBlock,
  commitLink,
  count,
  cutToBytes,
  factsTable,
  inertMentions,
  inertText,
  folded,
  shortSha,
  summaryLine,
  table,
  tableCell,
  text,
  utf8Bytes,
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

describe('inert output', () => {
  const ZWSP = '\u200b';

  it('breaks every mention GitHub would link, and nothing else', () => {
    expect(inertMentions('ping @octocat and @acme/platform-team, (@x)')).toBe(
      `ping @${ZWSP}octocat and @${ZWSP}acme/platform-team, (@${ZWSP}x)`,
    );
    expect(inertMentions('@start')).toBe(`@${ZWSP}start`);
    // Not mentions on GitHub: an e-mail address, a lone @, `@` in code.
    expect(inertMentions('mail a@b.org, @ alone, `@code`')).toBe('mail a@b.org, @ alone, `@code`');
  });

  it('makes text, summary lines and table cells inert; code spans and blocks need nothing', () => {
    expect(text('cc @acme/ops')).toBe(`cc @${ZWSP}acme/ops`);
    expect(summaryLine('cc @acme/ops')).toBe(`cc @${ZWSP}acme/ops`);
    expect(tableCell('cc @acme/ops')).toBe(`cc @${ZWSP}acme/ops`);
    expect(code('@acme/ops')).toBe('`@acme/ops`');
    expect(codeBlock('@acme/ops')).toBe('```text\n@acme/ops\n```');
  });

  it('never shows the credentials of a URL, in any building block', () => {
    const url = 'https://deploy:ghp_s3cret@github.com/acme/gitops';
    for (const shown of [
      text(url),
      summaryLine(url),
      tableCell(url),
      code(url),
      codeBlock(url),
      inertText(url),
    ]) {
      expect(shown).not.toContain('ghp_s3cret');
      expect(shown).not.toContain('deploy:');
      // As the reader sees it: escapes and the mention break are invisible.
      expect(shown.replace(/\\|\u200b/g, '')).toContain('***@github.com/acme/gitops');
    }
  });

  it('links a commit of a URL with credentials without them', () => {
    expect(commitLink('https://u:ghp_x@github.com/acme/cp', sha)).toBe(
      `[\`1a2b3c4\`](https://github.com/acme/cp/commit/${sha})`,
    );
  });

  it('measures in UTF-8 bytes and cuts only between characters', () => {
    expect(utf8Bytes('aé€😀')).toBe(1 + 2 + 3 + 4);
    expect(cutToBytes('aé€😀', 6)).toBe('aé€');
    expect(cutToBytes('aé€😀', 9)).toBe('aé€');
    expect(cutToBytes('aé€😀', 10)).toBe('aé€😀');
    expect(cutToBytes('éé', 3)).toBe('é');
  });
});
