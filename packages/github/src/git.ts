// The git workspace of the adapters, split by job under git/: the process and its credentials
// (process.ts), object reading (objects.ts, read.ts), fetching (fetch.ts), writing (write.ts), and
// the GitWorkspace that puts them together (workspace.ts).
export { GitWorkspace } from './git/workspace.ts';
export { actionsBot, type GitIdentity, type GitRemote } from './git/process.ts';
export { type FetchOptions } from './git/fetch.ts';
export { blobId, checkTreePath, EMPTY_TREE, type PushOutcome } from './git/write.ts';
