import { describe, expect, it } from 'vitest';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import { quiet } from './folded-gitops.test-support.ts';
import {
  DEFAULT_BODY_TEMPLATE,
  DEFAULT_COMMIT_TEMPLATE,
  DEFAULT_TITLE_TEMPLATE,
} from './messages.ts';
import { memoryPullRequests, memoryRepository } from './memory-gitops.test-support.ts';
import {
  publishEnvironment,
  pullRequestMarker,
  type PublishRequest,
} from './publish-environment.ts';

const encoder = new TextEncoder();

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
    expect(pr.title).toBe(
      'Update manifests in dev from kalypso/dev: configuration or workload change',
    );
    expect(pr.body).toContain('files: 2 added, 0 changed, 0 removed.');
  });

  it('shows a skipped promotion chain above the body, inert, whatever the template', async () => {
    const repo = memoryRepository({ 'README.md': 'hi' });
    const prs = memoryPullRequests();
    const deps = { repository: repo.repository, pullRequests: prs.service, reporter: quiet };
    await publishEnvironment(
      {
        ...request(generated),
        templates: { ...request(generated).templates, body: 'custom body' },
        promotion: () =>
          Promise.resolve({ chainSkip: { actor: 'octocat', reason: 'hotfix @\u200bops **now**' } }),
      },
      deps,
    );
    const body = prs.pulls[0]!.body;
    expect(
      body.startsWith('> [!WARNING]\n> **This promotion skipped the promotion chain.** `octocat`'),
    ).toBe(true);
    expect(body).toContain('> Reason: `hotfix @\u200bops **now**`\n\ncustom body');
  });

  it('takes a noted proposal whole: its words with the link of this run, nothing built or pushed', async () => {
    const repo = memoryRepository({ 'README.md': 'hi' });
    const prs = memoryPullRequests();
    const deps = { repository: repo.repository, pullRequests: prs.service, reporter: quiet };
    const first = await publishEnvironment({ ...request(generated), runUrl: 'run/1' }, deps);
    const view = first.message!.view;
    const { runUrl: _runUrl, plan: _plan, ...words } = view;
    const pr = prs.pulls[0]!;
    const created = { title: pr.title, body: pr.body };
    // Someone edits the body; the next run, taking the proposal, puts the words back (with its link).
    pr.body = `edited\n${pullRequestMarker('dev')}`;
    const branchHead = repo.branches.get('kalypso/dev')!.head;
    const noted = {
      draft: {
        plan: first.plan,
        base: { head: 'c0', treeId: 't-c0' },
        branch: { head: branchHead },
        build: () => Promise.resolve({ treeId: first.proposed!.treeId }),
      },
      view: words,
      chainSkip: undefined,
    };
    const { rendered: _rendered, ...settings } = request(generated);
    const again = await publishEnvironment({ ...settings, runUrl: 'run/2', noted }, deps);
    expect(again.operation).toBe('none');
    expect(again.plan).toBe(first.plan);
    expect(repo.calls).toHaveLength(2);
    expect(pr.title).toBe(created.title);
    expect(pr.body).toBe(created.body.replace('run/1', 'run/2'));
    expect(again.message!.view).toEqual({ ...view, runUrl: 'run/2' });

    // Without our pull request (closed by hand), it opens one on the branch as it stands.
    pr.open = false;
    const reopened = await publishEnvironment({ ...settings, runUrl: 'run/3', noted }, deps);
    expect(reopened.operation).toBe('created');
    expect(repo.calls).toHaveLength(2);
    expect(prs.pulls[1]!.body).toBe(created.body.replace('run/1', 'run/3'));

    // An empty noted plan (the GitOps branch holds the tree): our pull request is closed.
    const empty = { ...first.plan, added: [], changed: [], removed: [], clusterTypes: [] };
    const closed = await publishEnvironment(
      { ...settings, noted: { ...noted, draft: { ...noted.draft, plan: empty }, view: undefined } },
      deps,
    );
    expect(closed.operation).toBe('closed');
    expect(prs.calls.at(-1)).toBe('close #2');
  });
  it('does the work that needs only the proposed tree while the push runs, settled before a failed push fails', async () => {
    const repo = memoryRepository({ 'README.md': 'hi' });
    const prs = memoryPullRequests();
    const events: string[] = [];
    let failPush = false;
    const pushOf = repo.repository.replaceBranch.bind(repo.repository);
    const repository = {
      ...repo.repository,
      // The push settles only after a turn of the event loop, as git's does.
      replaceBranch: (branch: string, commit: string, lease: string) =>
        new Promise<'pushed' | 'rejected'>((resolve, reject) =>
          setTimeout(() => {
            events.push('pushed');
            if (failPush) reject(new Error('push refused'));
            else resolve(pushOf(branch, commit, lease));
          }, 5),
        ),
    };
    const deps = { repository, pullRequests: prs.service, reporter: quiet };
    let seen: { treeId: string; files: ReadonlyMap<string, string> } | undefined;
    const whilePushing = (proposed: { treeId: string; files: ReadonlyMap<string, string> }) => {
      events.push('made');
      seen = proposed;
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          events.push('made settled');
          resolve();
        }, 20),
      );
    };
    const result = await publishEnvironment({ ...request(generated), whilePushing }, deps);
    expect(result.operation).toBe('created');
    // Started before the push settled, with the tree the result proposes (the same listing).
    expect(events).toEqual(['made', 'pushed', 'made settled']);
    expect(seen!.treeId).toBe(result.proposed!.treeId);
    expect(seen!.files).toBe(result.proposed!.files);

    // A failed push fails the run only once that work has settled: nothing it started outlives it.
    events.length = 0;
    failPush = true;
    await expect(
      publishEnvironment(
        { ...request({ ...generated, 'drone/b/reconciler.yaml': 'B' }), whilePushing },
        deps,
      ),
    ).rejects.toThrow('push refused');
    expect(events).toEqual(['made', 'pushed', 'made settled']);
    // Nothing to push: nothing is made.
    events.length = 0;
    failPush = false;
    const none = await publishEnvironment({ ...request(generated), whilePushing }, deps);
    expect(none.operation).toBe('none');
    expect(events).toEqual([]);
  });
});
