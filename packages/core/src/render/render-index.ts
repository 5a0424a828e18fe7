// The cross-run render index (docs/decisions/incremental-render.md): for each assignment folder of
// a GitOps tree, the stable content key it was rendered from and the blob ids of its files. Kept
// outside the GitOps tree (a git note, never a file Flux delivers); read back as hostile text and
// checked against the tree it describes, so that a run takes those blob ids instead of rendering
// an assignment whose key did not change. An entry that does not hold is ignored: when in doubt,
// render.
import { PlannedListing } from '../gitops/plan.ts';
import { isSafeTreePath } from '../gitops/tree.ts';
import { RENDER_ENGINE_VERSION } from './render-key.ts';

/** One assignment folder as rendered: its stable key and its files (name → blob id). */
export interface RenderIndexEntry {
  readonly key: string;
  readonly files: ReadonlyMap<string, string>;
  /**
   * Set by `verifiedRenderIndex`: each file's repository path followed by its tree entry
   * (`100644 <blob id>`), as the tree it was checked against lists it, in the order of `files`.
   * Taking the folder takes these strings, so that nothing is built again per file and later
   * comparisons with that tree meet the same strings.
   */
  readonly listed?: readonly string[];
  /** Set with `listed`: the listing it was checked against (listings are never changed once made). */
  readonly listedIn?: ReadonlyMap<string, string>;
}

/** Assignment folder (repository path, no trailing slash) → entry. */
export type RenderIndex = ReadonlyMap<string, RenderIndexEntry>;

/** The largest index text read (bytes of UTF-16, about 600 bytes per assignment at most). */
export const MAX_INDEX_CHARS = 256 * 1024 * 1024;

const HEADER = `kalypso-render-index 1 ${RENDER_ENGINE_VERSION}`;
/**
 * The names an assignment folder holds (docs/kalypso-compatibility.md#layout): a name read from a
 * note is kept as one of these strings, so every folder shares it.
 */
const FILE_NAMES = [
  'reconciler.yaml',
  'namespace.yaml',
  'platform-config.yaml',
  'platform-config.sh',
];
/** Each of FILE_NAMES by its length (their lengths differ). */
const NAME_OF_LENGTH: readonly (string | undefined)[] = (() => {
  const byLength: (string | undefined)[] = [];
  for (const name of FILE_NAMES) byLength[name.length] = name;
  return byLength;
})();
/** The mode of every generated file, as a tree entry starts with it. */
const MODE_PREFIX = '100644 ';

/** Whether `text` from `start` to `end` is lower-case hexadecimal (`[0-9a-f]`) only. */
function isHex(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** Whether `entry` is exactly `100644 <blob>` (compared in place, no string made). */
function isFileEntry(entry: string | undefined, blob: string): entry is string {
  return (
    entry !== undefined &&
    entry.length === MODE_PREFIX.length + blob.length &&
    entry.startsWith(MODE_PREFIX) &&
    entry.endsWith(blob)
  );
}

/**
 * The index as text: a header line, the reach record's lines when given (`formatReachRecord`:
 * each starts with `:`, which no entry line parses as), then one line per folder
 * (`folder\tkey\tname blob\t…`).
 */
export function formatRenderIndex(index: RenderIndex, record?: string): string {
  const lines = [
    record === undefined || record === '' ? HEADER : `${HEADER}\n${record.slice(0, -1)}`,
  ];
  for (const [folder, { key, files }] of index) {
    let line = `${folder}\t${key}`;
    for (const [name, blob] of files) line += `\t${name} ${blob}`;
    lines.push(line);
  }
  lines.push('');
  return lines.join('\n');
}

/**
 * Reads an index as `formatRenderIndex` writes it. Another version, a wrong header or a text over
 * the budget gives an empty index; a line that is not exactly well formed is left out: a line is
 * `folder\tkey` and two or three `name blob` fields, each split on its one tab or space, the
 * folder a safe tree path named once, the key 64 lower-case hex digits, each name one of an
 * assignment folder's file names named once, each blob id 40 or 64 lower-case hex digits.
 */
export function parseRenderIndex(text: string): Map<string, RenderIndexEntry> {
  const index = new Map<string, RenderIndexEntry>();
  if (text.length > MAX_INDEX_CHARS) return index;
  const headerEnd = text.indexOf('\n');
  if ((headerEnd < 0 ? text : text.slice(0, headerEnd)) !== HEADER) return index;
  let start = headerEnd < 0 ? text.length + 1 : headerEnd + 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const entry = parseLine(text, start, end);
    if (entry !== undefined && !index.has(entry[0])) index.set(entry[0], entry[1]);
    start = end + 1;
  }
  return index;
}

