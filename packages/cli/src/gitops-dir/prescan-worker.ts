// The background scan of `--out` (started by prescan.ts): a worker thread that lists the tree,
// then hashes the small files it takes from a counter shared with the main thread. Its own entry
// of the build (dist/cli/prescan-worker.mjs next to the CLI bundle); from the sources, this file.
import { hash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { listTree, readCapped, tooManyEntries } from './walk.ts';

/** What the worker is started with. */
export interface PrescanWorkerData {
  /** The real path of `--out`. */
  readonly root: string;
  readonly maxEntries: number;
  readonly maxFileBytes: number;
  /** 4 bytes: the index of the next file to read (the worker and the main thread both take from it). */
  readonly counter: SharedArrayBuffer;
}

/**
 * The worker's messages, in order: the listing, then the digests (or an error instead of either).
 * Each list is one string, entries separated by NUL (names cannot hold one): far cheaper to pass
 * than a string per entry. Digests: SHA-256 (base64) per listed file, '' when it was not read here.
 */
export type PrescanMessage =
  { error: string } | { files: string; folders: string; links: string } | { digests: string };

/** Lists `root`, posts the listing, then hashes files until the shared counter runs out. */
export function prescan(data: PrescanWorkerData, post: (message: PrescanMessage) => void): void {
  const { root, maxEntries, maxFileBytes } = data;
  const next = new Int32Array(data.counter);
  try {
    const listing = listTree(root, maxEntries);
    if (!listing) {
      post({ error: tooManyEntries(maxEntries) });
      return;
    }
    const { files } = listing;
    post({
      files: files.join('\0'),
      folders: listing.folders.join('\0'),
      links: listing.links.join('\0'),
    });
    // One reused buffer (one byte over the cap to notice larger files), never one per file.
    const scratch = Buffer.allocUnsafe(maxFileBytes + 1);
    const digests = new Array<string>(files.length).fill('');
    for (let i; (i = Atomics.add(next, 0, 1)) < files.length;) {
      try {
        const size = readCapped(`${root}/${files[i]}`, scratch);
        if (size <= maxFileBytes) digests[i] = hash('sha256', scratch.subarray(0, size), 'base64');
      } catch {
        // unreadable here: compared (and reported) on the main thread
      }
    }
    post({ digests: digests.join('\0') });
  } catch (error) {
    post({ error: error instanceof Error ? error.message : String(error) });
  }
}

const port = parentPort;
if (port) prescan(workerData as PrescanWorkerData, (message) => port.postMessage(message));
