// The local GitHub's trees and blobs reads (GET /repos/{owner}/{repo}/git/trees/{tree_sha},
// GET /repos/{owner}/{repo}/git/blobs/{file_sha}) through the real Octokit, as strict as GitHub's
// REST description: recursive only when asked, truncated at the listing limit, blobs base64 in
// lines of 60 characters, 422 for a malformed id, 404 for an unknown one or no access.
import { getOctokit } from '@actions/github';
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const octokit = (t = token) => getOctokit(t, { baseUrl: github.url });

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
    return { status: 200, message: '' };
  } catch (error) {
    const e = error as { status: number; response?: { data?: { message?: string } } };
    return { status: e.status, message: e.response?.data?.message ?? '' };
  }
}

const files = {
  'a.yaml': 'a: 1\n',
  'dir/b.yml': 'b: 2\n',
  'dir/deeper/c.txt': 'c\n',
};

describe('local GitHub: git trees and blobs', () => {
  it('lists a tree by commit, tree id or branch; recursively only when asked', async () => {
    const repo = await github.createRepo({ files });
    const [owner = '', name = ''] = repo.fullName.split('/');
    const head = repo.heads.main!;
    const top = (await octokit().rest.git.getTree({ owner, repo: name, tree_sha: head })).data;
    expect(top.truncated).toBe(false);
    expect(top.tree.map((e) => [e.path, e.type, e.mode])).toEqual([
      ['a.yaml', 'blob', '100644'],
      ['dir', 'tree', '040000'],
    ]);
    expect(top.tree[0]).toMatchObject({ size: 5 });
    expect(top.tree[1]).not.toHaveProperty('size');
    const byTree = await octokit().rest.git.getTree({ owner, repo: name, tree_sha: top.sha });
    expect(byTree.data.tree).toEqual(top.tree);
    // "Setting this parameter to any value returns the objects or subtrees": even "false".
    const all = await octokit().rest.git.getTree({
      owner,
      repo: name,
      tree_sha: 'main',
      recursive: 'false',
    });
    expect(all.data.tree.map((e) => e.path)).toEqual([
      'a.yaml',
      'dir',
      'dir/b.yml',
      'dir/deeper',
      'dir/deeper/c.txt',
    ]);
    expect(all.data.sha).toBe(top.sha);
  });

  it('truncates a recursive listing at the limit and says so', async () => {
    const repo = await github.createRepo({ files });
    const [owner = '', name = ''] = repo.fullName.split('/');
    await github.settings(repo.fullName, { tree_listing_limit: 2 });
    const cut = await octokit().rest.git.getTree({
      owner,
      repo: name,
      tree_sha: repo.heads.main!,
      recursive: '1',
    });
    expect(cut.data.truncated).toBe(true);
    expect(cut.data.tree.map((e) => e.path)).toEqual(['a.yaml', 'dir']);
  });

  it('answers 404 for an unknown tree, a blob id and a repository the token cannot see', async () => {
    const repo = await github.createRepo({ files, private: true, readers: [token] });
    const [owner = '', name = ''] = repo.fullName.split('/');
    const get = (tree_sha: string, t = token) =>
      statusOf(octokit(t).rest.git.getTree({ owner, repo: name, tree_sha }));
    expect((await get('0'.repeat(40))).status).toBe(404);
    expect((await get('no-such-branch')).status).toBe(404);
    const blob = (await octokit().rest.git.getTree({ owner, repo: name, tree_sha: 'main' })).data
      .tree[0]!.sha!;
    expect((await get(blob)).status).toBe(404);
    const stranger = await github.createToken({ contents: 'read' });
    expect((await get('main', stranger)).status).toBe(404);
  });

  it('serves a blob as base64 in lines of 60 characters, with its size', async () => {
    const text = `${'x'.repeat(100)}\n`;
    const repo = await github.createRepo({ files: { 'long.yaml': text } });
    const [owner = '', name = ''] = repo.fullName.split('/');
    const [entry] = (await octokit().rest.git.getTree({ owner, repo: name, tree_sha: 'main' })).data
      .tree;
    const { data } = await octokit().rest.git.getBlob({ owner, repo: name, file_sha: entry!.sha! });
    expect(data).toMatchObject({ sha: entry!.sha, size: 101, encoding: 'base64' });
    const lines = data.content.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).every((l) => l.length <= 60)).toBe(true);
    expect(lines[0]!.length).toBe(60);
    expect(Buffer.from(data.content, 'base64').toString('utf8')).toBe(text);
  });

  it('refuses a malformed blob id (422) and answers 404 for an unknown one or a tree', async () => {
    const repo = await github.createRepo({ files });
    const [owner = '', name = ''] = repo.fullName.split('/');
    const blob = (file_sha: string) =>
      statusOf(octokit().rest.git.getBlob({ owner, repo: name, file_sha }));
    expect(await blob('main')).toEqual({
      status: 422,
      message: 'The sha parameter must be exactly 40 characters and contain only [0-9a-f].',
    });
    expect((await blob('f'.repeat(40))).status).toBe(404);
    const tree = (await octokit().rest.git.getTree({ owner, repo: name, tree_sha: 'main' })).data
      .sha;
    expect((await blob(tree)).status).toBe(404);
  });
});
