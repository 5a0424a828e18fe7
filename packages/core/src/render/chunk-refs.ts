// The chunks of a render index named but not read (docs/decisions/incremental-render.md, "whole
// cluster types"): a note stores its index as one chunk per cluster-type folder, each named with
// its cluster type and its number of entries. Reading the note gives the chunks that belong to no
// cluster type as text and each other one as a `:chunk` line at the end of the text; a run reads
// the chunks of the cluster types it renders, and keeps each other one by its blob id in the next
// note (the same line in the text it writes), without reading it.

/** A chunk of the index named and not read. */
export interface ChunkRef {
  /** Its blob id. */
  readonly id: string;
  /** How many entry lines (assignment folders) it holds, as its name says. */
  readonly entries: number;
  /** The cluster type whose folder its entries lie in, as its name says. */
  readonly clusterType: string;
}

const PREFIX = ':chunk ';
/** A cluster type's name as a chunk's name may hold it (a DNS subdomain: no `/`, no dot-name). */
export const CHUNK_CLUSTER_TYPE = /^[a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?$/;
const LINE = /^:chunk ([0-9a-f]{40}|[0-9a-f]{64}) ([1-9][0-9]{0,6}) (\S+)$/;

/** The line that names a chunk in an index text. */
export function chunkRefLine(ref: ChunkRef): string {
  return `${PREFIX}${ref.id} ${ref.entries} ${ref.clusterType}\n`;
}

/**
 * The text without its `:chunk` lines, and the chunks they name. The lines are the text's last
 * ones; a line among them that is not exactly one (or names a cluster type twice) is left out, so
 * that its chunk is never kept without being read.
 */
export function splitChunkRefs(text: string): { body: string; refs: ChunkRef[] } {
  const at = text.startsWith(PREFIX) ? 0 : text.indexOf(`\n${PREFIX}`) + 1;
  if (at <= 0 && !text.startsWith(PREFIX)) return { body: text, refs: [] };
  const refs: ChunkRef[] = [];
  const named = new Set<string>();
  const twice = new Set<string>();
  for (const line of text.slice(at).split('\n')) {
    const match = LINE.exec(line);
    if (match === null || !CHUNK_CLUSTER_TYPE.test(match[3]!)) continue;
    const clusterType = match[3]!;
    if (named.has(clusterType)) twice.add(clusterType);
    named.add(clusterType);
    refs.push({ id: match[1]!, entries: Number(match[2]), clusterType });
  }
  return {
    body: text.slice(0, at),
    refs: refs.filter((ref) => !twice.has(ref.clusterType)),
  };
}

/**
 * `body` with the entry lines of the chunks read (each starts with the index's header line, the
 * first line of `body`, which is left out); a chunk that starts otherwise is left out.
 */
export function withChunks(body: string, texts: readonly string[]): string {
  const header = body.slice(0, body.indexOf('\n') + 1);
  if (header === '') return body;
  let text = body;
  for (const chunk of texts) if (chunk.startsWith(header)) text += chunk.slice(header.length);
  return text;
}
