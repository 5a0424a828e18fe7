import { describe, expect, it } from 'vitest';
import { codeBlock, summaryLine } from './summary-text.ts';

describe('summary text', () => {
  it('fences text so that it cannot close the block', () => {
    expect(codeBlock('plain')).toBe('```text\nplain\n```');
    const hostile = 'x\n```\n# Injected heading\n````';
    const block = codeBlock(hostile);
    expect(block.startsWith('`````text\n')).toBe(true);
    expect(block.endsWith('\n`````')).toBe(true);
  });

  it('keeps a problem on its list item: no line breaks, no HTML', () => {
    expect(summaryLine('a\n## b\r\n<img src=x> & c')).toBe('a ## b &lt;img src=x> &amp; c');
  });
});
