// Every workspace package declares what its own code imports, so that a package's package.json
// says what it depends on (hoisting in node_modules would hide a missing entry). The CLI is
// published as one bundle: what it needs is in `devDependencies`, and it has no `dependencies`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const workspaces = ['packages', 'actions'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => join(group, name))
    .filter((dir) => statSync(join(root, dir, 'package.json'), { throwIfNoEntry: false })),
);

function manifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
}

/** The TypeScript files under `dir`, tests and test helpers left out. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.ts$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** `@scope/name` or `name` of a bare specifier; undefined for relative paths and Node built-ins. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!))
    return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package a file imports (static imports, re-exports, `import()` and `import type`). */
function importedPackages(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.flatMap((f) => packageOf(f.fileName) ?? []);
}

describe('package dependencies', () => {
  it('finds the workspace packages', () => {
    expect(workspaces).toEqual(
      expect.arrayContaining(['packages/core', 'packages/gotemplate', 'packages/cli']),
    );
  });

  it('reads bare specifiers', () => {
    expect(packageOf('@noble/hashes/sha2.js')).toBe('@noble/hashes');
    expect(packageOf('yaml')).toBe('yaml');
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs/promises')).toBeUndefined();
    expect(packageOf('./index.ts')).toBeUndefined();
  });

  for (const dir of workspaces) {
    it(`${dir} declares every package its source imports`, () => {
      const own = manifest(dir);
      const declared = new Set(
        Object.keys(
          dir === 'packages/cli' ? (own.devDependencies ?? {}) : (own.dependencies ?? {}),
        ),
      );
      const missing: string[] = [];
      for (const file of sourceFiles(join(root, dir, 'src'))) {
        for (const name of importedPackages(file)) {
          if (name !== own.name && !declared.has(name))
            missing.push(`${relative(root, file)} imports ${name}`);
        }
      }
      expect(missing, `declare these in ${dir}/package.json`).toEqual([]);
    });
  }

  it('the CLI package has no dependencies: the published CLI is one bundle', () => {
    expect(manifest('packages/cli')).not.toHaveProperty('dependencies');
  });
});
