// How one render uses a cross-run index and gathers the keys of the next one
// (docs/decisions/incremental-render.md).
import { ownedStart } from '../gitops/tree.ts';
import type { Assignment } from '../model/schedule.ts';
import type { Problem } from '../model/problem.ts';
import type { IndexedPackage, RenderedPackage, ReusedPackage } from './assignment-package.ts';
import type { IndexKeys, RenderIndex, RenderIndexEntry } from './render-index.ts';
import type { AssignmentKey, RenderMemo } from './render-key.ts';

type Result = RenderedPackage | ReusedPackage | IndexedPackage | Problem;

/** The mode of every generated file, as a tree entry starts with it. */
const MODE_PREFIX = '100644 ';

/** The files of one package, by name (as the GitOps layout writes them). */
function namesOf(pkg: {
  configFileName: string;
  config: Uint8Array | string | undefined;
}): string[] {
  const names = ['reconciler.yaml', 'namespace.yaml'];
  if (pkg.config !== undefined && pkg.config !== '') names.push(pkg.configFileName);
  return names;
}

/** A folder taken from the index, and its entry. */
type Taken = readonly [folder: string, entry: RenderIndexEntry];

/**
 * The files of the folders taken from an index (path → `100644 <blob id>`), read from their
 * entries as they are iterated: the strings the index was checked with (`listed`) when it was,
 * otherwise made from the folder and the entry. A lookup builds a map once.
 */
export class KnownFiles implements ReadonlyMap<string, string> {
  readonly size: number;
  /**
   * The listing every file here was checked in and taken from, as it holds them (each entry's
   * `listedIn`, when all share one): compared with it, these files are the same without a lookup.
   */
  readonly from: ReadonlyMap<string, string> | undefined;
  /**
   * Whether these paths are none of the render's other files nor a path the scheduler does not
   * own: every folder of the render was kept once, and every folder taken is owned. They can then
   * follow the other entries of a planned listing without a lookup (`PlannedListing`).
   */
  readonly disjoint: boolean;
  /** The keys of the render that took these files (each `indexed` entry's files are here). */
  readonly takenBy: IndexKeys | undefined;
  private readonly taken: readonly Taken[];
  private byPath: Map<string, string> | undefined;

  constructor(taken: readonly Taken[], disjoint = false, takenBy?: IndexKeys) {
    this.taken = taken;
    this.disjoint = disjoint;
    this.takenBy = takenBy;
    let size = 0;
    let from: ReadonlyMap<string, string> | undefined = taken[0]?.[1].listedIn;
    for (const [, entry] of taken) {
      size += entry.files.size;
      if (entry.listed === undefined || entry.listedIn !== from) from = undefined;
    }
    this.size = size;
    this.from = from;
  }

  forEach(
    callback: (entry: string, path: string, map: ReadonlyMap<string, string>) => void,
    thisArg?: unknown,
  ): void {
    for (const [folder, { files, listed }] of this.taken) {
      if (listed !== undefined) {
        for (let i = 0; i < listed.length; i += 2)
          callback.call(thisArg, listed[i + 1]!, listed[i]!, this);
      } else {
        for (const [name, blob] of files)
          callback.call(thisArg, `${MODE_PREFIX}${blob}`, `${folder}/${name}`, this);
      }
    }
  }

  *entries(): MapIterator<[string, string]> {
    for (const [folder, { files, listed }] of this.taken) {
      if (listed !== undefined) {
        for (let i = 0; i < listed.length; i += 2) yield [listed[i]!, listed[i + 1]!];
      } else {
        for (const [name, blob] of files) yield [`${folder}/${name}`, `${MODE_PREFIX}${blob}`];
      }
    }
  }

  *keys(): MapIterator<string> {
    for (const [path] of this.entries()) yield path;
  }

  *values(): MapIterator<string> {
    for (const [, entry] of this.entries()) yield entry;
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  /** The folders taken and their index entries, in the order of the render. */
  folders(): readonly Taken[] {
    return this.taken;
  }

  get(path: string): string | undefined {
    return this.lookup().get(path);
  }

  has(path: string): boolean {
    return this.lookup().has(path);
  }

  private lookup(): Map<string, string> {
    this.byPath ??= new Map(this.entries());
    return this.byPath;
  }
}

/**
 * The listing `known` files were all taken from as it holds them (`KnownFiles.from`), or
 * undefined.
 */
export function knownSource(
  known: ReadonlyMap<string, string> | undefined,
): ReadonlyMap<string, string> | undefined {
  return known instanceof KnownFiles ? known.from : undefined;
}

/**
 * `known` as the end of a planned listing without a lookup (`KnownFiles.disjoint`), with the
 * keys of the render that took them; undefined when it cannot be.
 */
export function disjointKnown(
  known: ReadonlyMap<string, string> | undefined,
):
  | { readonly files: ReadonlyMap<string, string>; readonly keys: IndexKeys | undefined }
  | undefined {
  return known instanceof KnownFiles && known.disjoint
    ? { files: known, keys: known.takenBy }
    : undefined;
}

/** The folders `known` files were taken from, with their index entries; undefined: not known. */
export function takenFolders(
  known: ReadonlyMap<string, string> | undefined,
): readonly Taken[] | undefined {
  return known instanceof KnownFiles ? known.folders() : undefined;
}

/** The file names of index entries, one frozen array shared by folders in a row with the same. */
class NameLists {
  private last: readonly string[] | undefined;

