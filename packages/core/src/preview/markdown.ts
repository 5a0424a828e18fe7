// The preview as markdown (pull request comment, job summary, `kalypso diff --format markdown`):
// a pure function of the report. Every value from the repositories is escaped or fenced; the
// result never exceeds the limit: sections fold (diff cut, diff left out, details left out) and
// say so.
import {
  code,
  codeBlock,
  commitLink,
  count,
  cutToBytes,
  folded,
  text,
} from '../markdown/markdown.ts';
import { appendAll } from '../model/append.ts';
import { utf8Length } from '../model/limits.ts';
import { formatProblem, type Problem } from '../model/problem.ts';
import type { ClusterTypePreview, EnvironmentPreview, FileDiff } from '../render/compare.ts';
import type { PreviewArtifactOutcome } from './ports.ts';
import { artifactNote, capitalise, fullDiff, pointer } from './where.ts';
import { HIDDEN_CONTENT } from './private-content.ts';

// The publish module reads these two from here; they live in the markdown kit.

/** The hidden marker that identifies the one preview comment of a pull request. */
export const PREVIEW_MARKER = '<!-- kalypso-preview -->';
/**
 * GitHub refuses comments over "65536 characters" (its message). Every limit here is measured in
 * UTF-8 bytes, never fewer than the characters, so the comment is accepted whichever unit GitHub
 * counts (docs/decisions/inert-output.md).
 */
export const COMMENT_LIMIT = 65_536;
/** A step's job summary is at most 1 MiB (1,048,576 bytes); keep a margin for the other lines. */
export const SUMMARY_LIMIT = 1_000_000;

/** What the markdown shows: the report's fields that matter for it. */
export interface PreviewView {
  target: { kind: 'main' } | { kind: 'environment'; environment: string };
  /** Undefined for `kalypso diff` and `kalypso plan` (a render compared with a GitOps tree). */
  pullRequest: { baseRef: string; baseCommit: string; headCommit: string } | undefined;
  /** Without a pull request: the command that compared, and what it compared with. */
  local?: { command: 'plan' | 'diff' };
  environments: readonly EnvironmentPreview[];
  problems: readonly Problem[];
  /** Lint warnings to show, folded (they never fail the check). */
  warnings?: readonly Problem[];
  /** Warnings left out of `warnings` (in files the change does not touch). */
  otherWarnings?: number;
  /** Environments joining or leaving the promotion chain (never a removal). */
  chainChanges?: readonly string[];
  removals: readonly string[];
  allowRemovalLabel: string;
  blocked: boolean;
  links: { serverUrl: string; repository: string; runUrl: string };
  /**
   * Where the full diff went when it does not fit the comment or the summary: a workflow artifact
   * of the run, or why it is not kept (docs/decisions/preview-diff-artifact.md).
   */
  artifact?: PreviewArtifactOutcome;
}

export interface MarkdownOptions {
  /** At most this many UTF-8 bytes. */
  limit: number;
  /** Start with the hidden comment marker. */
  marker: boolean;
}

type Level =
  | { kind: 'full' }
  | { kind: 'partial'; diffBudget: number }
  | { kind: 'no-diff' }
  | { kind: 'summary' };

/** The whole preview as markdown, at most `limit` UTF-8 bytes. */
export function previewMarkdown(view: PreviewView, options: MarkdownOptions): string {
  return foldPreview(view, options).text;
}

/** True when the whole preview, every line of its diff included, fits in `limit` bytes. */
export function previewFits(view: PreviewView, limit: number): boolean {
  return foldPreview(view, { limit, marker: true }).complete;
}

