// The git data API's reads of trees and blobs (`GET /repos/{owner}/{repo}/git/trees/{tree_sha}`,
// `GET /repos/{owner}/{repo}/git/blobs/{file_sha}`), answered from the bare repository with
// GitHub's limits: a recursive listing is cut at 100,000 entries or 7 MB and says `truncated`, a
// blob is served up to 100 MB, base64 in lines of 60 characters as GitHub sends it.
import type { components } from '@octokit/openapi-types';
import { resolve } from './routes-git-data.ts';
import { HttpError, notFound, type RouteContext, type Router } from './router.ts';

type Schemas = components['schemas'];

/** GitHub's documented limits of the recursive tree listing. */
export const TREE_LISTING_ENTRIES = 100_000;
export const TREE_LISTING_BYTES = 7 * 1024 * 1024;
/** The largest blob the blobs API returns. */
export const BLOB_API_BYTES = 100 * 1024 * 1024;

const SHA1 = /^[0-9a-f]{40}$/;

/** A commit, tree or ref name → the id of its tree; undefined when there is no such tree. */
async function treeOf(ctx: RouteContext, name: string): Promise<string | undefined> {
  const repo = ctx.repo.fullName;
  if (SHA1.test(name)) {
    const type = await ctx.store.git(repo, ['cat-file', '-t', name]).catch(() => undefined);
    if (type === 'tree') return name;
    if (type !== 'commit') return undefined;
    return ctx.store.treeOf(repo, name);
  }
  // A ref name: a branch or a tag (never an option, never a revision expression).
  if (name.startsWith('-') || /[\s~^:?*[\\]|\.\.|@\{/.test(name)) return undefined;
  const commit = await resolve(ctx, name);
  return commit === undefined ? undefined : ctx.store.treeOf(repo, commit);
}

export function registerGitObjectRoutes(router: Router): void {
  router.on('GET', '/repos/{owner}/{repo}/git/trees/{tree_sha+}', 'contents:read', async (ctx) => {
    const repo = ctx.repo.fullName;
    const sha = await treeOf(ctx, ctx.params.tree_sha ?? '');
    if (sha === undefined) throw notFound();
    // "Setting this parameter to any value returns the objects or subtrees referenced by the tree."
    const recursive = ctx.query.has('recursive');
    const listing = await ctx.store.gitBytes(repo, [
      'ls-tree',
      '-z',
      '-l',
      ...(recursive ? ['-r', '-t'] : []),
      sha,
    ]);
    const api = `${ctx.baseUrl}/repos/${repo}/git`;
    const limit = recursive
      ? (ctx.repo.settings.tree_listing_limit ?? TREE_LISTING_ENTRIES)
      : Number.POSITIVE_INFINITY;
    const tree: Schemas['git-tree']['tree'] = [];
    let bytes = 0;
    let truncated = false;
    for (const line of listing.toString('utf8').split('\0')) {
      if (line === '') continue;
      const tab = line.indexOf('\t');
      const [mode = '', type = '', id = '', size = '-'] = line.slice(0, tab).split(/\s+/);
      const path = line.slice(tab + 1);
      const entry = {
        path,
        mode,
        type,
        sha: id,
        ...(type === 'blob' ? { size: Number(size) } : {}),
        url: `${api}/${type === 'tree' ? 'trees' : 'blobs'}/${id}`,
      };
      bytes += JSON.stringify(entry).length + 1;
      if (tree.length >= limit || (recursive && bytes > TREE_LISTING_BYTES)) {
        truncated = true;
        break;
      }
      tree.push(entry);
    }
    const body: Schemas['git-tree'] = { sha, url: `${api}/trees/${sha}`, tree, truncated };
    return { body };
  });

  router.on('GET', '/repos/{owner}/{repo}/git/blobs/{file_sha}', 'contents:read', async (ctx) => {
    const repo = ctx.repo.fullName;
    const sha = ctx.params.file_sha ?? '';
    if (!SHA1.test(sha))
      throw new HttpError(
        422,
        'The sha parameter must be exactly 40 characters and contain only [0-9a-f].',
      );
    const content = await ctx.store
      .gitBytes(repo, ['cat-file', 'blob', sha])
      .catch(() => undefined);
    if (content === undefined) throw notFound();
    const size = content.length;
    if (size > BLOB_API_BYTES)
      throw new HttpError(403, 'This API returns blobs up to 100 MB in size.', {
        errors: [{ resource: 'Blob', field: 'data', code: 'too_large' }],
      });
    const body: Schemas['blob'] = {
      sha,
      node_id: `B_${sha}`,
      size,
      url: `${ctx.baseUrl}/repos/${repo}/git/blobs/${sha}`,
      // GitHub wraps the base64 text in lines of 60 characters, each ending with a newline.
      content: (content.toString('base64').match(/.{1,60}/g) ?? []).map((l) => `${l}\n`).join(''),
      encoding: 'base64',
    };
    return { body };
  });
}
