// The control API (`/_control/...`): tests in worker processes create repositories and tokens,
// read recorded state and arm faults through it. No authentication: it is loopback test plumbing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, readBody, send, sendError, type RepoRecord } from './router.ts';
import type { ServerState } from './server-state.ts';
import type {
  CreatedRepo,
  Fault,
  RepoSettings,
  RepoSpec,
  TokenKind,
  TokenPermissions,
} from './state.ts';

const namePattern = /^[A-Za-z0-9_.-]+$/;

async function createRepo(state: ServerState, spec: RepoSpec): Promise<CreatedRepo> {
  const fullName = `${spec.owner}/${spec.name}`;
  if (!namePattern.test(spec.owner) || !namePattern.test(spec.name)) {
    throw new HttpError(422, `Invalid repository name '${fullName}'`);
  }
  if (state.repos.has(fullName))
    throw new HttpError(422, `Repository '${fullName}' already exists`);
  const defaultBranch = spec.defaultBranch ?? 'main';
  const record: RepoRecord = {
    fullName,
    owner: spec.owner,
    name: spec.name,
    id: state.nextId(),
    private: spec.private === true,
    readers: new Set(spec.readers ?? []),
    state: {
      statuses: [],
      deployments: [],
      environments: [],
      pulls: [],
      labels: [],
      dispatches: [],
      requests: [],
    },
    nextNumber: 1,
    created_at: new Date().toISOString(),
    settings: {
      allow_auto_merge: false,
      can_approve_pull_request_reviews: false,
      protection: {},
      ...spec.settings,
    },
  };
  state.repos.set(fullName, record);
  const { store } = state;
  await store.create(fullName, defaultBranch);
  const heads: Record<string, string> = {};
  if (spec.files) {
    const first = await store.commitChanges(
      fullName,
      undefined,
      new Map(Object.entries(spec.files)),
      'Initial commit',
    );
    await store.updateRef(fullName, `refs/heads/${defaultBranch}`, first, '');
    heads[defaultBranch] = first;
    for (const [branch, files] of Object.entries(spec.branches ?? {})) {
      const commit = await store.commitChanges(
        fullName,
        first,
        new Map(Object.entries(files)),
        `Create ${branch}`,
      );
      await store.updateRef(fullName, `refs/heads/${branch}`, commit, '');
      heads[branch] = commit;
    }
  }
  return { fullName, cloneUrl: `${state.baseUrl}/${fullName}.git`, heads };
}

/** Commits `files` (null = delete) onto `branch`, creating it from `from` (or the default branch). */
async function commitFiles(
  state: ServerState,
  repo: string,
  body: { branch: string; files: Record<string, string | null>; message?: string; from?: string },
): Promise<{ sha: string }> {
  const { store } = state;
  const ref = `refs/heads/${body.branch}`;
  const head =
    (await store.resolveCommit(repo, ref)) ??
    (await store.resolveCommit(repo, body.from ?? `refs/heads/${await store.defaultBranch(repo)}`));
  const sha = await store.commitChanges(
    repo,
    head,
    new Map(Object.entries(body.files)),
    body.message ?? 'Test change',
  );
  const current = await store.resolveCommit(repo, ref);
  if (!(await store.updateRef(repo, ref, sha, current ?? '')))
    throw new HttpError(409, `Branch '${body.branch}' moved`);
  return { sha };
}

async function filesAt(
  state: ServerState,
  repo: string,
  ref: string,
): Promise<Record<string, string>> {
  const { store } = state;
  const commit = await store.resolveCommit(
    repo,
    ref.startsWith('refs/') ? ref : `refs/heads/${ref}`,
  );
  if (!commit) throw new HttpError(404, `No ref '${ref}' in '${repo}'`);
  // Every blob id from one listing, every blob's bytes from one `cat-file --batch`.
  const entries = (await store.git(repo, ['ls-tree', '-r', '-z', commit]))
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      return { id: line.slice(0, tab).split(' ')[2]!, path: line.slice(tab + 1) };
    });
  const blobs = await store.readObjects(
    repo,
    entries.map((e) => e.id),
  );
  const files: Record<string, string> = {};
  entries.forEach((entry, i) => {
    files[entry.path] = blobs[i]?.type === 'blob' ? blobs[i].content.toString('utf8') : '';
  });
  return files;
}

async function logOf(state: ServerState, repo: string, ref: string) {
  const out = await state.store.git(repo, [
    'log',
    '--format=%H%x00%P%x00%s%x00%b%x1e',
    `refs/heads/${ref}`,
  ]);
  return out
    .split('\x1e')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [sha = '', parents = '', subject = '', body = ''] = entry.split('\0');
      return { sha, parents: parents.split(' ').filter(Boolean), subject, body: body.trim() };
    });
}

export async function handleControl(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  try {
    const raw = await readBody(req);
    const body = (raw ? JSON.parse(raw) : {}) as unknown;
    const path = url.pathname.replace(/^\/_control/, '');
    const method = req.method ?? 'GET';
    const repoMatch = /^\/repos\/([^/]+\/[^/]+)\/(\w+)$/.exec(path);
    const repo = repoMatch?.[1] ?? '';
    const record = state.repos.get(repo);
    if (repoMatch && !record) throw new HttpError(404, `No repository '${repo}'`);
    const ref = url.searchParams.get('ref') ?? '';
    const result = await (async (): Promise<[number, unknown]> => {
      if (method === 'POST' && path === '/repos')
        return [201, await createRepo(state, body as RepoSpec)];
      if (method === 'POST' && path === '/tokens') {
        const { token, permissions, login, kind } = body as {
          token: string;
          permissions: TokenPermissions;
          login?: string;
          kind?: TokenKind;
        };
        state.tokens.set(token, { permissions, kind: kind ?? 'app', ...(login ? { login } : {}) });
        return [201, { token }];
      }
      if (method === 'GET' && path === '/contract') {
        return [200, state.contract?.report() ?? { checked: {}, mismatches: [] }];
      }
      if (method === 'POST' && path === '/faults') {
        state.faults.push(body as Fault);
        return [201, body];
      }
      if (method === 'DELETE' && path === '/faults') {
        const target = url.searchParams.get('repo');
        state.faults = state.faults.filter((f) => target !== null && f.repo !== target);
        return [204, undefined];
      }
      if (method === 'GET' && repoMatch?.[2] === 'state') {
        const pending = state.faults.filter((f) => f.repo === repo);
        return [200, { ...record!.state, faults: pending }];
      }
      if (method === 'PATCH' && repoMatch?.[2] === 'settings') {
        Object.assign(record!.settings, body as Partial<RepoSettings>);
        return [200, record!.settings];
      }
      if (method === 'GET' && repoMatch?.[2] === 'files')
        return [200, await filesAt(state, repo, ref)];
      if (method === 'GET' && repoMatch?.[2] === 'log') return [200, await logOf(state, repo, ref)];
      if (method === 'POST' && repoMatch?.[2] === 'commits') {
        return [201, await commitFiles(state, repo, body as Parameters<typeof commitFiles>[2])];
      }
      throw new HttpError(
        404,
        `Not Found (local GitHub: unknown control route ${method} ${url.pathname})`,
      );
    })();
    send(res, result[0], result[1]);
  } catch (error) {
    sendError(res, error instanceof HttpError ? error : new HttpError(500, String(error)));
  }
}
