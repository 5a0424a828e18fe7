// The project is self-contained: code and documents cite files in docs/, never documents that are
// not in the repository, and every docs/ file (and heading anchor) they cite exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|mjs|js|md|ya?ml)$/.test(f))
  .filter((f) => !f.startsWith('dist/') && !/^test\/golden\/[^/]+\//.test(f));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(file: string): Set<string> {
  const slugs = new Set<string>();
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading)
      slugs.add(
        heading[1]!
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replaceAll(' ', '-'),
      );
  }
  return slugs;
}

describe('citations', () => {
  it('no file outside docs/ cites the behaviour model by section or a bare decision id', () => {
    const offenders: string[] = [];
    for (const file of tracked) {
      if (
        file.startsWith('docs/') ||
        file === 'test/structure/citations.test.ts' ||
        file === 'test/project-files.test.ts'
      )
        continue;
      const text = readFileSync(join(root, file), 'utf8');
      text.split('\n').forEach((line, i) => {
        if (/kalypso-model\.md|azure-resource-graph\.md|§|\.\.\/shared|\bD[1-8]\b/.test(line))
          offenders.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('every docs/ file and anchor cited from code exists', () => {
    const missing: string[] = [];
    for (const file of tracked) {
      if (file.startsWith('docs/')) continue;
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, doc, anchor] of text.matchAll(/\bdocs\/([\w/-]+\.md)(?:#([\w-]+))?/g)) {
        const path = `docs/${doc}`;
        if (!existsSync(join(root, path))) missing.push(`${file}: ${path}`);
        else if (anchor && !anchors(path).has(anchor)) missing.push(`${file}: ${path}#${anchor}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
