// Repository text reaches GitHub markdown only through the markdown kit
// (packages/core/src/markdown/markdown.ts; docs/decisions/inert-output.md), which escapes it,
// makes its mentions inert and redacts the credentials of URLs. In every file that builds a job
// summary, the preview comment or the GitOps pull request body, an interpolation of text that
// came from a repository or a server (a problem, a message, a reason, a commit subject or author,
// a verdict) must be a call of the kit, or be marked as wrapped by its caller.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The files that build markdown for GitHub. */
const BUILDERS = [
  ...readdirSync(join(root, 'actions')).flatMap((id) =>
    ['summary.ts', 'report.ts']
      .map((name) => join(root, 'actions', id, 'src', name))
      .filter((path) => {
        try {
          readFileSync(path);
          return true;
        } catch {
          return false;
        }
      }),
  ),
  join(root, 'packages/core/src/preview/markdown.ts'),
  join(root, 'packages/core/src/publish/messages.ts'),
  join(root, 'packages/core/src/publish/promotion-markdown.ts'),
];

/** Text from a repository or a server, by the names it travels under. */
const REPOSITORY_TEXT =
  /\bformatProblem\(|\bproblemLine\(|\.(?:message|summary|reason|subject|author|detail)\b/;
/** The kit's calls that make text inert. */
const KIT_CALL = /^(?:summaryLine|text|tableCell|code|codeBlock|commitLink|cell)\(/;
/** A line whose interpolation a caller wraps in the kit, or that is no markdown, says so. */
const WRAPPED_BY_CALLER = /inert: (?:the caller wraps it|not markdown)/;

/** The `${…}` interpolations of a source line (braces matched, one level of nesting at least). */
function interpolations(line: string): string[] {
  const found: string[] = [];
  for (let i = line.indexOf('${'); i >= 0; i = line.indexOf('${', i + 2)) {
    let depth = 0;
    for (let j = i + 1; j < line.length; j++) {
      if (line[j] === '{') depth++;
      else if (line[j] === '}' && --depth === 0) {
        found.push(line.slice(i + 2, j).trim());
        break;
      }
    }
  }
  return found;
}

export function violations(source: string): string[] {
  const lines = source.split('\n');
  return lines.flatMap((line, i) =>
    interpolations(line)
      .filter((expression) => REPOSITORY_TEXT.test(expression) && !KIT_CALL.test(expression))
      .filter(() => !WRAPPED_BY_CALLER.test(`${lines[i - 1] ?? ''}\n${line}`))
      .map((expression) => `${i + 1}: \${${expression}}`),
  );
}

describe('repository text reaches markdown through the kit', () => {
  it('finds the builders', () => expect(BUILDERS.length).toBeGreaterThan(6));

  it.each(BUILDERS.map((path) => [relative(root, path), path]))('%s', (_, path) => {
    expect(violations(readFileSync(path, 'utf8'))).toEqual([]);
  });

  it('catches a raw problem, message or subject, and accepts the kit', () => {
    expect(
      violations(
        [
          'const a = `- ${formatProblem(w)}`;',
          'const b = `${error.message}`;',
          'const c = `${summaryLine(formatProblem(p))} and ${text(facts.subject)}`;',
          'const d = `${count(n, "x")}`;',
          '// inert: the caller wraps it',
          'return `${where} ${formatProblem(rest)}`;',
        ].join('\n'),
      ),
    ).toEqual(['1: ${formatProblem(w)}', '2: ${error.message}']);
  });
});
