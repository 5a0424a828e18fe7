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
): string {
  if (format === 'json')
    return JSON.stringify(
      { command, ...preview, warnings: warnings.map((w) => ({ ...w, text: formatProblem(w) })) },
      null,
      2,
    );
  if (format === 'text') return previewText([preview]).trimEnd();
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
