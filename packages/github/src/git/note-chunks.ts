// The chunks of a render note (render-note.ts, docs/decisions/incremental-render.md): an index
// text is noted as a tree of chunks, one per cluster-type folder, each named by its number (git's
// order is the chunks') and, when it holds the entries of one cluster type's folder, by how many
// and that cluster type, so that a read can name it without reading it (`:chunk` lines,
// chunk-refs.ts in @kalypso/core).
import { CHUNK_CLUSTER_TYPE, type ChunkRef } from '@kalypso/core';

/** The first line of every index text (`formatRenderIndex`), up to its version fields. */
export const INDEX_HEADER = 'kalypso-render-index ';
/** The most chunks a note is split into (their names are six digits); more: one blob. */
export const MAX_CHUNKS = 999_999;

/** A chunk of an index text, and its owner when it holds one cluster type's entries. */
export interface NoteChunk {
  readonly text: string;
  readonly owner?: ChunkOwner;
}

/**
 * An index text in chunks, one per cluster-type folder (each assignment line's folder without
 * its last segment; lines of one folder in a row stay together), each starting with the text's
 * header line, so that `joinNoteChunks` gives the text back exactly. A chunk of entry lines whose
 * folder's last segment a chunk's name can hold is owned by that cluster type (`chunkName`). A
 * text of another shape, or of one folder, is one chunk, owned by none.
 */
export function noteChunks(text: string): NoteChunk[] {
  const headerEnd = text.indexOf('\n');
  if (!text.startsWith(INDEX_HEADER) || headerEnd < 0 || !text.endsWith('\n')) return [{ text }];
  const header = text.slice(0, headerEnd + 1);
  const chunks: NoteChunk[] = [];
  let group: string | undefined;
  let groupStart = headerEnd + 1;
  let lines = 0;
  const close = (end: number) => {
    const chunk = header + text.slice(groupStart, end);
    // The reach record's lines (`:`) have no folder: they go together, owned by none.
    const clusterType = group!.slice(group!.lastIndexOf('/') + 1);
    const owned =
      group !== '' &&
      text.charCodeAt(groupStart) !== 0x3a &&
      CHUNK_CLUSTER_TYPE.test(clusterType) &&
      lines <= ENTRIES_MAX;
    chunks.push(owned ? { text: chunk, owner: { entries: lines, clusterType } } : { text: chunk });
  };
  let start = headerEnd + 1;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const tab = text.indexOf('\t', start);
    const folderEnd = tab >= 0 && tab < end ? tab : end;
    const slash = folderEnd > start ? text.lastIndexOf('/', folderEnd - 1) : -1;
    const folder = slash >= start ? text.slice(start, slash) : '';
    if (folder !== group) {
      if (group !== undefined) close(start);
      group = folder;
      groupStart = start;
      lines = 0;
    }
    lines++;
    start = end + 1;
  }
  if (group !== undefined) close(text.length);
  return chunks.length < 2 || chunks.length > MAX_CHUNKS ? [{ text }] : chunks;
}

/** The text `noteChunks` split; undefined when the chunks do not all start with one header line. */
export function joinNoteChunks(chunks: readonly string[]): string | undefined {
  if (chunks.length === 1) return chunks[0];
  const first = chunks[0];
  if (first === undefined || !first.startsWith(INDEX_HEADER)) return undefined;
  const header = first.slice(0, first.indexOf('\n') + 1);
  if (header === '') return undefined;
  let text = header;
  for (const chunk of chunks) {
    if (!chunk.startsWith(header)) return undefined;
    text += chunk.slice(header.length);
  }
  return text;
}

/** What names a chunk beside its number: the cluster type its entries lie in, and how many. */
export type ChunkOwner = Pick<ChunkRef, 'entries' | 'clusterType'>;

const ENTRIES_MAX = 9_999_999;

/**
 * The name of chunk `i` in a note's tree: six digits, then for a chunk of one cluster type's
 * folder `-<entries>-<cluster type>`.
 */
export function chunkName(i: number, owner?: ChunkOwner): string {
  const number = String(i).padStart(6, '0');
  return owner === undefined ? number : `${number}-${owner.entries}-${owner.clusterType}`;
}

const NAME = /^(\d{6})(?:-([1-9]\d{0,6})-(.+))?$/;

/**
 * Chunk `i`'s name read back: its owner, or none; undefined when the name is not the name of
 * chunk `i` as `chunkName` writes it.
 */
export function chunkOwnerOfName(name: string, i: number): { owner?: ChunkOwner } | undefined {
  const match = NAME.exec(name);
  if (match === null || match[1] !== chunkName(i)) return undefined;
  if (match[2] === undefined) return {};
  if (!CHUNK_CLUSTER_TYPE.test(match[3]!)) return undefined;
  return { owner: { entries: Number(match[2]), clusterType: match[3]! } };
}
