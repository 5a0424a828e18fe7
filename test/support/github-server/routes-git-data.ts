// Repository, refs, commits and contents routes, answered from the bare repository itself.
import type { components } from '@octokit/openapi-types';
import { fullRepository } from './shapes.ts';
import {
  HttpError,
  notFound,
  requireString,
  validationFailed,
  type RouteContext,
  type Router,
} from './router.ts';

type Schemas = components['schemas'];
type GitRef = Schemas['git-ref'];

function refBody(ctx: RouteContext, ref: string, sha: string): GitRef {
  const api = `${ctx.baseUrl}/repos/${ctx.repo.fullName}/git`;
  return {
    ref,
    node_id: `REF_${Buffer.from(`${ctx.repo.id}:${ref}`).toString('base64url')}`,
    url: `${api}/${ref}`,
    object: { type: 'commit', sha, url: `${api}/commits/${sha}` },
  };
}

/** `heads/dev` or `refs/heads/dev` → `refs/heads/dev`. */
function fullRef(ref: string): string {
  return ref.startsWith('refs/') ? ref : `refs/${ref}`;
}

export function repoBody(ctx: RouteContext, defaultBranch: string): Schemas['full-repository'] {
  return fullRepository(ctx.baseUrl, ctx.repo, defaultBranch);
}

/** A commit as `GET /repos/{owner}/{repo}/commits/{ref}` answers it (without stats and files). */
export async function commitBody(ctx: RouteContext, sha: string): Promise<Schemas['commit']> {
  const info = await ctx.store.commitInfo(ctx.repo.fullName, sha);
  const api = `${ctx.baseUrl}/repos/${ctx.repo.fullName}`;
  const html = `${ctx.baseUrl}/${ctx.repo.fullName}/commit`;
  return {
    sha: info.sha,
    node_id: `C_${info.sha}`,
    url: `${api}/commits/${info.sha}`,
    html_url: `${html}/${info.sha}`,
    comments_url: `${api}/commits/${info.sha}/comments`,
    commit: {
      message: info.message,
      url: `${api}/git/commits/${info.sha}`,
      author: info.author,
      committer: info.committer,
      comment_count: 0,
      tree: { sha: info.tree, url: `${api}/git/trees/${info.tree}` },
    },
    // The git author and committer are no GitHub accounts here: GitHub answers null for those.
    author: null,
    committer: null,
    parents: info.parents.map((p) => ({
      sha: p,
      url: `${api}/commits/${p}`,
      html_url: `${html}/${p}`,
    })),
  };
}

