// A root commit written from files as they come (a sharded schedule's render step,
// docs/decisions/sharded-schedule.md#bounded-memory): one `git fast-import` takes each file as it is
// handed over, and only its path and blob id are kept, for the check of the committed tree.
import type { GitProcess } from './process.ts';
import {
  blobId,
  checkTreePath,
  EMPTY_TREE,
  fastImportCommit,
  quotePath,
  verifyCommit,
  type TreeReading,
} from './write.ts';

/**
 * Writes the files of `files` (each path once) as the tree of a root commit and returns the
 * commit. Every path is checked as it comes; when `files` throws (or a path is refused), the
 * fast-import is abandoned and its error thrown: no ref is written. The committed tree is then
 * compared with every path and blob id handed over.
 */
export async function writeRootCommitFrom(
  git: GitProcess,
  read: TreeReading,
  files: Iterable<readonly [string, Uint8Array]> | AsyncIterable<readonly [string, Uint8Array]>,
  message: string,
): Promise<{ commit: string; files: number }> {
  const expected = new Map<string, string | null>();
  const written = await fastImportCommit(git, message, undefined, async (write) => {
    for await (const [path, bytes] of files) {
      checkTreePath(path, git.remote.repository);
      if (expected.has(path)) throw new Error(`'${path}' was handed over twice.`);
      expected.set(path, `100644 ${blobId(bytes)}`);
      await write(`M 100644 inline ${quotePath(path)}\ndata ${bytes.length}\n`);
      await write(bytes);
      await write('\n');
    }
  });
  await verifyCommit(git, read, written, undefined, EMPTY_TREE, expected);
  return { commit: written, files: expected.size };
}
