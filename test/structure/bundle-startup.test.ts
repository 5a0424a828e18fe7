// What a bundle in dist/ costs before the action's first check (docs/decisions/startup-cost.md):
// no bundle imports `node:http` as an ES module (which loads Node's own undici at start-up); an
// action's chunks are all there, each with its source map, none stale; and what a run may not
// need (@actions/artifact) is in a chunk that start-up does not load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** Every JavaScript file of dist/, as a path relative to the repository. */
const bundles = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.m?js$/.test(file))
  .map((file) => `dist/${file.split('\\').join('/')}`)
  .sort();

const actions = readdirSync(join(root, 'actions'))
  .filter((id) => existsSync(join(root, 'actions', id, 'src', 'main.ts')))
  .sort();

/** The modules a bundle imports statically (`import … from "x"` at the start of a line). */
function staticImports(text: string): string[] {
  return [...text.matchAll(/^import\s[^;]*?\sfrom\s*["']([^"']+)["']/gm)].map((m) => m[1]!);
}

/**
 * The chunks a bundle imports dynamically (`import("./chunks/artifact-CD34EF56.js")`): paths as
 * esbuild names chunks, so that an `import("./x.js")` in a dependency's comment does not count.
 */
function dynamicImports(text: string): string[] {
  return [...text.matchAll(/\bimport\(\s*"(\.\/(?:chunks\/)?[\w-]+-[A-Z0-9]{8}\.js)"\s*\)/g)].map(
    (m) => m[1]!,
  );
}

/** A relative import of `from` (a dist/ path) as a dist/ path; undefined for a package. */
function target(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  return normalize(join(dirname(from), specifier))
    .split('\\')
    .join('/');
}

/** The files a bundle loads before it runs: `main` and what it imports statically, transitively. */
function startupFiles(main: string): string[] {
  const seen = new Set([main]);
  const queue = [main];
  while (queue.length) {
    const file = queue.pop()!;
    for (const specifier of staticImports(read(file))) {
      const next = target(file, specifier);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen].sort();
}

/** The files a bundle file holds, from its source map (paths relative to the repository). */
function sourcesIn(file: string): string[] {
  const { sources } = JSON.parse(read(`${file}.map`)) as { sources: string[] };
  return sources.map((source) =>
    normalize(join(dirname(file), source))
      .split('\\')
      .join('/'),
  );
}

/** The node_modules packages with a file in a bundle file, from its source map. */
function packagesIn(file: string): Set<string> {
  const sources = sourcesIn(file);
  const names = new Set<string>();
  for (const source of sources) {
    const parts = source.split('/');
    const at = parts.lastIndexOf('node_modules');
    if (at >= 0)
      names.add(
        parts[at + 1]!.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]!,
      );
  }
  return names;
}