  of(files: ReadonlyMap<string, string>): readonly string[] {
    const last = this.last;
    if (last !== undefined && last.length === files.size) {
      let i = 0;
      let same = true;
      for (const name of files.keys()) if (name !== last[i++]) same = false;
      if (same) return last;
    }
    this.last = Object.freeze([...files.keys()]);
    return this.last;
  }
}

export class IndexUse {
  /** The folders taken from the index, in the order of the render. */
  private readonly taken_: Taken[] = [];
  /** How many folders were kept; those kept without a key; whether a taken one is not owned. */
  private kept = 0;
  private readonly unkeyed: string[] = [];
  private unowned = false;
  private readonly gitopsPath: string;
  private readonly keys = new Map<
    string,
    { key: string; names: readonly string[]; indexed?: RenderIndexEntry }
  >();
  private readonly names = new NameLists();
  private stable: string | undefined;
  /** The index entry of the folder being rendered (`taken`). */
  private entry: RenderIndexEntry | undefined;
  private readonly prefix: string;
  private readonly index: RenderIndex | undefined;
  private readonly wanted: boolean;

  constructor(index: RenderIndex | undefined, wanted: boolean, gitopsPath: string) {
    this.index = index;
    this.wanted = wanted;
    this.prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
    this.gitopsPath = gitopsPath;
  }

  /** The folder of the assignment about to render. */
  start(assignment: Assignment): string {
    this.stable = undefined;
    this.entry = undefined;
    return `${this.prefix}${assignment.clusterType.name}/${assignment.target.name}`;
  }

  /** Whether the index holds the folder under this key (its files are then taken). */
  taken(
    memo: RenderMemo | undefined,
    folder: string,
  ): ((key: AssignmentKey) => boolean) | undefined {
    const entry = this.index?.get(folder);
    if (memo === undefined || entry === undefined) return undefined;
    this.entry = entry;
    return (key) => {
      this.stable = memo.stableKey(key);
      return entry.key === this.stable;
    };
  }

  /**
   * Takes the folder as the index holds it, without keying its assignment, when the index has it
   * (the caller proved that no input of its key changed since the render that noted it: the
   * reach record, `reachedClusterTypes`). Its key is the entry's, as a keyed take would find it.
   */
  takeUnkeyed(folder: string): boolean {
    const entry = this.index?.get(folder);
    if (entry === undefined) return false;
    this.kept++;
    this.takeEntry(folder, entry);
    return true;
  }

  /** Keeps the folder's stable key and files (taken from the index, or as rendered). */
  keep(memo: RenderMemo, folder: string, result: Result): void {
    this.kept++;
    // Taken: its stable key is the entry's (`taken` compared them).
    if ('indexed' in result) return this.takeEntry(folder, this.entry!);
    if (!this.wanted) return; // no index either (it implies keys): nothing is taken
    const [key, names] =
      'reused' in result
        ? [result.key, namesOf(result.reused)]
        : 'reconciler' in result
          ? [result.key, namesOf(result)]
          : [undefined, []];
    if (key === undefined) {
      this.unkeyed.push(folder);
      return;
    }
    this.keys.set(folder, { key: this.stable ?? memo.stableKey(key), names });
  }

  /** A folder taken as the index holds it: its files, and its key for the next index. */
  private takeEntry(folder: string, entry: RenderIndexEntry): void {
    this.taken_.push([folder, entry]);
    if (ownedStart(folder, this.gitopsPath) < 0) this.unowned = true;
    this.keys.set(folder, { key: entry.key, names: this.names.of(entry.files), indexed: entry });
  }

  /** `indexable`: whether the next run may take this render's keys (false when it warned). */
  result(indexable: boolean): { known?: ReadonlyMap<string, string>; keys?: IndexKeys } {
    // Every folder once: as many keys and folders without one as folders kept, none twice.
    const distinct =
      this.keys.size + this.unkeyed.length === this.kept &&
      new Set(this.unkeyed).size === this.unkeyed.length &&
      this.unkeyed.every((folder) => !this.keys.has(folder));
    const known = new KnownFiles(this.taken_, distinct && !this.unowned, this.keys);
    return {
      ...(known.size === 0 ? {} : { known }),
      ...(this.wanted && indexable ? { keys: this.keys } : {}),
    };
  }
}
