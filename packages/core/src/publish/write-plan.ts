// The write side of publishEnvironment: what turns a listed tree into the planned one, and the
// push that publishes it.
import { comparedHead, type ListedTail } from '../gitops/plan.ts';
import type { GitOpsRepository } from './ports.ts';

/** Moves our branch to `commit` with a lease on `lease`; a branch that moved fails the run. */
export async function pushOrFail(
  repository: GitOpsRepository,
  branch: string,
  commit: string,
  lease: string,
  environment: string,
  /**
   * Work that needs only the pushed commit's tree (the next render index's text), started once
   * the push has (git pushes in a process of its own) and settled before this returns or throws,
   * so that nothing it started outlives a failed push; its failure is its caller's to see.
   */
  during?: () => Promise<unknown>,
): Promise<void> {
  const pushing = repository.replaceBranch(branch, commit, lease);
  if (during) {
    const settled = Promise.resolve()
      .then(during)
      .catch(() => undefined);
    await pushing.catch(() => undefined);
    await settled;
  }
  const pushed = await pushing;
  if (pushed === 'rejected') {
    throw new Error(
      `Branch '${branch}' of '${repository.fullName}' moved while this run wrote it (another schedule run for '${environment}'?). Run the schedule again.`,
    );
  }
}

/** The mode of every generated file (a regular, non-executable file). */
export const FILE_MODE = '100644';

/** Whether two listings are equal; `tail`: the end of `b` taken from `a` (`ListedTail`). */
export function sameListing(
  a: ReadonlyMap<string, string>,
  b: ReadonlyMap<string, string>,
  tail?: ListedTail,
): boolean {
  if (a.size !== b.size) return false;
  const head = comparedHead(a, b, tail);
  if (head === b.size) {
    for (const [path, entry] of a) if (b.get(path) !== entry) return false;
    return true;
  }
  // Every entry of `b` is one of `a` (its tail by how it was made), and they are as many.
  let index = 0;
  for (const [path, entry] of b) {
    if (index++ === head) break;
    if (a.get(path) !== entry) return false;
  }
  return true;
}

/**
 * What turns `start` into `after`: path → new bytes, or null to delete. Undefined when `after`
 * holds an entry that differs from `start` but was not generated (its bytes are not at hand:
 * `start` cannot be the starting point). `tail`: the end of `after` taken from a listing
 * (`ListedTail`), not compared again when that listing is `start`.
 */
export function changesFrom(
  start: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
  generated: ReadonlyMap<string, Uint8Array>,
  tail?: ListedTail,
): Map<string, Uint8Array | null> | undefined {
  const changes = new Map<string, Uint8Array | null>();
  const head = comparedHead(start, after, tail);
  // How many paths of `after` `start` holds: all of them means nothing is deleted.
  let found = after.size - head;
  let index = 0;
  for (const [path, entry] of after) {
    if (index++ === head) break;
    const old = start.get(path);
    if (old === undefined) {
      const bytes = generated.get(path);
      if (bytes === undefined) return undefined;
      changes.set(path, bytes);
      continue;
    }
    found++;
    if (old === entry) continue;
    const bytes = generated.get(path);
    if (bytes === undefined) return undefined;
    changes.set(path, bytes);
  }
  if (found !== start.size)
    for (const path of start.keys()) if (!after.has(path)) changes.set(path, null);
  return changes;
}

/** A tree a commit may start from, with its listing. */
interface StartTree {
  readonly treeId: string;
  readonly files: ReadonlyMap<string, string>;
}

/**
 * The tree a commit of `after` starts from, and the changes it needs: our branch's tree when it
 * needs fewer, or when the base cannot give every entry (entries taken from the render index of our
 * branch, which sits on the base head: docs/decisions/incremental-render.md); otherwise the
 * base's (every other entry that differs from the base was generated). Undefined when neither can.
 */
export function writeStart(
  base: StartTree,
  branch: StartTree | undefined,
  after: ReadonlyMap<string, string>,
  generated: ReadonlyMap<string, Uint8Array>,
  tail?: ListedTail,
): (StartTree & { changes: Map<string, Uint8Array | null> }) | undefined {
  const fromBase = changesFrom(base.files, after, generated, tail);
  const fromBranch = branch ? changesFrom(branch.files, after, generated, tail) : undefined;
  if (branch && fromBranch && (!fromBase || fromBranch.size < fromBase.size))
    return { treeId: branch.treeId, files: branch.files, changes: fromBranch };
  return fromBase ? { treeId: base.treeId, files: base.files, changes: fromBase } : undefined;
}
