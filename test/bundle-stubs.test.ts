// The packages scripts/bundle-stubs/stubs.mjs keeps out of the bundles: no bundle in dist/ holds a
// file of a stubbed package or of anything only it brings in (read from each bundle's source maps,
// main.js.map and those of its chunks, which list every file esbuild put in), every bundle that
// contains the importer holds the stub
// instead, and the stub fails with a message if anything ever calls it. That nothing reachable
// needs the real package is shown by check-promote's sign-in tests running the bundle
// (test/azure/*.int.test.ts, test/check-promote.int.test.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import open from '../scripts/bundle-stubs/open.mjs';
import { stubs } from '../scripts/bundle-stubs/stubs.mjs';

const root = resolve(import.meta.dirname, '..');
/** An action's bundle, named by its main.js.map: that map and those of its chunks. */
const mapsOf = (map: string): string[] => {
  const chunks = join(root, map, '..', 'chunks');
  return [
    map,
    ...(map.endsWith('/main.js.map') && existsSync(chunks)
      ? readdirSync(chunks)
          .filter((file) => file.endsWith('.js.map'))
          .sort()
          .map((file) => `${map.slice(0, -'main.js.map'.length)}chunks/${file}`)
      : []),
  ];
};

const maps = [
  ...readdirSync(join(root, 'actions'))
    .filter((id) => existsSync(join(root, 'dist', id, 'main.js.map')))
    .map((id) => `dist/${id}/main.js.map`),
  'dist/cli/kalypso.mjs.map',
];

/** A package and every package it depends on, transitively, as installed in node_modules. */
function closure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const manifest = JSON.parse(
    readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'),
  ) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) closure(dependency, seen);
  return seen;
}

/** The node_modules packages with at least one file in a bundle, from its source maps. */
function bundledPackages(map: string): Set<string> {
  const names = new Set<string>();
  for (const source of sourcesOf(map)) {
    const parts = source.split('/');
    const at = parts.lastIndexOf('node_modules');
    if (at < 0) continue;
    names.add(
      parts[at + 1]!.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1]!,
    );
  }
  return names;
}

function sourcesOf(map: string): string[] {
  return mapsOf(map).flatMap(
    (file) => (JSON.parse(readFileSync(join(root, file), 'utf8')) as { sources: string[] }).sources,
  );
}

describe.each(Object.entries(stubs))('the stub for %s', (name, stub) => {
  const excluded = closure(name);

  it('replaces a package that brings in others, none of them used elsewhere', () => {
    expect(excluded.size).toBeGreaterThan(1);
    expect(existsSync(join(root, stub))).toBe(true);
  });

  it.each(maps)('keeps it and its dependencies out of %s', (map) => {
    const inside = [...bundledPackages(map)].filter((p) => excluded.has(p));
    expect(inside, `${map} holds ${inside.join(', ')}`).toEqual([]);
  });

  it('stands in wherever @azure/identity is bundled', () => {
    const withIdentity = maps.filter((map) => bundledPackages(map).has('@azure/identity'));
    expect(withIdentity).toContain('dist/check-promote/main.js.map');
    for (const map of withIdentity)
      expect(
        sourcesOf(map).some((s) => s.endsWith(stub.slice(2))),
        map,
      ).toBe(true);
  });
});

describe('the open stub', () => {
  it('fails with what to use instead', async () => {
    await expect(open()).rejects.toThrow(
      'kalypso-actions cannot open a browser: interactive Azure sign-in is not supported. Use azure-auth oidc, client-secret or azure-cli.',
    );
  });
});