/** One line of an index (`text` from `start` to `end`), or undefined when it is not well formed. */
function parseLine(
  text: string,
  start: number,
  end: number,
): [string, RenderIndexEntry] | undefined {
  const folderEnd = text.indexOf('\t', start);
  if (folderEnd < 0 || folderEnd >= end) return undefined;
  const keyEnd = text.indexOf('\t', folderEnd + 1);
  if (keyEnd < 0 || keyEnd >= end || keyEnd - folderEnd - 1 !== 64) return undefined;
  if (!isHex(text, folderEnd + 1, keyEnd)) return undefined;
  const folder = text.slice(start, folderEnd);
  if (!isSafeTreePath(folder)) return undefined;
  const files = new Map<string, string>();
  let field = keyEnd + 1;
  while (field <= end) {
    if (files.size === 3) return undefined; // more than five fields
    let fieldEnd = text.indexOf('\t', field);
    if (fieldEnd < 0 || fieldEnd > end) fieldEnd = end;
    const space = text.indexOf(' ', field);
    if (space < 0 || space >= fieldEnd) return undefined;
    const blobLength = fieldEnd - space - 1;
    if (blobLength !== 40 && blobLength !== 64) return undefined;
    if (!isHex(text, space + 1, fieldEnd)) return undefined; // also: no second space
    const name = NAME_OF_LENGTH[space - field];
    if (name === undefined || !text.startsWith(name, field) || files.has(name)) return undefined;
    files.set(name, text.slice(space + 1, fieldEnd));
    field = fieldEnd + 1;
  }
  if (files.size < 2) return undefined;
  return [folder, { key: text.slice(folderEnd + 1, keyEnd), files }];
}

/**
 * The entries of `index` that hold in `tree` (path → `<mode> <id>`, as git lists it): every file
 * an entry names is at its path with that blob id, as a regular file. The others are left out.
 * Each kept entry carries the paths and tree entries it was checked with (`listed`).
 */
export function verifiedRenderIndex(
  index: RenderIndex,
  tree: ReadonlyMap<string, string>,
): Map<string, RenderIndexEntry> {
  const verified = new Map<string, RenderIndexEntry>();
  for (const [folder, entry] of index) {
    const listed: string[] = [];
    for (const [name, blob] of entry.files) {
      const path = `${folder}/${name}`;
      const found = tree.get(path);
      if (!isFileEntry(found, blob)) break;
      listed.push(path, found);
    }
    if (listed.length === entry.files.size * 2)
      verified.set(folder, { key: entry.key, files: entry.files, listed, listedIn: tree });
  }
  return verified;
}

/** Folder → stable key and file names, as a render gathers them (`RenderedEnvironment.keys`). */
export type IndexKeys = ReadonlyMap<
  string,
  {
    readonly key: string;
    readonly names: readonly string[];
    /** The index entry the folder was taken from (its `names` are its files'). */
    readonly indexed?: RenderIndexEntry;
  }
>;

/**
 * The index of a planned tree: each keyed folder (folder → stable key and the names of its files)
 * with the blob ids the tree holds there. A folder whose files the tree does not all hold is left
 * out.
 */
export function renderIndexOf(
  keys: IndexKeys,
  tree: ReadonlyMap<string, string>,
): Map<string, RenderIndexEntry> {
  const index = new Map<string, RenderIndexEntry>();
  // The planned listing of the render that gathered `keys`: it holds the files of every folder
  // that render took from an index, as the index gave them.
  const planned = tree instanceof PlannedListing && tree.takenBy === keys;
  for (const [folder, { key, names, indexed }] of keys) {
    if (indexed !== undefined && planned && sameNames(indexed, names)) {
      index.set(folder, { key, files: indexed.files });
      continue;
    }
    // A folder taken from an index whose files the tree still holds as they were checked: its
    // files are the entry's (the same blob ids, by the same names in the same order).
    if (indexed?.listed !== undefined && holdsListed(folder, indexed, names, tree)) {
      index.set(folder, { key, files: indexed.files });
      continue;
    }
    const files = new Map<string, string>();
    for (const name of names) {
      const entry = tree.get(`${folder}/${name}`);
      if (entry === undefined || !entry.startsWith(MODE_PREFIX)) break;
      files.set(name, entry.slice(MODE_PREFIX.length));
    }
    if (files.size === names.length) index.set(folder, { key, files });
  }
  return index;
}

/** Whether `names` are the names of the entry's files, in order. */
function sameNames(entry: RenderIndexEntry, names: readonly string[]): boolean {
  if (names.length !== entry.files.size) return false;
  let i = 0;
  for (const name of entry.files.keys()) if (names[i++] !== name) return false;
  return true;
}

/**
 * Whether `tree` holds each file of a checked entry as a regular file with its blob id, at the
 * paths it was checked at (`listed`: `<folder>/<name>` each, made together, so the first path
 * names the folder of all), under `names` in its order.
 */
function holdsListed(
  folder: string,
  entry: RenderIndexEntry,
  names: readonly string[],
  tree: ReadonlyMap<string, string>,
): boolean {
  const listed = entry.listed!;
  if (names.length !== entry.files.size || listed.length !== names.length * 2) return false;
  if (names.length > 0 && listed[0] !== `${folder}/${names[0]}`) return false;
  let i = 0;
  for (const [name, blob] of entry.files) {
    if (names[i] !== name || !isFileEntry(tree.get(listed[i * 2]!), blob)) return false;
    i++;
  }
  return true;
}

/**
 * Whether the keys a render gathered are exactly an index's (every folder, its key and its file
 * names): on the same tree, the index it would note is that one, so nothing needs formatting.
 */
export function sameIndexKeys(keys: IndexKeys, index: RenderIndex): boolean {
  if (keys.size !== index.size) return false;
  for (const [folder, { key, names }] of keys) {
    const entry = index.get(folder);
    if (entry === undefined || entry.key !== key || entry.files.size !== names.length) return false;
    for (const name of names) if (!entry.files.has(name)) return false;
  }
  return true;
}
