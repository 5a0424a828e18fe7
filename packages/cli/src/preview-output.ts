// The three formats `kalypso plan` and `kalypso diff` print, one for both commands: text (the
// terminal), markdown (the preview comment's sections) and json (the structured comparison).
import {
  formatProblem,
  previewMarkdown,
  previewText,
  SUMMARY_LIMIT,
  type EnvironmentPreview,
  type Problem,
} from '@kalypso/core';
import { paint, type Paint } from './terminal.ts';

export type PreviewFormat = 'text' | 'markdown' | 'json';

export const PREVIEW_FORMATS: readonly PreviewFormat[] = ['text', 'markdown', 'json'];

/**
 * One environment's comparison in `format`. `warnings` are the render's lint warnings: in text
 * they go to stderr (printed by the caller), in markdown they are the folded Warnings section and
 * in json the `warnings` field.
 */
export function formatPreview(
  command: 'plan' | 'diff',
  preview: EnvironmentPreview,
  warnings: readonly Problem[],
  format: PreviewFormat,
  colors: Paint = paint(false),
): string {
  if (format === 'json')
    return JSON.stringify(
      { command, ...preview, warnings: warnings.map((w) => ({ ...w, text: formatProblem(w) })) },
      null,
      2,
    );
  if (format === 'text') return paintPreviewText(previewText([preview]).trimEnd(), colors);
  return previewMarkdown(
    {
      target: { kind: 'environment', environment: preview.environment },
      pullRequest: undefined,
      local: { command },
      environments: [preview],
      problems: [],
      warnings,
      removals: preview.kind === 'compared' ? preview.removals : [],
      allowRemovalLabel: '',
      blocked: false,
      links: { serverUrl: '', repository: '', runUrl: '' },
    },
    { limit: SUMMARY_LIMIT, marker: false },
  ).trimEnd();
}

/**
 * The text preview in colour: headers bold, added assignments and lines green, removed ones red,
 * hunk headers cyan. Without colour the text is returned as it is.
 */
export function paintPreviewText(text: string, colors: Paint): string {
  if (!colors.enabled) return text;
  const lines = text.split('\n');
  let inDiff = false;
  return lines
    .map((line, i) => {
      if (!inDiff) {
        if (line === '') inDiff = true;
        if (line.startsWith('Environment ') || line.startsWith('  cluster type '))
          return colors.bold(line);
        if (line.startsWith('    + ')) return colors.green(line);
        if (line.startsWith('    - ') || line.startsWith('  problem: ')) return colors.red(line);
        if (line.startsWith('    ~ ')) return colors.yellow(line);
        if (line === '  removals:') return colors.bold(colors.yellow(line));
        return line;
      }
      if (line.startsWith('Environment ')) {
        inDiff = false;
        return colors.bold(line);
      }
      const header =
        (line.startsWith('--- ') && (lines[i + 1] ?? '').startsWith('+++ ')) ||
        (line.startsWith('+++ ') && (lines[i - 1] ?? '').startsWith('--- '));
      if (header) return colors.bold(line);
      if (line.startsWith('@@')) return colors.cyan(line);
      if (line.startsWith('+')) return colors.green(line);
      if (line.startsWith('-')) return colors.red(line);
      if (line.startsWith('\\')) return colors.dim(line);
      return line;
    })
    .join('\n');
}
