// Text from repositories in the job summary (markdown, rendered by GitHub): it stays the text it
// was, never becomes markup. The summary is a file, not a command stream (see runner-log.ts).

/** A fenced code block that `text` cannot close: the fence is longer than any backtick run in it. */
export function codeBlock(text: string, language = 'text'): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** One line of markdown text: line breaks folded to spaces, HTML neutralised. */
export function summaryLine(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;');
}
