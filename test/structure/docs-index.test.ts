// The documents say what is true: docs/README.md lists every document of docs/, the decision index
// lists every record, every record carries its date and status, and every file path a document
// names (`packages/core/src/…`, `test/…`) exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const docs = join(root, 'docs');
const decisions = join(docs, 'decisions');
const markdown = (dir: string) =>
  readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
const read = (...parts: string[]) => readFileSync(join(...parts), 'utf8');

/**
 * The paths of repository files a text names in code spans: `packages/x/src/y.ts`. A path marked
 * `(new)` right after it is where a future feature goes, and may not exist yet.
 */
export function citedPaths(text: string): string[] {
  const found = new Set<string>();
  const pattern =
    /`((?:packages|actions|test|scripts|bench|workflows-examples|docs)\/[\w./-]+\.(?:ts|mjs|js|md|ya?ml|json))`(?! \(new\))/g;
  for (const [, path] of text.matchAll(pattern)) if (!path!.includes('<')) found.add(path!);
  return [...found];
}

describe('documentation indexes', () => {
  it('docs/README.md lists every document in docs/', () => {
    const index = read(docs, 'README.md');
    expect(markdown(docs).filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });

  it('docs/decisions/README.md lists every record', () => {
    const index = read(decisions, 'README.md');
    expect(markdown(decisions).filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });

  it.each(markdown(decisions))('decisions/%s carries its date and status under the title', (f) => {
    const [title, blank, date, status] = read(decisions, f).split('\n');
    expect(title).toMatch(/^# /);
    expect(blank).toBe('');
    expect(date).toMatch(/^- Date: \d{4}-\d{2}-\d{2}( \(amended \d{4}-\d{2}-\d{2}: .+\))?$/);
    expect(status).toMatch(/^- Status: (accepted|superseded by \S+)$/);
  });
});

describe('paths the documents name', () => {
  it('reads paths in code spans, and only those', () => {
    expect(
      citedPaths(
        'see `packages/core/src/ports.ts` and `actions/<id>/src/main.ts`, not packages/x.ts',
      ),
    ).toEqual(['packages/core/src/ports.ts']);
  });

  const files = [
    ...markdown(docs).map((f) => join('docs', f)),
    ...markdown(decisions).map((f) => join('docs', 'decisions', f)),
    'CONTRIBUTING.md',
  ];
  it.each(files)('%s names only files that exist', (file) => {
    expect(citedPaths(read(root, file)).filter((path) => !existsSync(join(root, path)))).toEqual(
      [],
    );
  });
});
