// Lines and syntax errors of a YAML file or of a part of one (`SourceFile.linesBefore`): what
// the load reports is always on the file's own lines.
import { LineCounter } from 'yaml';

/**
 * A line counter whose lines are those of a file with `before` lines ahead of the text counted
 * (`SourceFile.linesBefore`): every position it gives, the `yaml` package's errors' included, is
 * on the file's line.
 */
export function lineCounterAfter(before: number): LineCounter {
  const lines = new LineCounter();
  if (before === 0) return lines;
  const linePos = lines.linePos;
  lines.linePos = (offset) => {
    const { line, col } = linePos(offset);
    return { line: line + before, col };
  };
  return lines;
}

/**
 * `YAML syntax error at line L, column C: MESSAGE.`, then the offending line and a caret under
 * the column, then what to do.
 */
export function syntaxErrorMessage(
  text: string,
  message: string,
  position: { line: number; col: number } | undefined,
  /** The file's lines before `text` (`SourceFile.linesBefore`). */
  before = 0,
): string {
  if (position === undefined) {
    return `YAML syntax error: ${message}. Fix the file's YAML; nothing from it was read.`;
  }
  const { line, col } = position;
  const source = (text.split('\n')[line - 1 - before] ?? '').replace(/\r$/, '').replace(/\t/g, ' ');
  const shown = source.length > 120 ? `${source.slice(0, 120)}…` : source;
  const gutter = String(line);
  const caret = `${' '.repeat(gutter.length)} | ${' '.repeat(Math.min(Math.max(col - 1, 0), 120))}^`;
  return `YAML syntax error at line ${line}, column ${col}: ${message}.\n${gutter} | ${shown}\n${caret}\nFix the file's YAML; nothing from it was read.`;
}

/** A `yaml` error message's first line, without the position the message adds to it. */
export function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/\s+at line \d+, column \d+:?$/, '');
}