describe('bundle start-up', () => {
  it('finds the bundles', () => {
    expect(bundles).toContain('dist/schedule/main.js');
    expect(bundles).toContain('dist/cli/kalypso-engine.mjs');
  });

  it('reads the imports of a bundle from its text', () => {
    const text = [
      'import { a } from "node:http";',
      "import * as b from 'http';",
      'import {',
      '  c,',
      '  d',
      '} from "./chunks/chunk-AB12.js";',
      'const e = await import("./chunks/artifact-CD34EF56.js");',
      '/** @type {import("./types/client.js").Client} */',
      '',
    ].join('\n');
    expect(staticImports(text)).toEqual(['node:http', 'http', './chunks/chunk-AB12.js']);
    expect(dynamicImports(text)).toEqual(['./chunks/artifact-CD34EF56.js']);
    expect(target('dist/x/main.js', './chunks/c.js')).toBe('dist/x/chunks/c.js');
    expect(target('dist/x/chunks/c.js', './d.js')).toBe('dist/x/chunks/d.js');
    expect(target('dist/x/main.js', 'node:fs')).toBeUndefined();
  });

  it.each(bundles)('%s does not import node:http as an ES module', (bundle) => {
    expect(staticImports(read(bundle)).filter((m) => /^(node:)?http$/.test(m))).toEqual([]);
  });

  it('keeps the schedule bundle requiring http', () => {
    expect(read('dist/schedule/main.js')).toContain('require("node:http")');
  });

  describe.each(actions)('dist/%s', (id) => {
    const dir = `dist/${id}`;
    const chunkDir = join(root, dir, 'chunks');
    const chunks = existsSync(chunkDir)
      ? readdirSync(chunkDir)
          .filter((file) => file.endsWith('.js'))
          .sort()
          .map((file) => `${dir}/chunks/${file}`)
      : [];
    const files = [`${dir}/main.js`, ...chunks];

    it('imports only files that exist, and every chunk is imported', () => {
      const imported = new Set<string>();
      for (const file of files) {
        const text = read(file);
        for (const specifier of [...staticImports(text), ...dynamicImports(text)]) {
          const next = target(file, specifier);
          if (!next) continue;
          expect(existsSync(join(root, next)), `${file} imports ${next}`).toBe(true);
          imported.add(next);
        }
      }
      for (const chunk of chunks) expect(imported, `${chunk} is never imported`).toContain(chunk);
    });

    it('names each chunk by a content hash and maps it', () => {
      for (const chunk of chunks) {
        expect(chunk).toMatch(/\/chunks\/[\w-]+-[A-Z0-9]{8}\.js$/);
        const name = chunk.split('/').pop()!;
        expect(read(chunk).endsWith(`\n//# sourceMappingURL=${name}.map\n`), chunk).toBe(true);
        expect(existsSync(join(root, `${chunk}.map`)), `${chunk}.map`).toBe(true);
      }
    });

    it('loads no @actions/artifact at start-up', () => {
      for (const file of startupFiles(`${dir}/main.js`))
        expect([...packagesIn(file)], file).not.toContain('@actions/artifact');
    });
  });

  it('keeps the render out of the start-up of schedule: a run that takes the last proposal never loads it', () => {
    // The template engine, its functions (re2js) and the config schemas (ajv) load when a run
    // renders (packages/core/src/publish/schedule-render.ts, `@kalypso/core/render`).
    const render = (source: string) =>
      /^packages\/gotemplate\/src\/template\/(parser|lexer|exec|eval|functions\/)|(^|\/)node_modules\/(ajv|re2js)\/|^packages\/core\/src\/render\/render-environment\.ts$/.test(
        source,
      );
    const startup = startupFiles('dist/schedule/main.js');
    expect(startup).toContain('dist/schedule/main.js');
    for (const file of startup) expect(sourcesIn(file).filter(render), file).toEqual([]);
    // …and they are in the bundle, in a chunk start-up does not load.
    const chunks = readdirSync(join(root, 'dist', 'schedule', 'chunks'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `dist/schedule/chunks/${file}`);
    const lazy = chunks.filter((chunk) => !startup.includes(chunk));
    for (const name of [
      'packages/gotemplate/src/template/parser.ts',
      'packages/core/src/render/render-environment.ts',
    ])
      expect(lazy.flatMap(sourcesIn)).toContain(name);
    for (const name of ['ajv', 're2js'])
      expect(
        lazy.some((chunk) => packagesIn(chunk).has(name)),
        name,
      ).toBe(true);
  });

  it('keeps the preview artifact upload in a chunk that preview imports when it uploads', () => {
    const chunks = readdirSync(join(root, 'dist', 'preview', 'chunks'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `dist/preview/chunks/${file}`);
    const artifact = chunks.filter((chunk) => packagesIn(chunk).has('@actions/artifact'));
    expect(artifact).toHaveLength(1);
    expect(dynamicImports(read('dist/preview/main.js'))).toContain(
      `./chunks/${artifact[0]!.split('/').pop()}`,
    );
  });
});