function foldPreview(
  view: PreviewView,
  options: MarkdownOptions,
): { text: string; complete: boolean } {
  const head = headMarkdown(view, options.marker);
  const levels: Level[] = view.environments.map(() => ({ kind: 'full' }));
  const sectionOf = (i: number) =>
    environmentMarkdown(view.environments[i]!, levels[i]!, view, options.marker);
  const sections = view.environments.map((_, i) => sectionOf(i));
  const sizes = sections.map(utf8Length);
  const headSize = utf8Length(head);
  const total = () => headSize + sizes.reduce((n, s) => n + s, 0);
  for (;;) {
    const over = total() - options.limit;
    if (over <= 0) break;
    let largest = -1;
    for (let i = 0; i < sections.length; i++) {
      if (levels[i]!.kind === 'summary') continue;
      if (largest < 0 || sizes[i]! > sizes[largest]!) largest = i;
    }
    if (largest < 0) break;
    const level = levels[largest]!;
    const preview = view.environments[largest]!;
    if (level.kind === 'full') {
      const diff = preview.kind === 'compared' ? diffLength(preview.files) : 0;
      const budget = diff - over - 1_000;
      levels[largest] =
        budget > 2_000 ? { kind: 'partial', diffBudget: budget } : { kind: 'no-diff' };
    } else if (level.kind === 'partial') levels[largest] = { kind: 'no-diff' };
    else levels[largest] = { kind: 'summary' };
    sections[largest] = sectionOf(largest);
    sizes[largest] = utf8Length(sections[largest]!);
  }
  const text = head + sections.join('');
  const complete = levels.every((l) => l.kind === 'full');
  if (total() <= options.limit) return { text, complete };
  const where = fullDiff(view, options.marker);
  const note = `\n\n… cut here: the preview is longer than ${options.limit} bytes.${where === undefined ? '' : ` ${capitalise(where)} has the rest.`}\n`;
  return {
    text: cutToBytes(text, Math.max(0, options.limit - utf8Length(note))) + note,
    complete: false,
  };
}

