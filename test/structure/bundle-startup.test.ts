// What a bundle in dist/ costs before the action's first check (docs/decisions/startup-cost.md):
// no bundle imports `node:http` as an ES module, which would load Node's own undici at start-up.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Every JavaScript file of dist/, as a path relative to the repository. */
const bundles = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.m?js$/.test(file))
  .map((file) => `dist/${file.split('\\').join('/')}`)
  .sort();

/** The modules a bundle imports statically (`import … from "x"` at the start of a line). */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s[^;]*?\sfrom\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
}

describe('bundle start-up', () => {
  it('finds the bundles', () => {
    expect(bundles).toContain('dist/schedule/main.js');
    expect(bundles).toContain('dist/cli/kalypso-engine.mjs');
  });

  it('reads an import from the text of a bundle', () => {
    expect(staticImports('import { a } from "node:http";\nimport * as b from \'http\';\n')).toEqual(
      ['node:http', 'http'],
    );
  });

  it.each(bundles)('%s does not import node:http as an ES module', (bundle) => {
    const text = readFileSync(join(root, bundle), 'utf8');
    expect(staticImports(text).filter((m) => /^(node:)?http$/.test(m))).toEqual([]);
  });

  it('keeps the schedule bundle requiring http', () => {
    expect(existsSync(join(root, 'dist', 'schedule', 'main.js'))).toBe(true);
    expect(readFileSync(join(root, 'dist', 'schedule', 'main.js'), 'utf8')).toContain(
      'require("node:http")',
    );
  });
});
