// In-memory GitOps ports for the publish and schedule use-case tests (plain objects, no git).
import type {
  GitOpsRepository,
  OpenPullRequest,
  PullRequestService,
  TreeListing,
} from './ports.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An in-memory GitOps repository: trees are listings whose "blob id" is the text itself. */
export function memoryRepository(base: Record<string, string>, baseName = 'dev') {
  const id = (bytes: Uint8Array) => `id:${decoder.decode(bytes)}`;
  const listing = (files: Record<string, string>): TreeListing =>
    new Map(Object.entries(files).map(([p, t]) => [p, `100644 ${id(encoder.encode(t))}`]));
  const branches = new Map<string, { head: string; parents: string[]; files: TreeListing }>([
    [baseName, { head: 'c0', parents: [], files: listing(base) }],
  ]);
  const commits = new Map<string, { parents: string[]; files: TreeListing }>();
  const calls: string[] = [];
  let n = 0;
  const repository: GitOpsRepository = {
    fullName: 'acme/gitops',
    blobId: id,
    read(baseName, branch) {
      const b = branches.get(baseName);
      const r = branches.get(branch);
      return Promise.resolve({
        base: b && { head: b.head, treeId: `t-${b.head}`, files: b.files },
        branch: r && {
          head: r.head,
          treeId: `t-${r.head}`,
          parents: r.parents,
          files: () => Promise.resolve(r.files),
        },
      });
    },
    commit(change) {
      const files = new Map(change.start.files);
      for (const [path, bytes] of change.writes) files.set(path, `100644 ${id(bytes)}`);
      for (const path of change.deletes) files.delete(path);
      const commit = `c${++n}`;
      commits.set(commit, { parents: [change.parent], files });
      calls.push(`commit ${change.writes.size} writes ${change.deletes.length} deletes`);
      return Promise.resolve({ commit, treeId: `t-${commit}` });
    },
    readText(branch, path) {
      // The "blob id" is the text itself.
      const entry = branches.get(branch)?.files.get(path);
      return Promise.resolve(entry === undefined ? undefined : entry.slice('100644 id:'.length));
    },
    replaceBranch(branch, commit, lease) {
      calls.push(`push ${branch} ${commit} lease '${lease}'`);
      branches.set(branch, { head: commit, ...commits.get(commit)! });
      return Promise.resolve('pushed');
    },
    deleteBranch(branch) {
      calls.push(`delete ${branch}`);
      branches.delete(branch);
      return Promise.resolve('pushed');
    },
  };
  return { repository, calls, branches };
}

/** Pull requests in memory; `calls` records every write. */
export function memoryPullRequests() {
  type MemoryPull = { -readonly [K in keyof OpenPullRequest]: OpenPullRequest[K] } & {
    head: string;
    base: string;
    open: boolean;
  };
  const pulls: MemoryPull[] = [];
  const calls: string[] = [];
  const service: PullRequestService = {
    listOpen: (head, base) =>
      Promise.resolve(pulls.filter((p) => p.open && p.head === head && p.base === base)),
    create(request) {
      const pr: MemoryPull = {
        number: pulls.length + 1,
        url: `pr/${pulls.length + 1}`,
        nodeId: `PR_${pulls.length + 1}`,
        title: request.title,
        body: request.body,
        draft: request.draft,
        labels: [],
        autoMergeEnabled: false,
        head: request.head,
        base: request.base,
        open: true,
      };
      pulls.push(pr);
      calls.push(`create #${pr.number}`);
      return Promise.resolve(pr);
    },
    update(number, change) {
      calls.push(`update #${number}`);
      Object.assign(pulls[number - 1]!, change);
      return Promise.resolve();
    },
    close(number) {
      calls.push(`close #${number}`);
      pulls[number - 1]!.open = false;
      return Promise.resolve();
    },
    setDraft(pr, draft) {
      calls.push(`draft #${pr.number} ${draft}`);
      pulls[pr.number - 1]!.draft = draft;
      return Promise.resolve();
    },
    addLabels(number, labels) {
      calls.push(`label #${number} ${labels.join(',')}`);
      pulls[number - 1]!.labels = [...pulls[number - 1]!.labels, ...labels];
      return Promise.resolve();
    },
    removeLabel(number, label) {
      calls.push(`unlabel #${number} ${label}`);
      pulls[number - 1]!.labels = pulls[number - 1]!.labels.filter((l) => l !== label);
      return Promise.resolve();
    },
    requestReviewers: () => Promise.resolve(),
    enableAutoMerge: () => Promise.resolve(),
  };
  return { service, calls, pulls };
}
