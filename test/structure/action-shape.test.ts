// One shape for every action (docs/decisions/action-shape.md): actions/<id>/src reads inputs,
// builds adapters through one factory of packages/github or packages/azure, calls one core use
// case and writes outputs and a summary from its report. So no file there talks to an SDK or a
// process itself, and every main.ts stays a short composition root.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const MAIN_LINES = 80;
/**
 * Modules only the adapter packages may import: the SDKs, processes, and the runner itself
 * (`@actions/*`: inputs, outputs, the log and the summary go through packages/github's kit).
 */
const FORBIDDEN = /^(@octokit\/|@azure\/|@actions\/|(node:)?child_process$)/;

const actions = readdirSync(join(root, 'actions')).filter((id) =>
  statSync(join(root, 'actions', id, 'src'), { throwIfNoEntry: false })?.isDirectory(),
);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a source imports or re-exports, statically or dynamically. */
export function importedModules(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push(m[1]!);
  return found;
}

describe('action shape', () => {
  it('finds every action', () => {
    expect(actions).toEqual(
      expect.arrayContaining(['ci-gate', 'cd-promote', 'schedule', 'check-promote', 'notify']),
    );
  });

  it('reads imports of every form', () => {
    const text = [
      "import * as core from '@actions/core';",
      "import { DefaultAzureCredential } from '@azure/identity';",
      "export { x } from '@octokit/rest';",
      "import 'node:child_process';",
      "const m = await import('child_process');",
    ].join('\n');
    expect(importedModules(text).filter((m) => FORBIDDEN.test(m))).toEqual([
      '@actions/core',
      '@azure/identity',
      '@octokit/rest',
      'node:child_process',
      'child_process',
    ]);
  });

  it.each(actions)('actions/%s/src imports no SDK and starts no process', (id) => {
    const offending = files(join(root, 'actions', id, 'src')).flatMap((file) =>
      importedModules(readFileSync(file, 'utf8'))
        .filter((module) => FORBIDDEN.test(module))
        .map((module) => `${relative(root, file)} imports '${module}'`),
    );
    expect(
      offending,
      'move the call behind a port: the adapter into packages/github or packages/azure, the logic into packages/core; read inputs with stepInputs and write outputs, summary and log with packages/github/src/runner-log.ts',
    ).toEqual([]);
  });

  it.each(actions)(`actions/%s/src/main.ts is under ${MAIN_LINES} lines`, (id) => {
    const main = join(root, 'actions', id, 'src', 'main.ts');
    const lines = readFileSync(main, 'utf8').trimEnd().split('\n').length;
    expect(
      lines,
      `${relative(root, main)} has ${lines} lines: keep it to inputs, one adapter factory, one use case, outputs and summary`,
    ).toBeLessThan(MAIN_LINES);
  });

  it.each(actions)('actions/%s/src builds its markdown with the kit', (id) => {
    // Table delimiter rows, <details> and short commit ids come from packages/core/src/markdown/,
    // where values from repositories are escaped; comments may mention them.
    const handmade = /\| --- \||<details>|\.slice\(0, 7\)/;
    const offending = files(join(root, 'actions', id, 'src'))
      .filter((file) => !/\.test\.ts$/.test(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => !/^\s*(\/\/|\*|\/\*\*)/.test(line) && handmade.test(line))
          .map(({ index }) => `${relative(root, file)}:${index + 1}`),
      );
    expect(
      offending,
      'use table/factsTable, folded, shortSha/commitLink from packages/core/src/markdown/markdown.ts',
    ).toEqual([]);
  });
});
