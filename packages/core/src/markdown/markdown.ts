// Markdown building blocks for everything Kalypso writes for people to read on GitHub: the job
// summaries of the actions, the preview comment and the GitOps pull request body. Pure. Text from
// repositories (names, messages, commit subjects) stays the text it was and never becomes markup:
// it is fenced, put in a code span, or escaped, and is bounded so one value cannot flood a page.
import { formatProblem, type Problem } from '../model/problem.ts';

/** The seven-character form of a commit id, as GitHub shows it. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** `` [`1a2b3c4`](<repositoryUrl>/commit/<sha>) ``: a commit, linked to its page. */
export function commitLink(repositoryUrl: string, sha: string): string {
  return `[\`${shortSha(sha)}\`](${repositoryUrl}/commit/${sha})`;
}

/** An inline code span holding `value` verbatim (bounded, one line, safe in a table). */
export function code(value: string): string {
  const bounded = (value.length > 200 ? `${value.slice(0, 200)}…` : value).replace(/[\r\n]+/g, ' ');
  const escaped = bounded.replaceAll('|', '\\|');
  const fence = '`'.repeat(longestRun(escaped, '`') + 1);
  const pad = escaped.startsWith('`') || escaped.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${escaped}${pad}${fence}`;
}

/** Plain text with markdown and HTML syntax escaped, on one line. */
export function text(value: string): string {
  const bounded = value.length > 2_000 ? `${value.slice(0, 2_000)}…` : value;
  return bounded.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|~#!]/g, (c) => `\\${c}`);
}

/** A fenced code block that `text` cannot close: the fence is longer than any backtick run in it. */
export function codeBlock(text: string, language = 'text'): string {
  const fence = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/**
 * One line of text kept as written (a problem, a Flux message): line breaks folded to spaces,
 * HTML neutralised, at most `limit` characters. Markdown emphasis stays, as GitHub shows it.
 */
export function summaryLine(text: string, limit = Number.POSITIVE_INFINITY): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  const bounded = flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
  return bounded.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
}

/** A table cell of text: {@link summaryLine} with its pipes escaped, at most `limit` characters. */
export function tableCell(text: string, limit = 240): string {
  return summaryLine(text.replace(/\s+/g, ' ').trim(), limit).replaceAll('|', '\\|');
}

/** A table: the header row, the delimiter row, then one line per row. Cells are markdown. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => ' --- ').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

/** The header of a summary's facts table (a real header row: GitHub shows an empty one as a blank row). */
export const FACTS_HEADER = ['Item', 'Value'] as const;

/** The facts of a run as a two-column table: name, then value (markdown). */
export function factsTable(rows: readonly (readonly [string, string])[]): string[] {
  return table(FACTS_HEADER, rows);
}

/** A folded section: `<details>` with `summary` (markdown, one line) and `body` inside. */
export function folded(summary: string, body: readonly string[]): string[] {
  return [`<details><summary>${summary}</summary>`, '', ...body, '', '</details>'];
}

/** `1 problem`, `2 problems`: a count with its noun. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** `` dev ✅ → **stage** ❌ → prod ``: the steps of a promotion chain, in order. */
export function chainView(steps: readonly string[]): string {
  return steps.join(' → ');
}

function longestRun(value: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of value) {
    run = c === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * The warnings of a run, folded under one line after a blank one (none without warnings): what
 * the original accepts but is probably a mistake, shown and never failing the run.
 */
export function warningLines(
  warnings: readonly Problem[],
  line: (warning: Problem) => string = formatProblem,
): string[] {
  if (warnings.length === 0) return [];
  return [
    '',
    ...folded(
      `⚠️ ${count(warnings.length, 'warning')} (not failing the run)`,
      warnings.map((w) => `- ${line(w)}`),
    ),
  ];
}
