// The pushes of a workspace that holds some tree alone (docs/decisions/incremental-render.md, the
// trees read by level): the pack of what the commit adds (receive-pack.ts). Should the server
// answer something that push cannot read — anything but a refusal, an access error or a timeout,
// which `git push` would meet as well — the same push is made by git, and said in the log:
// slower, never a failed run that git would have pushed.
import { UserError } from '@kalypso/core';
import type { GitProcess } from './process.ts';
import type { CommitInfo } from './read.ts';
import { pushPack, type PackPush } from './receive-pack.ts';
import type { TreeFetches } from './tree-fetch.ts';
import { push, type PushOutcome } from './write.ts';

/** What the workspace knows of a commit it wrote: the remote's tree it was built from, folders set by id. */
export interface Written {
  readonly start: string;
  readonly folders?: ReadonlySet<string>;
}

/**
 * `pushPack`, or, when it fails otherwise than by a refusal, an access error or a timeout,
 * `byGit` once `said` told why (the branch's push and the render index's push alike).
 */
export async function pushPackOrGit(
  git: GitProcess,
  pack: PackPush,
  byGit: () => Promise<PushOutcome>,
  said: (message: string) => void,
  /** What is pushed, for the log: "to 'kalypso/dev'", "of the render index". */
  what: string,
): Promise<PushOutcome> {
  try {
    return await pushPack(git, pack);
  } catch (error) {
    if (error instanceof UserError) throw error;
    said(
      `The push by pack ${what} failed (${error instanceof Error ? error.message : String(error)}): pushing with git instead.`,
    );
  }
  return byGit();
}

/** Pushes `commit` to `branch` as `GitWorkspace.push` does: by pack, else by git. */
export async function levelPush(
  git: GitProcess,
  trees: TreeFetches,
  request: { commit: string; branch: string; lease?: string },
  written: Written | undefined,
  commitInfo: (commit: string) => Promise<CommitInfo>,
  said: (message: string) => void,
): Promise<PushOutcome> {
  const [base] = (await commitInfo(request.commit)).parents;
  const pack: PackPush = {
    commit: request.commit,
    base,
    ...(written && { baseTree: written.start, remoteFolders: written.folders ?? new Set() }),
    ref: `refs/heads/${request.branch}`,
    ...(request.lease === undefined ? {} : { lease: request.lease }),
    activity: `Pushing to branch '${request.branch}'`,
    permission: 'contents: write',
  };
  return pushPackOrGit(
    git,
    pack,
    async () => {
      // git walks every tree of the remote's tips it holds: the commit's parent and the branch's
      // head, fetched whole in one exchange.
      await trees.fetchTreesOf([base, request.lease], commitInfo, {
        whole: true,
        what: `the trees of branch '${request.branch}'`,
      });
      // A pack taken before its answer was lost left the branch at the commit: git finds it up
      // to date (before it compares the lease) and succeeds.
      return push(git, request);
    },
    said,
    `to '${request.branch}'`,
  );
}
