import { describe, expect, it } from 'vitest';
import { paintPreviewText } from './preview-output.ts';
import { paint } from './terminal.ts';

const text = [
  'Environment stage',
  '  cluster type edge-alps',
  "    + lift-control-canary: selected by policy 'canary'",
  "    - lift-control-functional-test: deployment target 'lift-control-functional-test' no longer exists",
  '    ~ observability-logs-stage: re-rendered',
  '    config LOG_LEVEL: debug -> trace (observability-logs-stage)',
  '  removals:',
  "    assignment 'lift-control-functional-test' on cluster type 'edge-alps' is removed",
  '',
  '--- a/edge-alps/app/config.yaml',
  '+++ b/edge-alps/app/config.yaml',
  '@@ -1,3 +1,3 @@',
  ' data:',
  '-  LOG_LEVEL: debug',
  '+  LOG_LEVEL: trace',
  '--- removed yaml separator',
  '\\ No newline at end of file',
].join('\n');

describe('paintPreviewText', () => {
  it('leaves the text as it is without colour', () => {
    expect(paintPreviewText(text, paint(false))).toBe(text);
  });

  it('colours headers bold, additions green, removals red and hunks cyan', () => {
    const lines = paintPreviewText(text, paint(true)).split('\n');
    const bold = (s: string) => `\x1b[1m${s}\x1b[22m`;
    const green = (s: string) => `\x1b[32m${s}\x1b[39m`;
    const red = (s: string) => `\x1b[31m${s}\x1b[39m`;
    expect(lines[0]).toBe(bold('Environment stage'));
    expect(lines[1]).toBe(bold('  cluster type edge-alps'));
    expect(lines[2]).toBe(green("    + lift-control-canary: selected by policy 'canary'"));
    expect(lines[3]).toMatch(/^\x1b\[31m {4}- lift-control-functional-test/);
    expect(lines[4]).toBe('\x1b[33m    ~ observability-logs-stage: re-rendered\x1b[39m');
    expect(lines[5]).toBe('    config LOG_LEVEL: debug -> trace (observability-logs-stage)');
    expect(lines[7]).toBe(
      "    assignment 'lift-control-functional-test' on cluster type 'edge-alps' is removed",
    );
    expect(lines[9]).toBe(bold('--- a/edge-alps/app/config.yaml'));
    expect(lines[10]).toBe(bold('+++ b/edge-alps/app/config.yaml'));
    expect(lines[11]).toBe('\x1b[36m@@ -1,3 +1,3 @@\x1b[39m');
    expect(lines[12]).toBe(' data:');
    expect(lines[13]).toBe(red('-  LOG_LEVEL: debug'));
    expect(lines[14]).toBe(green('+  LOG_LEVEL: trace'));
    // A removed line that looks like a file header is not one unless +++ follows.
    expect(lines[15]).toBe(red('--- removed yaml separator'));
    expect(lines[16]).toBe('\x1b[2m\\ No newline at end of file\x1b[22m');
  });
});
