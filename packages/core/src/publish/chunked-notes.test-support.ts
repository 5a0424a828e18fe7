// Render notes kept in memory as the GitHub adapter keeps them (packages/github/src/git/render-note.ts):
// an index text stored as one chunk per cluster-type folder, each chunk named by id and read only
// when asked (`renderIndex.chunks`); reading a note gives the other lines as text and each chunk
// as a `:chunk` line (chunk-refs.ts).
import {
  CHUNK_CLUSTER_TYPE,
  chunkRefLine,
  splitChunkRefs,
  withChunks,
} from '../render/chunk-refs.ts';
import { gitBlobId } from './folded-gitops.test-support.ts';

const encoder = new TextEncoder();

export class ChunkedNotes {
  /** Every chunk stored, by id. */
  readonly chunks = new Map<string, string>();
  /** The ids of the chunks read, in order. */
  readonly read: string[] = [];
  private readonly notes = new Map<string, string>();

  /** Notes `treeId` with `text` (its `:chunk` lines name chunks stored before). */
  set(treeId: string, text: string): void {
    this.notes.set(treeId, this.stored(text));
  }

  /** Removes the note on `treeId`. */
  delete(treeId: string): void {
    this.notes.delete(treeId);
  }

  /** The note on `treeId` as a read gives it. */
  get(treeId: string): string | undefined {
    return this.notes.get(treeId);
  }

  /** The chunks' texts (undefined: one is not stored). */
  texts(ids: readonly string[]): string[] | undefined {
    for (const id of ids) this.read.push(id);
    const texts = ids.map((id) => this.chunks.get(id));
    return texts.every((t) => t !== undefined) ? (texts as string[]) : undefined;
  }

  /** A text with every chunk it names read into it. */
  expand(text: string): string {
    const { body, refs } = splitChunkRefs(text);
    return withChunks(
      body,
      refs.map((ref) => this.chunks.get(ref.id)!),
    );
  }

  private stored(text: string): string {
    const { body, refs } = splitChunkRefs(text);
    const lines = body.split('\n');
    const header = `${lines[0]}\n`;
    let kept = header;
    let named = '';
    const groups: { folder: string; lines: string[] }[] = [];
    for (const line of lines.slice(1)) {
      if (line === '') continue;
      const tab = line.indexOf('\t');
      const folder = line.startsWith(':') || tab < 0 ? '' : line.slice(0, tab);
      const clusterType = folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : '';
      const last = groups.at(-1);
      if (last !== undefined && last.folder === clusterType) last.lines.push(line);
      else groups.push({ folder: clusterType, lines: [line] });
    }
    for (const { folder, lines: grouped } of groups) {
      // Named by the folder's last segment (below spec.path, the cluster type's name).
      const clusterType = folder.slice(folder.lastIndexOf('/') + 1);
      if (folder === '' || !CHUNK_CLUSTER_TYPE.test(clusterType)) {
        kept += grouped.map((l) => `${l}\n`).join('');
        continue;
      }
      const chunk = header + grouped.map((l) => `${l}\n`).join('');
      const id = gitBlobId(encoder.encode(chunk));
      this.chunks.set(id, chunk);
      named += chunkRefLine({ id, entries: grouped.length, clusterType });
    }
    for (const ref of refs) named += chunkRefLine(ref);
    return kept + named;
  }
}
