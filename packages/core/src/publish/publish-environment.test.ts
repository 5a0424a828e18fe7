import { describe, expect, it } from 'vitest';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import type { Reporter } from '../ports.ts';
import {
  DEFAULT_BODY_TEMPLATE,
  DEFAULT_COMMIT_TEMPLATE,
  DEFAULT_TITLE_TEMPLATE,
} from './messages.ts';
import type {
  GitOpsRepository,
  OpenPullRequest,
  PullRequestService,
  TreeListing,
} from './ports.ts';
import {
  publishEnvironment,
  pullRequestMarker,
  type PublishRequest,
} from './publish-environment.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const quiet: Reporter = {
  info: () => undefined,
  debug: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_t, work) => work(),
};

/** An in-memory GitOps repository: trees are listings whose "blob id" is the text itself. */
function memoryRepository(base: Record<string, string>) {
  const id = (bytes: Uint8Array) => `id:${decoder.decode(bytes)}`;
  const listing = (files: Record<string, string>): TreeListing =>
    new Map(Object.entries(files).map(([p, t]) => [p, `100644 ${id(encoder.encode(t))}`]));
  const branches = new Map<string, { head: string; parents: string[]; files: TreeListing }>([
    ['dev', { head: 'c0', parents: [], files: listing(base) }],
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

function memoryPullRequests() {
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

function request(files: Record<string, string>): PublishRequest {
  const rendered = {
    files: new Map(Object.entries(files).map(([p, t]) => [p, encoder.encode(t)])),
    gitopsPath: '',
    assignments: [],
    baseRepo: undefined,
    gitOpsRepo: undefined,
  } as unknown as RenderedEnvironment;
  return {
    environment: 'dev',
    rendered,
    base: 'dev',
    branch: 'kalypso/dev',
    templates: {
      title: DEFAULT_TITLE_TEMPLATE,
      body: DEFAULT_BODY_TEMPLATE,
      commit: DEFAULT_COMMIT_TEMPLATE,
    },
    labels: [],
    reviewers: [],
    teamReviewers: [],
    draft: false,
    autoMerge: undefined,
    dryRun: false,
    controlPlaneRepository: 'acme/cp',
    runUrl: '',
  };
}

describe('publishEnvironment (in-memory ports)', () => {
  const generated = { 'drone/a/reconciler.yaml': 'a', 'drone/b/reconciler.yaml': 'b' };

  it('writes only what differs from the branch it builds on, and nothing when nothing changed', async () => {
    const repo = memoryRepository({ 'README.md': 'hi', 'drone/old/reconciler.yaml': 'old' });
    const prs = memoryPullRequests();
    const deps = { repository: repo.repository, pullRequests: prs.service, reporter: quiet };
    const first = await publishEnvironment(request(generated), deps);
    expect(first.operation).toBe('created');
    expect(first.plan).toMatchObject({
      added: Object.keys(generated),
      removed: ['drone/old/reconciler.yaml'],
    });
    expect(repo.calls).toEqual(['commit 2 writes 1 deletes', "push kalypso/dev c1 lease ''"]);

    const again = await publishEnvironment(request(generated), deps);
    expect(again.operation).toBe('none');
    expect(repo.calls).toHaveLength(2);
    expect(prs.calls).toEqual(['create #1']);

    // One file changes: the commit starts from our branch and writes that one file.
    const changed = await publishEnvironment(
      request({ ...generated, 'drone/b/reconciler.yaml': 'B' }),
      deps,
    );
    expect(changed.operation).toBe('updated');
    expect(repo.calls.slice(2)).toEqual([
      'commit 1 writes 0 deletes',
      "push kalypso/dev c2 lease 'c1'",
    ]);
    expect(repo.branches.get('kalypso/dev')!.parents).toEqual(['c0']);
  });

  it('re-syncs title, body, draft and labels of its pull request when the content is already there', async () => {
    const repo = memoryRepository({ 'README.md': 'hi' });
    const prs = memoryPullRequests();
    const deps = { repository: repo.repository, pullRequests: prs.service, reporter: quiet };
    await publishEnvironment(request(generated), deps);
    const pr = prs.pulls[0]!;
    Object.assign(pr, { title: 'edited', body: `stale\n${pullRequestMarker('dev')}`, draft: true });
    const again = await publishEnvironment({ ...request(generated), labels: ['platform'] }, deps);
    expect(again.operation).toBe('none');
    expect(prs.calls.slice(1)).toEqual(['update #1', 'draft #1 false', 'label #1 platform']);
    expect(pr.title).toBe('Update manifests in dev from kalypso/dev');
    expect(pr.body).toContain('files: 2 added, 0 changed, 0 removed.');
  });
});
