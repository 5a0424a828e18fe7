// The unified diff of two sets of generated files (a render before and after a change), path by
// path: only the paths whose bytes differ are decoded and diffed. Pure and deterministic.
import { createTwoFilesPatch } from 'diff';
import { compareBytes } from '../model/schedule.ts';

/** A generated file longer than this is not diffed line by line (it is still counted). */
export const MAX_DIFFED_FILE = 256 * 1024;
/** Files that differ in more lines than this are not diffed line by line. */
export const MAX_EDIT_LENGTH = 20_000;

export interface FileDiff {
  readonly path: string;
  readonly status: 'added' | 'removed' | 'changed';
  /** Unified diff (without the index line); "" when the file or the change is too large. */
  readonly patch: string;
  /** Rendered from a private workload repository: its content is not shown (patch ""). */
  readonly hidden?: boolean;
}

const decoder = new TextDecoder();

/** Unified diffs of the generated files, by path. */
export function diffFiles(
  before: ReadonlyMap<string, Uint8Array>,
  after: ReadonlyMap<string, Uint8Array>,
): FileDiff[] {
  const out: FileDiff[] = [];
  // Only the paths whose bytes differ are sorted: a one-value change of a large fleet compares
  // hundreds of thousands of equal files (the same view when the base took them from the head).
  const differing: string[] = [];
  for (const [path, b] of after) {
    const a = before.get(path);
    if (a === undefined || (a !== b && !sameBytes(a, b))) differing.push(path);
  }
  for (const path of before.keys()) if (!after.has(path)) differing.push(path);
  for (const path of differing.sort(compareBytes)) {
    const a = before.get(path);
    const b = after.get(path);
    const oldText = a === undefined ? '' : decoder.decode(a);
    const newText = b === undefined ? '' : decoder.decode(b);
    if (a !== undefined && b !== undefined && oldText === newText) continue;
    const status = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
    out.push({ path, status, patch: unifiedDiff(path, status, oldText, newText) });
  }
  return out;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function unifiedDiff(
  path: string,
  status: FileDiff['status'],
  oldText: string,
  newText: string,
): string {
  if (oldText.length > MAX_DIFFED_FILE || newText.length > MAX_DIFFED_FILE) return '';
  const patch = createTwoFilesPatch(
    status === 'added' ? '/dev/null' : `a/${path}`,
    status === 'removed' ? '/dev/null' : `b/${path}`,
    oldText,
    newText,
    undefined,
    undefined,
    // Bounded work on hostile input, deterministic (no timeout): past it, no line diff.
    { context: 3, maxEditLength: MAX_EDIT_LENGTH },
  );
  return patch === undefined ? '' : patch.replace(/^=+\n/, '');
}
