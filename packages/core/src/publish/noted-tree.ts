// Which tree's render index a run reads (docs/decisions/incremental-render.md): the one noted on
// the GitOps branch's tree; while our pull request is open (its tree not merged yet), the one
// noted on the pull request branch's tree, when that branch sits on the base head — every file it
// holds that is not generated is then the base's. Shared by the listed and the folded read, and
// by the GitHub adapter, which fetches that note while the trees are listed.
import type { GitOpsRepository } from './ports.ts';

/** The tree chosen, its note's text (undefined: none), and where it was found, for the log. */
export interface NotedTree<T> {
  readonly tree: T | undefined;
  readonly text: string | undefined;
  readonly where: string;
}

export async function notedTree<
  B extends { readonly head: string; readonly treeId: string },
  P extends { readonly treeId: string; readonly parents: readonly string[] },
>(
  notes: Pick<NonNullable<GitOpsRepository['renderIndex']>, 'read'>,
  names: { base: string; branch: string },
  base: B | undefined,
  pending: P | undefined,
): Promise<NotedTree<B | P>> {
  const text = base === undefined ? undefined : await notes.read(names.base, base.treeId);
  const onBase =
    pending !== undefined &&
    pending.parents.length === 1 &&
    pending.parents[0] === base?.head &&
    pending.treeId !== base?.treeId;
  if (text === undefined && onBase) {
    const noted = await notes.read(names.base, pending.treeId);
    if (noted !== undefined)
      return { tree: pending, text: noted, where: `the pull request branch '${names.branch}'` };
  }
  return { tree: base, text, where: `the GitOps branch '${names.base}'` };
}
