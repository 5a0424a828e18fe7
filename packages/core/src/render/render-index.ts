// The cross-run render index (docs/decisions/incremental-render.md): for each assignment folder of
// a GitOps tree, the stable content key it was rendered from and the blob ids of its files. Kept
// outside the GitOps tree (a git note, never a file Flux delivers); read back as hostile text and
// checked against the tree it describes, so that a run takes those blob ids instead of rendering
// an assignment whose key did not change. An entry that does not hold is ignored: when in doubt,
// render.
import { unsafeTreePathReason } from '../gitops/tree.ts';
import { RENDER_ENGINE_VERSION } from './render-key.ts';

/** One assignment folder as rendered: its stable key and its files (name → blob id). */
export interface RenderIndexEntry {
  readonly key: string;
  readonly files: ReadonlyMap<string, string>;
}

/** Assignment folder (repository path, no trailing slash) → entry. */
export type RenderIndex = ReadonlyMap<string, RenderIndexEntry>;

/** The largest index text read (bytes of UTF-16, about 600 bytes per assignment at most). */
export const MAX_INDEX_CHARS = 256 * 1024 * 1024;

const HEADER = `kalypso-render-index 1 ${RENDER_ENGINE_VERSION}`;
/** The names an assignment folder holds (docs/kalypso-compatibility.md#layout). */
const FILE_NAMES = new Set([
  'reconciler.yaml',
  'namespace.yaml',
  'platform-config.yaml',
  'platform-config.sh',
]);
const KEY = /^[0-9a-f]{64}$/;
const BLOB = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** The mode of every generated file. */
const MODE = '100644';

/** The index as text: a header line, then one line per folder (`folder\tkey\tname blob\t…`). */
export function formatRenderIndex(index: RenderIndex): string {
  const lines = [HEADER];
  for (const [folder, { key, files }] of index) {
    const parts = [folder, key];
    for (const [name, blob] of files) parts.push(`${name} ${blob}`);
    lines.push(parts.join('\t'));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Reads an index as `formatRenderIndex` writes it. Another version, a wrong header or a text over
 * the budget gives an empty index; a line that is not exactly well formed is left out.
 */
export function parseRenderIndex(text: string): Map<string, RenderIndexEntry> {
  const index = new Map<string, RenderIndexEntry>();
  if (text.length > MAX_INDEX_CHARS) return index;
  const lines = text.split('\n');
  if (lines[0] !== HEADER) return index;
  for (let i = 1; i < lines.length; i++) {
    const fields = lines[i]!.split('\t');
    const [folder, key] = fields;
    if (folder === undefined || key === undefined || fields.length < 4 || fields.length > 5)
      continue;
    if (unsafeTreePathReason(folder) !== undefined || !KEY.test(key) || index.has(folder)) continue;
    const files = new Map<string, string>();
    for (const field of fields.slice(2)) {
      const [name, blob, extra] = field.split(' ');
      if (extra !== undefined || name === undefined || blob === undefined) break;
      if (!FILE_NAMES.has(name) || !BLOB.test(blob) || files.has(name)) break;
      files.set(name, blob);
    }
    if (files.size !== fields.length - 2) continue;
    index.set(folder, { key, files });
  }
  return index;
}

/**
 * The entries of `index` that hold in `tree` (path → `<mode> <id>`, as git lists it): every file
 * an entry names is at its path with that blob id, as a regular file. The others are left out.
 */
export function verifiedRenderIndex(
  index: RenderIndex,
  tree: ReadonlyMap<string, string>,
): Map<string, RenderIndexEntry> {
  const verified = new Map<string, RenderIndexEntry>();
  for (const [folder, entry] of index) {
    let holds = true;
    for (const [name, blob] of entry.files)
      if (tree.get(`${folder}/${name}`) !== `${MODE} ${blob}`) holds = false;
    if (holds) verified.set(folder, entry);
  }
  return verified;
}

/**
 * The index of a planned tree: each keyed folder (folder → stable key and the names of its files)
 * with the blob ids the tree holds there. A folder whose files the tree does not all hold is left
 * out.
 */
export function renderIndexOf(
  keys: ReadonlyMap<string, { readonly key: string; readonly names: readonly string[] }>,
  tree: ReadonlyMap<string, string>,
): Map<string, RenderIndexEntry> {
  const index = new Map<string, RenderIndexEntry>();
  for (const [folder, { key, names }] of keys) {
    const files = new Map<string, string>();
    for (const name of names) {
      const entry = tree.get(`${folder}/${name}`);
      if (entry === undefined || !entry.startsWith(`${MODE} `)) break;
      files.set(name, entry.slice(MODE.length + 1));
    }
    if (files.size === names.length) index.set(folder, { key, files });
  }
  return index;
}

/**
 * Whether the keys a render gathered are exactly an index's (every folder, its key and its file
 * names): on the same tree, the index it would note is that one, so nothing needs formatting.
 */
export function sameIndexKeys(
  keys: ReadonlyMap<string, { readonly key: string; readonly names: readonly string[] }>,
  index: RenderIndex,
): boolean {
  if (keys.size !== index.size) return false;
  for (const [folder, { key, names }] of keys) {
    const entry = index.get(folder);
    if (entry === undefined || entry.key !== key || entry.files.size !== names.length) return false;
    for (const name of names) if (!entry.files.has(name)) return false;
  }
  return true;
}
