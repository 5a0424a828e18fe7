// Refs outside branches and tags (a sharded schedule's `refs/kalypso/shards/…`): listed, fetched
// trees-only, pushed by force and deleted with a lease. Nothing here touches `refs/heads/`.
import { join } from 'node:path';
import { parseTreeListing } from './objects.ts';
import type { GitProcess } from './process.ts';
import { classifyPushRefusal, pushRefusedError } from './push-refusal.ts';

/** Only refs of this shape are ever named to git here (no option, no branch, no glob). */
const OWN_REF = /^refs\/kalypso\/[A-Za-z0-9._/-]+$/;

function checkRef(ref: string): void {
  if (!OWN_REF.test(ref) || ref.includes('..') || ref.includes('//') || ref.endsWith('/'))
    throw new Error(
      `Refusing the ref '${ref.slice(0, 200)}': only refs/kalypso/… refs are written here.`,
    );
}

/** Where a fetched ref is kept in the scratch repository. */
const localRef = (ref: string) => `refs/fetched/${ref.slice('refs/'.length)}`;

/**
 * Fetches `refs` (commits and trees, depth 1) in one exchange after one listing; each maps to its
 * commit, or undefined when the remote does not have it.
 */
export async function fetchRefs(
  git: GitProcess,
  refs: readonly string[],
): Promise<Map<string, string | undefined>> {
  for (const ref of refs) checkRef(ref);
  const found = new Map<string, string | undefined>(refs.map((r) => [r, undefined]));
  if (refs.length === 0) return found;
  const listed = await git.run(['ls-remote', git.remote.url, ...refs], {
    env: git.credentialEnv(),
  });
  if (listed.code !== 0)
    throw git.remoteFailure('Listing the shard refs', 'contents: read', listed.stderr);
  const heads = new Map<string, string>();
  for (const line of listed.stdout.toString('utf8').split('\n')) {
    const match = /^([0-9a-f]{40})\t(\S+)$/.exec(line);
    if (match && found.has(match[2]!)) heads.set(match[2]!, match[1]!);
  }
  if (heads.size === 0) return found;
  const refspecs = [...heads.keys()].map((ref) => `+${ref}:${localRef(ref)}`);
  const result = await git.run(
    [
      'fetch',
      '--quiet',
      '--no-tags',
      '--depth=1',
      '--filter=blob:none',
      git.remote.url,
      ...refspecs,
    ],
    { env: git.credentialEnv() },
  );
  if (result.code !== 0)
    throw git.remoteFailure('Fetching the shard refs', 'contents: read', result.stderr);
  for (const [ref, commit] of heads) found.set(ref, commit);
  return found;
}

/** The folders directly under `folder` ("" = the root) of a fetched commit: name → tree id. */
export async function listFolders(
  git: GitProcess,
  commit: string,
  folder: string,
): Promise<Map<string, string>> {
  const listing = parseTreeListing(
    await git.git(
      ['ls-tree', '-z', '--full-tree', commit, ...(folder ? ['--', `${folder}/`] : [])],
      {
        env: { GIT_LITERAL_PATHSPECS: '1' },
      },
    ),
  );
  const folders = new Map<string, string>();
  const prefix = folder ? `${folder}/` : '';
  for (const [path, entry] of listing)
    if (entry.startsWith('040000 ') && path.startsWith(prefix))
      folders.set(path.slice(prefix.length), entry.slice('040000 '.length));
  return folders;
}

/** Points `ref` at `commit`, whatever it pointed at before (a shard's re-run replaces its ref). */
export async function pushRef(git: GitProcess, commit: string, ref: string): Promise<void> {
  checkRef(ref);
  const result = await git.run(['push', '--porcelain', git.remote.url, `+${commit}:${ref}`], {
    env: git.credentialEnv(),
  });
  if (result.code === 0) return;
  const activity = `Pushing the shard ref '${ref}'`;
  const refusal = classifyPushRefusal(`${result.stdout.toString('utf8')}\n${result.stderr}`);
  if (refusal?.kind === 'refused')
    throw pushRefusedError(activity, git.remote.repository, git.remote.tokenInput, refusal);
  throw git.remoteFailure(activity, 'contents: write', result.stderr);
}

/** Deletes each ref if it still points at its commit (ref → commit), in one push. */
export async function deleteRefs(
  git: GitProcess,
  refs: ReadonlyMap<string, string>,
): Promise<void> {
  if (refs.size === 0) return;
  for (const ref of refs.keys()) checkRef(ref);
  // As deleteBranch: a deletion pushed from a shallow repository hangs up; push from an empty one.
  const empty = join(git.directory, 'kalypso-empty-refs.git');
  await git.git(['init', '--quiet', '--bare', empty]);
  const result = await git.run(
    [
      `--git-dir=${empty}`,
      'push',
      '--porcelain',
      ...[...refs].map(([ref, lease]) => `--force-with-lease=${ref}:${lease}`),
      git.remote.url,
      ...[...refs.keys()].map((ref) => `:${ref}`),
    ],
    { env: git.credentialEnv() },
  );
  if (result.code !== 0)
    throw git.remoteFailure('Deleting the shard refs', 'contents: write', result.stderr);
}