function headMarkdown(view: PreviewView, marker: boolean): string {
  const { pullRequest: pr } = view;
  const lines: string[] = [];
  if (marker) lines.push(PREVIEW_MARKER);
  const link = (sha: string) => commitLink(`${view.links.serverUrl}/${view.links.repository}`, sha);
  if (pr === undefined) {
    const env = view.target.kind === 'environment' ? code(view.target.environment) : '`main`';
    const command = view.local?.command ?? 'diff';
    lines.push(
      `## Kalypso ${command}: environment ${env}`,
      '',
      command === 'plan'
        ? 'The environment rendered from the local checkouts, compared with the GitOps working tree in `--out`.'
        : 'The environment rendered from the local checkouts, compared with its live GitOps branch.',
    );
  } else if (view.target.kind === 'main') {
    lines.push(
      '## Kalypso preview: every environment with this `main`',
      '',
      `Each environment of the promotion chain rendered with this pull request's \`main\` (${link(pr.headCommit)}), compared with the same render of its base (${link(pr.baseCommit)}).`,
    );
  } else {
    const env = code(view.target.environment);
    lines.push(
      `## Kalypso preview: environment ${env}`,
      '',
      `The environment branch ${env} rendered at this pull request's head (${link(pr.headCommit)}), compared with its base (${link(pr.baseCommit)}).`,
    );
  }
  lines.push('');
  appendAll(lines, artifactNote(view));
  if (view.environments.length > 0) {
    lines.push(
      '| environment | result | assignments added | removed | re-rendered | config keys changed | files changed |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const e of view.environments) lines.push(summaryRow(e));
    lines.push('');
  }
  if (view.problems.length > 0) {
    appendAll(
      lines,
      ['**Problems**', ''],
      view.problems.map((p) => `- ${text(formatProblem(p))}`),
      [''],
    );
  }
  if ((view.chainChanges ?? []).length > 0) {
    appendAll(
      lines,
      ['> [!NOTE]'],
      view.chainChanges!.map((c) => `> - ${text(c)}`),
      [''],
    );
  }
  if (view.removals.length > 0) {
    const shown = view.removals.slice(0, 20).map((r) => `> - ${text(r)}`);
    const more =
      view.removals.length > 20 ? [`> - and ${view.removals.length - 20} more (below)`] : [];
    const label = code(view.allowRemovalLabel);
    appendAll(
      lines,
      view.blocked
        ? [
            '> [!CAUTION]',
            `> **This change removes deployments.** The check fails until the pull request carries the label ${label}.`,
          ]
        : pr === undefined
          ? ['> [!NOTE]', '> This change removes deployments.']
          : ['> [!NOTE]', `> This change removes deployments; the label ${label} allows it.`],
      ['>'],
      shown,
      more,
      view.blocked
        ? [
            '>',
            `> Review the removals below. If they are intended, add the label ${label} to this pull request: the preview runs again and the check passes.`,
          ]
        : [],
      [''],
    );
  }
  appendAll(
    lines,
    warningsMarkdown(
      view.warnings ?? [],
      view.otherWarnings ?? 0,
      pr === undefined ? '' : ' in the changed files',
    ),
  );
  return `${lines.join('\n')}\n`;
}

/** Shown warnings at most; the rest are counted (they are annotations and in the job log). */
const MAX_WARNINGS = 50;

/** The lint warnings, folded: they never fail the check. */
function warningsMarkdown(warnings: readonly Problem[], others: number, scope: string): string[] {
  // Warnings only in files the change does not touch are annotations, not news for the reviewer.
  if (warnings.length === 0) return [];
  const n = warnings.length;
  const elsewhere =
    others > 0
      ? [
          '',
          `${count(others, 'more warning', 'more warnings')} in files this change does not touch.`,
        ]
      : [];
  return [
    ...folded(`⚠️ Warnings: ${n}${scope} (they do not fail the check)`, [
      ...warnings.slice(0, MAX_WARNINGS).map((p) => `- ${text(formatProblem(p))}`),
      ...(n > MAX_WARNINGS ? [`- and ${n - MAX_WARNINGS} more`] : []),
      ...elsewhere,
    ]),
    '',
  ];
}

function summaryRow(e: EnvironmentPreview): string {
  const name = code(e.environment);
  if (e.kind === 'skipped') return `| ${name} | ⏭️ skipped | | | | | |`;
  if (e.kind === 'problems')
    return `| ${name} | ❌ ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} | | | | | |`;
  const sum = (f: (c: ClusterTypePreview) => number) =>
    e.clusterTypes.reduce((n, c) => n + f(c), 0);
  const result =
    e.removals.length > 0 ? '⚠️ removes' : e.files.length > 0 ? '✏️ changes' : '✅ no change';
  return `| ${name} | ${result} | ${sum((c) => c.added.length)} | ${sum((c) => c.removed.length)} | ${sum((c) => c.rerendered.length)} | ${sum((c) => c.config.length)} | ${e.files.length} |`;
}

function environmentMarkdown(
  e: EnvironmentPreview,
  level: Level,
  view: PreviewView,
  marker: boolean,
): string {
  const lines: string[] = [`### ${code(e.environment)}`, ''];
  if (e.kind === 'skipped') {
    lines.push(`Skipped: ${text(e.reason)}.`, '');
    return `${lines.join('\n')}\n`;
  }
  if (e.kind === 'problems') {
    appendAll(
      lines,
      [`This pull request breaks ${code(e.environment)}: it cannot be rendered.`, ''],
      e.problems.slice(0, 50).map((p) => `- ${text(formatProblem(p))}`),
      e.problems.length > 50 ? [`- and ${e.problems.length - 50} more`] : [],
      [''],
    );
    return `${lines.join('\n')}\n`;
  }
  if (e.baseBroken)
    lines.push(
      'The base does not render (it has problems), so everything is compared with an empty output.',
      '',
    );
  if (e.files.length === 0) {
    lines.push('No change in the rendered output.', '');
    return `${lines.join('\n')}\n`;
  }
  if (level.kind === 'summary') {
    lines.push(
      `${e.files.length} rendered files change. The details do not fit here${pointer(view, marker, 'them')}.`,
      '',
    );
    return `${lines.join('\n')}\n`;
  }
  for (const c of e.clusterTypes) appendAll(lines, clusterTypeMarkdown(c));
  appendAll(lines, diffMarkdown(e, level, view, marker));
  return `${lines.join('\n')}\n`;
}

function clusterTypeMarkdown(c: ClusterTypePreview): string[] {
  const status = c.status === 'added' ? ' (new)' : c.status === 'removed' ? ' (removed)' : '';
  const lines = [`#### Cluster type ${code(c.clusterType)}${status}`, ''];
  const rows = [
    ...c.added.map((a) => `| ${code(a.target)} | ➕ added | ${cell(a.reasons)} |`),
    ...c.removed.map((a) => `| ${code(a.target)} | ➖ removed | ${cell(a.reasons)} |`),
    ...c.rerendered.map((t) => `| ${code(t)} | ✏️ re-rendered | |`),
  ];
  if (rows.length > 0)
    appendAll(lines, ['| assignment | change | why |', '| --- | --- | --- |'], rows, ['']);
  if (c.config.length > 0) {
    lines.push('| config key | old | new | targets |', '| --- | --- | --- | --- |');
    for (const k of c.config)
      lines.push(
        `| ${code(k.key)} | ${k.before === undefined ? '*(absent)*' : code(k.before)} | ${k.after === undefined ? '*(absent)*' : code(k.after)} | ${k.targets.map(code).join(', ')} |`,
      );
    lines.push('');
  }
  return lines;
}

function diffMarkdown(
  e: Extract<EnvironmentPreview, { kind: 'compared' }>,
  level: Level,
  view: PreviewView,
  marker: boolean,
): string[] {
  const count = `${e.files.length} file${e.files.length === 1 ? '' : 's'}`;
  if (level.kind === 'no-diff')
    return [`The rendered diff (${count}) does not fit here${pointer(view, marker, 'it')}.`, ''];
  const budget = level.kind === 'partial' ? level.diffBudget : Infinity;
  const blocks: string[] = [];
  let used = 0;
  let left = 0;
  for (const f of e.files) {
    const block = fileBlock(f);
    const size = utf8Length(block);
    if (used + size > budget) {
      left++;
      continue;
    }
    used += size;
    blocks.push(block.trimEnd(), '');
  }
  const hidden = e.files.filter((f) => f.hidden).length;
  return [
    ...(hidden > 0
      ? [
          `${hidden} of these files come from private workload repositories: their content is hidden from this preview, which readers of this pull request see whether or not they can read those repositories (input \`show-private-workload-content\` shows it).`,
          '',
        ]
      : []),
    `<details><summary>Rendered diff of ${code(e.environment)} (${count})</summary>`,
    '',
    ...blocks,
    ...(left > 0
      ? [
          `${left} more file${left === 1 ? '' : 's'} not shown here${pointer(view, marker, 'the full diff')}.`,
          '',
        ]
      : []),
    '</details>',
    '',
  ];
}

function fileBlock(f: FileDiff): string {
  if (f.hidden) return `${code(f.path)} (${f.status}): ${HIDDEN_CONTENT}.\n\n`;
  if (f.patch === '') return `${code(f.path)} (${f.status}): too large to show line by line.\n\n`;
  const body = f.patch.endsWith('\n') ? f.patch.slice(0, -1) : f.patch;
  return `${codeBlock(body, 'diff')}\n\n`;
}

function diffLength(files: readonly FileDiff[]): number {
  return files.reduce((n, f) => n + utf8Length(fileBlock(f)), 0);
}

/** A table cell of reasons. */
function cell(reasons: readonly string[]): string {
  return reasons.map(text).join('<br>');
}
