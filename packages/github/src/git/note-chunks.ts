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

/**
 * An index text in chunks, one per cluster-type folder (each assignment line's folder without
 * its last segment; lines of one folder in a row stay together), each starting with the text's
 * header line, so that `joinNoteChunks` gives the text back exactly. A text of another shape,
 * or of one folder, is one chunk.
 */
export function noteChunks(text: string): string[] {
  const headerEnd = text.indexOf('\n');
  if (!text.startsWith(INDEX_HEADER) || headerEnd < 0 || !text.endsWith('\n')) return [text];
  const header = text.slice(0, headerEnd + 1);
  const chunks: string[] = [];
  let group: string | undefined;
  let groupStart = headerEnd + 1;
  let start = headerEnd + 1;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    const tab = text.indexOf('\t', start);
    const folderEnd = tab >= 0 && tab < end ? tab : end;
    const slash = folderEnd > start ? text.lastIndexOf('/', folderEnd - 1) : -1;
    const folder = slash >= start ? text.slice(start, slash) : '';
    if (folder !== group) {
      if (group !== undefined) chunks.push(header + text.slice(groupStart, start));
      group = folder;
      groupStart = start;
    }
    start = end + 1;
  }
  if (group !== undefined) chunks.push(header + text.slice(groupStart));
  return chunks.length < 2 || chunks.length > MAX_CHUNKS ? [text] : chunks;
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

/**
 * The owner of a chunk `noteChunks` made: the cluster type (the last segment of the folder its
 * entries lie in, as `noteChunks` groups them) and the number of its entry lines; undefined for a
 * chunk of other lines (the reach record's) or a name a chunk's name cannot hold.
 */
export function chunkOwner(chunk: string): ChunkOwner | undefined {
  const headerEnd = chunk.indexOf('\n');
  if (!chunk.startsWith(INDEX_HEADER) || headerEnd < 0 || !chunk.endsWith('\n')) return undefined;
  const firstEnd = chunk.indexOf('\n', headerEnd + 1);
  if (firstEnd < 0 || chunk.charCodeAt(headerEnd + 1) === 0x3a) return undefined; // a `:` line
  const tab = chunk.indexOf('\t', headerEnd + 1);
  if (tab < 0 || tab > firstEnd) return undefined;
  const slash = chunk.lastIndexOf('/', tab - 1);
  if (slash <= headerEnd) return undefined;
  const folder = chunk.slice(headerEnd + 1, slash);
  const clusterType = folder.slice(folder.lastIndexOf('/') + 1);
  if (!CHUNK_CLUSTER_TYPE.test(clusterType)) return undefined;
  let entries = 0;
  for (let at = headerEnd; at < chunk.length - 1; at = chunk.indexOf('\n', at + 1)) entries++;
  return entries > 0 && entries <= ENTRIES_MAX ? { entries, clusterType } : undefined;
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
