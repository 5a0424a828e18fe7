// How one render uses a cross-run index and gathers the keys of the next one
// (docs/decisions/incremental-render.md).
import type { Assignment } from '../model/schedule.ts';
import type { Problem } from '../model/problem.ts';
import type { IndexedPackage, RenderedPackage, ReusedPackage } from './assignment-package.ts';
import type { RenderIndex } from './render-index.ts';
import type { AssignmentKey, RenderMemo } from './render-key.ts';

type Result = RenderedPackage | ReusedPackage | IndexedPackage | Problem;

/** The files of one package, by name (as the GitOps layout writes them). */
function namesOf(pkg: {
  configFileName: string;
  config: Uint8Array | string | undefined;
}): string[] {
  const names = ['reconciler.yaml', 'namespace.yaml'];
  if (pkg.config !== undefined && pkg.config !== '') names.push(pkg.configFileName);
  return names;
}

export class IndexUse {
  private readonly known = new Map<string, string>();
  private readonly keys = new Map<string, { key: string; names: readonly string[] }>();
  private stable: string | undefined;
  private readonly prefix: string;
  private readonly index: RenderIndex | undefined;
  private readonly wanted: boolean;

  constructor(index: RenderIndex | undefined, wanted: boolean, gitopsPath: string) {
    this.index = index;
    this.wanted = wanted;
    this.prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
  }

  /** The folder of the assignment about to render. */
  start(assignment: Assignment): string {
    this.stable = undefined;
    return `${this.prefix}${assignment.clusterType.name}/${assignment.target.name}`;
  }

  /** Whether the index holds the folder under this key (its files are then taken). */
  taken(
    memo: RenderMemo | undefined,
    folder: string,
  ): ((key: AssignmentKey) => boolean) | undefined {
    const entry = this.index?.get(folder);
    if (memo === undefined || entry === undefined) return undefined;
    return (key) => {
      this.stable = memo.stableKey(key);
      return entry.key === this.stable;
    };
  }

  /** Keeps the folder's stable key and files (taken from the index, or as rendered). */
  keep(memo: RenderMemo, folder: string, result: Result): void {
    if ('indexed' in result) {
      const entry = this.index!.get(folder)!;
      for (const [name, blob] of entry.files) this.known.set(`${folder}/${name}`, `100644 ${blob}`);
      this.keys.set(folder, { key: this.stable!, names: [...entry.files.keys()] });
      return;
    }
    if (!this.wanted) return;
    const [key, names] =
      'reused' in result
        ? [result.key, namesOf(result.reused)]
        : 'reconciler' in result
          ? [result.key, namesOf(result)]
          : [undefined, []];
    if (key === undefined) return;
    this.keys.set(folder, { key: this.stable ?? memo.stableKey(key), names });
  }

  /** `indexable`: whether the next run may take this render's keys (false when it warned). */
  result(indexable: boolean): { known?: ReadonlyMap<string, string>; keys?: IndexUse['keys'] } {
    return {
      ...(this.known.size === 0 ? {} : { known: this.known }),
      ...(this.wanted && indexable ? { keys: this.keys } : {}),
    };
  }
}
