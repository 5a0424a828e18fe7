// The commit-status texts are spelled out once, in the core status vocabulary
// (docs/decisions/status-vocabulary.md): no other source file of packages/ or actions/ (tests
// aside) may hold one as a string or template literal.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const vocabulary = 'packages/core/src/status/vocabulary.ts';

const sources = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /^(packages|actions)\/[^/]+\/src\/.+\.ts$/.test(f))
  .filter((f) => !/\.test\.ts$/.test(f) && f !== vocabulary);

/** Texts no literal may contain anywhere. */
const distinctive = [
  'Failed to deploy',
  'Failed to schedule',
  'Superseded by',
  'Deployment unknown',
  'Validating the control plane',
  'Kalypso CI',
  'Held: ',
];
/** Single words: a literal may not be one, nor quote one as a status ('Promoted', "Deployed"). */
const words = ['Promoted', 'Deploying', 'Deployed', 'Valid'];

/** The offending status text in `text`, if any. */
export function offendingText(text: string): string | undefined {
  const found = distinctive.find((d) => text.includes(d));
  if (found) return found;
  return words.find((w) => text.trim() === w || text.includes(`'${w}'`) || text.includes(`"${w}"`));
}

/** Every string and template literal chunk of a TypeScript source, with its line. */
function literals(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push({ line: line + 1, text: node.text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('status literals', () => {
  it('finds the sources to check', () => {
    expect(sources).toContain('packages/core/src/deployment/check-deployment.ts');
    expect(sources).toContain('packages/core/src/promotion/promote.ts');
  });

  it('flags status texts and leaves other literals alone', () => {
    expect(offendingText('Failed to deploy')).toBe('Failed to deploy');
    expect(offendingText(' = error Superseded by ')).toBe('Superseded by');
    expect(offendingText('Promoted')).toBe('Promoted');
    expect(offendingText("set 'Deployed' on")).toBe('Deployed');
    expect(offendingText('Promoted commit: ')).toBeUndefined();
    expect(offendingText('Validating main')).toBeUndefined();
  });

  it('no source outside the vocabulary spells out a commit-status text', () => {
    const offenders = sources.flatMap((file) =>
      literals(file)
        .map(({ line, text }) => ({ line, found: offendingText(text) }))
        .filter((l) => l.found !== undefined)
        .map(({ line, found }) => `${file}:${line}: ${found}`),
    );
    expect(offenders).toEqual([]);
  });
});
