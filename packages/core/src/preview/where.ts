// Where the reader of a preview finds what the page leaves out: the workflow artifact that keeps
// the full diff, or the job summary (docs/decisions/preview-diff-artifact.md).
import { code, text } from '../markdown/markdown.ts';
import { formatBytes } from '../model/limits.ts';
import type { PreviewArtifactOutcome } from './ports.ts';

/** What of the preview's view this needs. */
interface View {
  pullRequest: unknown;
  links: { runUrl: string };
  artifact?: PreviewArtifactOutcome;
}

/**
 * Where the reader finds what this page leaves out: the artifact when it was uploaded, the job
 * summary from the comment when there is no artifact, nothing from the summary itself (the note
 * at the top then says why the diff is not kept).
 */
export function fullDiff(view: View, marker: boolean): string | undefined {
  const artifact = view.artifact;
  if (artifact?.kind === 'uploaded') {
    const name = code(artifact.name);
    return `the artifact ${artifact.url === '' ? name : `[${name}](${artifact.url})`} (${formatSize(artifact.bytes)})`;
  }
  if (marker || view.pullRequest === undefined) return runLink(view, 'the job summary');
  return undefined;
}

/** The note at the top about the artifact, when there is one (or should have been). */
export function artifactNote(view: View): string[] {
  const artifact = view.artifact;
  if (artifact === undefined) return [];
  if (artifact.kind === 'uploaded')
    return [
      `📦 **The full diff** (${formatSize(artifact.diffBytes)} of unified diff) **is the artifact ${fullDiff(view, true)!.slice('the artifact '.length)}** of this run: one gzipped unified diff per environment and the plan as JSON.`,
      '',
    ];
  const why =
    artifact.kind === 'too-large'
      ? `its ${artifact.files} files make ${formatSize(artifact.diffBytes)} of unified diff, more than the artifact budget of ${formatSize(artifact.budget)}. Preview the change in smaller pull requests, or render both sides with \`kalypso render --out\` and compare them with git`
      : artifact.kind === 'unavailable'
        ? text(artifact.reason)
        : `uploading the artifact failed (${text(artifact.error)})`;
  return [
    '> [!WARNING]',
    `> The full diff does not fit here and is not kept as an artifact: ${why}.`,
    '',
  ];
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return formatBytes(bytes);
}

export function capitalise(words: string): string {
  return words.startsWith('[')
    ? `[${words.charAt(1).toUpperCase()}${words.slice(2)}`
    : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** `: <where> has <what>` when there is somewhere else to look, else nothing. */
export function pointer(view: View, marker: boolean, what: string): string {
  const where = fullDiff(view, marker);
  return where === undefined ? '' : `: ${where} has ${what}`;
}

function runLink(view: View, words: string): string {
  return view.links.runUrl === '' ? words : `[${words}](${view.links.runUrl})`;
}
