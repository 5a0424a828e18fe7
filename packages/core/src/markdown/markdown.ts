// Markdown building blocks for everything Kalypso writes for people to read on GitHub: the job
// summaries of the actions, the preview comment and the GitOps pull request body. Pure. Text from
// repositories (names, messages, commit subjects) stays the text it was and never becomes markup:
// it is fenced, put in a code span, or escaped, and is bounded so one value cannot flood a page.
// It never pings anyone either: `@user` and `@org/team` outside code get a zero-width space after
// the `@` (inertMentions), and it never shows a credential of a URL (redactUrlCredentials).
// See docs/decisions/inert-output.md.
import { redactUrlCredentials } from '../model/github-url.ts';
import { formatProblem, type Problem } from '../model/problem.ts';

/** U+200B ZERO WIDTH SPACE: after an `@`, the mention reads the same and links no one. */
const MENTION_BREAK = '\u200b';

/**
 * `@user` and `@org/team` as GitHub would link them (an `@` at the start or after a character
 * that is not a letter, digit, `_` or backtick, before a letter or digit) get a zero-width space
 * after the `@`: the text reads the same and notifies no one. Code spans and blocks need none.
 */
export function inertMentions(value: string): string {
  return value.replace(/(^|[^A-Za-z0-9_`])@(?=[A-Za-z0-9])/g, `$1@${MENTION_BREAK}`);
}

/** Repository text for GitHub: credentials of URLs redacted, mentions made inert. */
export function inertText(value: string): string {
  return inertMentions(redactUrlCredentials(value));
}

/** The UTF-8 size of `value` in bytes: what GitHub's byte limits (the job summary's 1 MiB) measure. */
export function utf8Bytes(value: string): number {
  return new TextEncoder().encode(value).length;
}

/** The longest start of `value` of at most `bytes` UTF-8 bytes, never splitting a character. */
export function cutToBytes(value: string, bytes: number): string {
  if (value.length <= bytes / 3 || utf8Bytes(value) <= bytes) return value;
  const encoded = new TextEncoder().encode(value);
  let end = Math.max(0, bytes);
  // Back up to the first byte of a character (continuation bytes are 10xxxxxx).
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end -= 1;
  return new TextDecoder().decode(encoded.subarray(0, end));
}

/** The seven-character form of a commit id, as GitHub shows it. */
export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** `` [`1a2b3c4`](<repositoryUrl>/commit/<sha>) ``: a commit, linked to its page. */
export function commitLink(repositoryUrl: string, sha: string): string {
  return `[\`${shortSha(sha)}\`](${redactUrlCredentials(repositoryUrl, '')}/commit/${sha})`;
}

/** An inline code span holding `value` verbatim (bounded, one line, safe in a table). */
export function code(value: string): string {
  const safe = redactUrlCredentials(value);
  const bounded = (safe.length > 200 ? `${safe.slice(0, 200)}…` : safe).replace(/[\r\n]+/g, ' ');
  const escaped = bounded.replaceAll('|', '\\|');
  const fence = '`'.repeat(longestRun(escaped, '`') + 1);
  const pad = escaped.startsWith('`') || escaped.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${escaped}${pad}${fence}`;
}

/** Plain text with markdown and HTML syntax escaped, on one line, inert (no mention, no credential). */
export function text(value: string): string {
  const safe = redactUrlCredentials(value);
  const bounded = safe.length > 2_000 ? `${safe.slice(0, 2_000)}…` : safe;
  return inertMentions(
    bounded.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|~#!]/g, (c) => `\\${c}`),
  );
}

/** A fenced code block that `text` cannot close: the fence is longer than any backtick run in it. */
export function codeBlock(text: string, language = 'text'): string {
  const safe = redactUrlCredentials(text);
  const fence = '`'.repeat(Math.max(3, longestRun(safe, '`') + 1));
  return `${fence}${language}\n${safe}\n${fence}`;
}

/**
 * One line of text kept as written (a problem, a Flux message): line breaks folded to spaces,
 * HTML neutralised, mentions inert, credentials of URLs redacted, at most `limit` characters.
 * Markdown emphasis stays, as GitHub shows it.
 */
export function summaryLine(text: string, limit = Number.POSITIVE_INFINITY): string {
  const flat = redactUrlCredentials(text).replace(/\s*[\r\n]+\s*/g, ' ');
  const bounded = flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
  return inertMentions(bounded.replaceAll('&', '&amp;').replaceAll('<', '&lt;'));
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
      warnings.map((w) => `- ${summaryLine(line(w))}`),
    ),
  ];
}
