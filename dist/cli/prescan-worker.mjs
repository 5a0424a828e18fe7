// packages/cli/src/gitops-dir/prescan-worker.ts
import { hash } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";

// packages/cli/src/gitops-dir/walk.ts
import { closeSync, constants, openSync, readdirSync, readSync } from "node:fs";
var PRESCAN_MAX_FILE_BYTES = 1024 * 1024;
function tooManyEntries(limit) {
  return `--out holds more than ${limit} entries: point it at the GitOps working tree.`;
}
function listTree(root, limit) {
  const listing = { files: [], folders: [], links: [] };
  const pending = [""];
  let visited = 0;
  while (pending.length > 0) {
    const folder = pending.pop();
    for (const entry of readdirSync(folder === "" ? root : `${root}/${folder}`, {
      withFileTypes: true
    })) {
      if (entry.name === ".git") continue;
      if (++visited > limit) return void 0;
      const rel = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) listing.links.push(rel);
      else if (entry.isDirectory()) {
        listing.folders.push(rel);
        pending.push(rel);
      } else if (entry.isFile()) listing.files.push(rel);
    }
  }
  return listing;
}
function readCapped(path, scratch) {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  let size = 0;
  try {
    for (let n; size < scratch.length && (n = readSync(fd, scratch, size, scratch.length - size, null)) > 0; )
      size += n;
  } finally {
    closeSync(fd);
  }
  return size;
}

// packages/cli/src/gitops-dir/prescan-worker.ts
function prescan(data, post) {
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
      files: files.join("\0"),
      folders: listing.folders.join("\0"),
      links: listing.links.join("\0")
    });
    const scratch = Buffer.allocUnsafe(maxFileBytes + 1);
    const digests = new Array(files.length).fill("");
    for (let i; (i = Atomics.add(next, 0, 1)) < files.length; ) {
      try {
        const size = readCapped(`${root}/${files[i]}`, scratch);
        if (size <= maxFileBytes) digests[i] = hash("sha256", scratch.subarray(0, size), "base64");
      } catch {
      }
    }
    post({ digests: digests.join("\0") });
  } catch (error) {
    post({ error: error instanceof Error ? error.message : String(error) });
  }
}
var port = parentPort;
if (port) prescan(workerData, (message) => port.postMessage(message));
export {
  prescan
};
//# sourceMappingURL=prescan-worker.mjs.map
