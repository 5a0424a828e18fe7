// Every action writes to the runner through packages/github/src/runner-log.ts, which keeps text
// from repositories and Resource Graph from becoming workflow commands. A direct call to
// @actions/core's log, output or summary functions, console or process.stdout would bypass it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

describe('the runner sink', () => {
  it('is the only way the actions write to the runner', () => {
    const offenders: string[] = [];
    const files = ['actions', 'packages/github/src', 'packages/azure/src'].flatMap(sources);
    expect(files).toContain(join('actions', 'ci-gate', 'src', 'main.ts'));
    for (const file of files) {
      if (file === 'packages/github/src/runner-log.ts') continue;
      const text = readFileSync(join(root, file), 'utf8');
      for (const [n, line] of text.split('\n').entries()) {
        const direct =
          /\bcore\.(?!getInput\b|getIDToken\b)\w+/.test(line) ||
          /\bconsole\.|process\.(stdout|stderr)/.test(line);
        if (direct && !/^\s*(\/\/|\*)/.test(line))
          offenders.push(`${file}:${n + 1}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
