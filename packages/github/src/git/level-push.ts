// The push of a workspace that holds some tree alone (docs/decisions/incremental-render.md, the
// trees read by level): the pack of what the commit adds (receive-pack.ts). Should the server
// answer something that push cannot read — anything but a refusal, an access error or a timeout,
// which `git push` would meet as well — the same push is made by git once every tree of the tips
// it walks is held, and said in the log: slower, never a failed run that git would have pushed.
import { UserError } from '@kalypso/core';
import type { GitProcess } from './process.ts';
import { readCommitInfo } from './read.ts';
import { pushPack } from './receive-pack.ts';
import type { TreeFetches } from './tree-fetch.ts';
import { push, type PushOutcome } from './write.ts';

/** What the workspace knows of a commit it wrote: the remote's tree it was built from, folders set by id. */
export interface Written {
  readonly start: string;
  readonly folders?: ReadonlySet<string>;
}

/**
 * Pushes `commit` to `branch` as `GitWorkspace.push` does, by pack, or by git when the pack's
 * push fails as above; `said` tells why it fell back.
 */
export async function levelPush(
  git: GitProcess,
  trees: TreeFetches,
  request: { commit: string; branch: string; lease?: string },
  written: Written | undefined,
  said: (message: string) => void,
): Promise<PushOutcome> {
  const [base] = (await readCommitInfo(git, request.commit)).parents;
  const ref = `refs/heads/${request.branch}`;
  try {
    return await pushPack(git, {
      commit: request.commit,
      base,
      ...(written && { baseTree: written.start, remoteFolders: written.folders ?? new Set() }),
      ref,
      ...(request.lease === undefined ? {} : { lease: request.lease }),
      activity: `Pushing to branch '${request.branch}'`,
      permission: 'contents: write',
    });
  } catch (error) {
    if (error instanceof UserError) throw error;
    said(
      `The push by pack to '${request.branch}' failed (${error instanceof Error ? error.message : String(error)}): pushing with git, after fetching every tree of the branches it walks.`,
    );
  }
  // git walks every tree of the remote's tips it holds: the commit's parent and the branch's head.
  const tips = [base, request.lease].filter((c): c is string => c !== undefined && c !== '');
  const infos = await Promise.all(tips.map((commit) => readCommitInfo(git, commit)));
  await trees.fetch(
    infos.map((info) => info.tree),
    { whole: true, what: `the trees of branch '${request.branch}'` },
  );
  // A pack taken before its answer was lost left the branch at the commit: git finds it up to
  // date (before it compares the lease) and succeeds.
  return push(git, request);
}