/** A commit as the git data API (and a contents write) answers it. */
async function gitCommitBody(ctx: RouteContext, sha: string) {
  const info = await ctx.store.commitInfo(ctx.repo.fullName, sha);
  const api = `${ctx.baseUrl}/repos/${ctx.repo.fullName}`;
  const html = `${ctx.baseUrl}/${ctx.repo.fullName}/commit`;
  return {
    sha: info.sha,
    node_id: `C_${info.sha}`,
    url: `${api}/git/commits/${info.sha}`,
    html_url: `${html}/${info.sha}`,
    author: info.author,
    committer: info.committer,
    message: info.message,
    tree: { sha: info.tree, url: `${api}/git/trees/${info.tree}` },
    parents: info.parents.map((p) => ({
      sha: p,
      url: `${api}/git/commits/${p}`,
      html_url: `${html}/${p}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
  };
}

/** The URLs GitHub gives a file or directory entry of the contents API. */
function contentLinks(
  ctx: RouteContext,
  path: string,
  ref: string,
  type: 'file' | 'dir',
  sha: string,
) {
  const repo = ctx.repo.fullName;
  const self = `${ctx.baseUrl}/repos/${repo}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const git = `${ctx.baseUrl}/repos/${repo}/git/${type === 'dir' ? 'trees' : 'blobs'}/${sha}`;
  const html = `${ctx.baseUrl}/${repo}/${type === 'dir' ? 'tree' : 'blob'}/${ref}/${path}`;
  return {
    url: self,
    git_url: git,
    html_url: html,
    download_url: type === 'dir' ? null : `${ctx.baseUrl}/raw/${repo}/${ref}/${path}`,
    _links: { self, git, html },
  };
}

export function registerGitDataRoutes(router: Router): void {
  router.on('GET', '/repos/{owner}/{repo}', 'metadata:read', async (ctx) => ({
    body: repoBody(ctx, await ctx.store.defaultBranch(ctx.repo.fullName)),
  }));

  router.on('GET', '/repos/{owner}/{repo}/git/ref/{ref+}', 'contents:read', async (ctx) => {
    const ref = fullRef(ctx.params.ref ?? '');
    const found = (await ctx.store.listRefs(ctx.repo.fullName, ref)).find((r) => r.ref === ref);
    if (!found) throw notFound();
    return { body: refBody(ctx, found.ref, found.sha) };
  });

  router.on(
    'GET',
    '/repos/{owner}/{repo}/git/matching-refs/{ref+}',
    'contents:read',
    async (ctx) => {
      const prefix = fullRef(ctx.params.ref ?? '');
      const refs = (await ctx.store.listRefs(ctx.repo.fullName, 'refs/')).filter((r) =>
        r.ref.startsWith(prefix),
      );
      return { body: refs.map((r) => refBody(ctx, r.ref, r.sha)) };
    },
  );

  router.on('POST', '/repos/{owner}/{repo}/git/refs', 'contents:write', async (ctx) => {
    const ref = requireString(ctx.body, 'ref', 'Reference');
    const sha = requireString(ctx.body, 'sha', 'Reference');
    if (!ref.startsWith('refs/') || ref.split('/').length < 3) {
      throw new HttpError(
        422,
        'Reference name must start with refs/ and have at least two slashes.',
      );
    }
    if (!(await ctx.store.resolveCommit(ctx.repo.fullName, sha))) {
      throw new HttpError(422, 'Object does not exist');
    }
    if (!(await ctx.store.updateRef(ctx.repo.fullName, ref, sha, ''))) {
      throw new HttpError(422, 'Reference already exists');
    }
    return { status: 201, body: refBody(ctx, ref, sha) };
  });

  router.on('PATCH', '/repos/{owner}/{repo}/git/refs/{ref+}', 'contents:write', async (ctx) => {
    const ref = fullRef(ctx.params.ref ?? '');
    const sha = requireString(ctx.body, 'sha', 'Reference');
    const repo = ctx.repo.fullName;
    const current = (await ctx.store.listRefs(repo, ref)).find((r) => r.ref === ref);
    if (!current) throw new HttpError(422, 'Reference does not exist');
    if (!(await ctx.store.resolveCommit(repo, sha)))
      throw new HttpError(422, 'Object does not exist');
    const force = ctx.body.force === true;
    if (!force && !(await ctx.store.isAncestor(repo, current.sha, sha))) {
      throw new HttpError(422, 'Update is not a fast forward');
    }
    if (!(await ctx.store.updateRef(repo, ref, sha, current.sha))) {
      // Another writer moved the ref between our read and our write: GitHub answers the same.
      throw new HttpError(422, 'Update is not a fast forward');
    }
    return { body: refBody(ctx, ref, sha) };
  });

  router.on('DELETE', '/repos/{owner}/{repo}/git/refs/{ref+}', 'contents:write', async (ctx) => {
    const ref = fullRef(ctx.params.ref ?? '');
    const current = (await ctx.store.listRefs(ctx.repo.fullName, ref)).find((r) => r.ref === ref);
    if (!current) throw new HttpError(422, 'Reference does not exist');
    await ctx.store.deleteRef(ctx.repo.fullName, ref, current.sha);
    return { status: 204 };
  });

  router.on('GET', '/repos/{owner}/{repo}/commits/{ref}', 'contents:read', async (ctx) => {
    const sha = await resolve(ctx, ctx.params.ref ?? '');
    if (!sha) throw new HttpError(422, `No commit found for SHA: ${ctx.params.ref}`);
    return { body: await commitBody(ctx, sha) };
  });

  router.on('GET', '/repos/{owner}/{repo}/contents/{path+}', 'contents:read', (ctx) =>
    getContents(ctx, ctx.params.path ?? ''),
  );
  router.on('GET', '/repos/{owner}/{repo}/contents', 'contents:read', (ctx) =>
    getContents(ctx, ''),
  );

  router.on('PUT', '/repos/{owner}/{repo}/contents/{path+}', 'contents:write', putContents);
}

/** A branch, tag or sha → commit id. */
export async function resolve(ctx: RouteContext, ref: string): Promise<string | undefined> {
  const repo = ctx.repo.fullName;
  if (ref.startsWith('refs/')) return ctx.store.resolveCommit(repo, ref);
  return (
    (await ctx.store.resolveCommit(repo, `refs/heads/${ref}`)) ??
    (await ctx.store.resolveCommit(repo, `refs/tags/${ref}`)) ??
    (/^[0-9a-f]{4,40}$/.test(ref) ? ctx.store.resolveCommit(repo, ref) : undefined)
  );
}

async function getContents(ctx: RouteContext, path: string) {
  const repo = ctx.repo.fullName;
  const refName = ctx.query.get('ref') ?? (await ctx.store.defaultBranch(repo));
  const commit = await resolve(ctx, refName);
  if (!commit) throw new HttpError(404, `No commit found for the ref ${refName}`);
  const clean = path.replace(/\/+$/, '');
  const file = clean === '' ? undefined : await ctx.store.readFile(repo, commit, clean);
  if (file) {
    const body: Schemas['content-file'] = {
      type: 'file',
      encoding: 'base64',
      size: file.content.length,
      name: clean.split('/').pop() ?? clean,
      path: clean,
      content: file.content.toString('base64'),
      sha: file.sha,
      ...contentLinks(ctx, clean, refName, 'file', file.sha),
    };
    return { body };
  }
  const entries = await ctx.store.listDirectory(repo, commit, clean);
  if (!entries) throw notFound();
  const body: Schemas['content-directory'] = entries.map((e) => {
    const path = clean === '' ? e.name : `${clean}/${e.name}`;
    return {
      type: e.type,
      size: e.size,
      name: e.name,
      path,
      sha: e.sha,
      ...contentLinks(ctx, path, refName, e.type, e.sha),
    };
  });
  return { body };
}

async function putContents(ctx: RouteContext) {
  const repo = ctx.repo.fullName;
  const path = ctx.params.path ?? '';
  const message = requireString(ctx.body, 'message', 'Commit');
  const content = requireString(ctx.body, 'content', 'Commit');
  const branch =
    typeof ctx.body.branch === 'string' ? ctx.body.branch : await ctx.store.defaultBranch(repo);
  const ref = `refs/heads/${branch}`;
  const head = await ctx.store.resolveCommit(repo, ref);
  if (!head) throw new HttpError(404, `Branch ${branch} not found`);
  const existing = await ctx.store.readFile(repo, head, path);
  if (existing && ctx.body.sha !== existing.sha) {
    throw existing && ctx.body.sha === undefined
      ? validationFailed({ resource: 'Commit', field: 'sha', code: 'missing_field' })
      : new HttpError(409, `${path} does not match ${String(ctx.body.sha)}`);
  }
  const commit = await ctx.store.commitChanges(
    repo,
    head,
    new Map([[path, Buffer.from(content, 'base64')]]),
    message,
  );
  if (!(await ctx.store.updateRef(repo, ref, commit, head))) {
    throw new HttpError(409, `is at ${head} but expected ${head}`);
  }
  const file = await ctx.store.readFile(repo, commit, path);
  const sha = file?.sha ?? '';
  const body: Schemas['file-commit'] = {
    content: {
      name: path.split('/').pop() ?? path,
      path,
      sha,
      size: file?.content.length ?? 0,
      type: 'file',
      ...contentLinks(ctx, path, branch, 'file', sha),
      download_url: `${ctx.baseUrl}/raw/${repo}/${branch}/${path}`,
    },
    commit: await gitCommitBody(ctx, commit),
  };
  return { status: existing ? 200 : 201, body };
}
