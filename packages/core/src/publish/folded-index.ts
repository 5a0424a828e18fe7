// The render index read folder by folder (docs/decisions/incremental-render.md, the folder-level
// compose): a cluster-type folder whose tree id the index's entries make is proven whole, without
// listing a file of it; only the entries of the other folders are checked file by file, in a
// listing of those folders alone. A cluster type that no change since the noted render reaches is
// kept whole (its folder as the tree holds it) when its chunk of the index was named and not read:
// that chunk is never read.
import { splitChunkRefs, withChunks, type ChunkRef } from '../render/chunk-refs.ts';
import { blobObject, indexFolderTrees, type FolderTree } from '../render/folder-trees.ts';
import { parseReachRecord } from '../render/reach-record.ts';
import {
  parseRenderIndex,
  verifiedRenderIndex,
  type RenderIndex,
  type RenderIndexEntry,
} from '../render/render-index.ts';
import { notedTree } from './noted-tree.ts';
import type { GitOpsRepository } from './ports.ts';
import { README_TEXT } from '../gitops/tree.ts';

const encoder = new TextEncoder();

/** How a run's index was proven, for the draft that composes the tree by folder. */
export interface FoldedIndex {
  readonly gitopsPath: string;
  /** The tree the index was read for: the base's, or our branch's (on the base head). */
  readonly treeId: string;
  /** Its cluster-type folders whose tree id the index's entries make: folder → tree. */
  readonly proven: ReadonlyMap<string, FolderTree>;
  /**
   * The cluster-type folders kept whole (`WholeScope`): folder → its tree id (the same in that
   * tree and in the base's) and its chunk of the index, named and not read.
   */
  readonly whole: ReadonlyMap<string, WholeFolder>;
  /** The files a render writes directly in every cluster-type folder (name → blob id). */
  readonly readme: ReadonlyMap<string, string>;
}

/** A cluster-type folder kept whole: its tree id and its chunk of the index. */
export interface WholeFolder {
  readonly treeId: string;
  readonly ref: ChunkRef;
}

/**
 * What decides which cluster types are kept whole: the cluster types a change since the noted
 * render may reach (`runReach`; undefined: any), and how many assignments this run schedules on
 * each.
 */
export interface WholeScope {
  reached(noted: {
    noted?: NotedRecord;
    digest: (text: string) => string;
  }): ReadonlySet<string> | undefined;
  readonly assignments: ReadonlyMap<string, number>;
}

type NotedRecord = NonNullable<ReturnType<typeof parseReachRecord>>;

/** What the index read found: as `readIndex` reports it, with the folders proven. */
export interface FoldedIndexRead {
  readonly entries: RenderIndex;
  readonly parsed: number;
  readonly treeId: string | undefined;
  readonly text: string | undefined;
  readonly where: string;
  readonly folded: FoldedIndex | undefined;
}

/**
 * The index noted on the base's tree, else on our branch's when it sits on the base head (as
 * `readIndex` chooses), proven by folder: each cluster-type folder of that tree whose id the
 * entries make is taken whole; the other entries are checked in a listing of the files outside
 * the cluster-type folders and of the folders they lie in.
 */
export async function readFoldedIndex(
  folders: NonNullable<GitOpsRepository['folders']>,
  notes: NonNullable<GitOpsRepository['renderIndex']>,
  where: { base: string; branch: string; gitopsPath: string },
  scope?: WholeScope,
): Promise<FoldedIndexRead> {
  const { base, branch, gitopsPath } = where;
  const read = await folders.read(base, branch, gitopsPath);
  const noted = await notedTree(notes, where, read.base, read.branch);
  const { tree, where: said } = noted;
  const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  // The chunks named and not read: those of cluster types kept whole stay unread, the others are
  // read now (one exchange).
  let text = noted.text;
  const whole = new Map<string, WholeFolder>();
  if (text !== undefined && tree !== undefined) {
    const { body, refs } = splitChunkRefs(text);
    if (refs.length > 0) {
      const record = parseReachRecord(body);
      const reached = scope?.reached({
        ...(record ? { noted: record } : {}),
        digest: (t) => notes.digest(t),
      });
      const wanted: ChunkRef[] = [];
      for (const ref of refs) {
        const folder = `${prefix}${ref.clusterType}`;
        const treeId = tree.folders.get(folder);
        if (
          reached !== undefined &&
          !reached.has(ref.clusterType) &&
          treeId !== undefined &&
          read.base?.folders.get(folder) === treeId &&
          scope?.assignments.get(ref.clusterType) === ref.entries
        )
          whole.set(folder, { treeId, ref });
        else wanted.push(ref);
      }
      text = await withChunksRead(notes, base, body, wanted);
    }
  }
  const parsed = text === undefined ? new Map<string, RenderIndexEntry>() : parseRenderIndex(text);
  if (tree === undefined || text === undefined)
    return {
      entries: new Map(),
      parsed: parsed.size,
      treeId: tree?.treeId,
      text,
      where: said,
      folded: undefined,
    };
  const proven = new Map<string, FolderTree>();
  // Every cluster-type folder a render writes holds its README beside the assignment folders.
  const readme = new Map([
    ['README.md', folders.objectId(blobObject(encoder.encode(README_TEXT)))],
  ]);
  const trees = indexFolderTrees(parsed, gitopsPath, (o) => folders.objectId(o), readme);
  for (const [folder, made] of trees)
    if (tree.folders.get(folder) === made.id) proven.set(folder, made);
  const entries = new Map<string, RenderIndexEntry>();
  for (const made of proven.values())
    for (const [folder, entry] of made.folders) entries.set(folder, entry);
  // The others, file by file: the folders they lie in listed, with everything outside them.
  const rest = new Map<string, RenderIndexEntry>();
  const listed = new Set<string>();
  for (const [folder, entry] of parsed) {
    if (entries.has(folder)) continue;
    rest.set(folder, entry);
    const slash = folder.startsWith(prefix) ? folder.indexOf('/', prefix.length) : -1;
    const clusterType = slash < 0 ? undefined : folder.slice(0, slash);
    if (clusterType !== undefined && tree.folders.has(clusterType)) listed.add(clusterType);
  }
  if (rest.size > 0) {
    const listing = new Map(await tree.list([...listed]));
    for (const [path, entry] of tree.outside) listing.set(path, entry);
    for (const [folder, entry] of verifiedRenderIndex(rest, listing)) entries.set(folder, entry);
  }
  return {
    entries,
    parsed: parsed.size,
    treeId: tree.treeId,
    text,
    where: said,
    folded: { gitopsPath, treeId: tree.treeId, proven, whole, readme },
  };
}

/**
 * `body` with the chunks `refs` name read into it (one exchange; none when there are none). A
 * chunk that cannot be read is left out: its folders are rendered.
 */
export async function withChunksRead(
  notes: NonNullable<GitOpsRepository['renderIndex']>,
  base: string,
  body: string,
  refs: readonly ChunkRef[],
): Promise<string> {
  if (refs.length === 0) return body;
  const texts = await notes.chunks?.(
    base,
    refs.map((ref) => ref.id),
  );
  return withChunks(body, texts ?? []);
}
