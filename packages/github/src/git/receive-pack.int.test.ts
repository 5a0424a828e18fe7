// The push made of an explicit pack (receive-pack.ts) against the local GitHub (git's own
// http-backend, with GitHub's branch protection as a pre-receive hook).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../../test/support/github-server/client.ts';
import { GitWorkspace } from '../git.ts';
import { actionsBot, GitProcess } from './process.ts';
import {
  packFor,
  pktLine,
  pktLines,
  pushPack,
  readReport,
  redirectedBase,
} from './receive-pack.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

describe('a push of an explicit pack', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'receive-pack-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A repository of many folders, read as the level read does: commits, then the root alone. */
  async function levelRead(via: (cloneUrl: string) => string = (url) => url) {
    const files: Record<string, string> = { 'README.md': '# r\n' };
    for (let f = 0; f < 20; f++)
      for (let t = 0; t < 3; t++) files[`ct-${f}/t-${t}/file.yaml`] = `value: ${f}-${t}\n`;
    const repo = await github.createRepo({ files: {}, branches: { dev: files } });
    const ws = await GitWorkspace.create(join(dir, 'ws'), {
      url: via(repo.cloneUrl),
      token,
      repository: repo.fullName,
      tokenInput: 'github-token',
    });
    const head = (await ws.fetchBranch('dev', 1, { commitsOnly: true }))!;
    const { tree } = await ws.commitInfo(head);
    await ws.fetchTrees([tree], { whole: false, what: 'the root' });
    const folder = (await ws.listEntries(tree, [])).get('ct-3')!.slice('040000 '.length);
    await ws.fetchTrees([folder], { whole: true, what: 'ct-3' });
    return { repo, ws, head, tree };
  }

  it('pushes a change in one folder of a repository that holds no other folder, and only if the branch did not move', async () => {
    const { repo, ws, head, tree } = await levelRead();
    const start = { tree, files: await ws.listUnder(tree, ['ct-3/']) };
    const commit = await ws.writeCommit({
      parent: head,
      message: 'one value',
      start,
      changes: new Map([['ct-3/t-1/file.yaml', 'value: changed\n']]),
    });
    // git's own push cannot: it walks every folder of the branch head it holds.
    expect(() =>
      execFileSync(
        'git',
        [
          '-C',
          ws.directory,
          'push',
          '--porcelain',
          repo.cloneUrl.replace('://', `://x-access-token:${token}@`),
          `${commit}:refs/heads/other`,
        ],
        {
          env: { ...process.env, GIT_NO_LAZY_FETCH: '1', GIT_TERMINAL_PROMPT: '0' },
          stdio: 'pipe',
        },
      ),
    ).toThrow();
    // The branch moved since it was read: nothing is pushed.
    expect(await ws.push({ commit, branch: 'dev', lease: '1'.repeat(40) })).toBe('rejected');
    expect(await ws.push({ commit, branch: 'dev', lease: head })).toBe('pushed');
    expect((await github.files(repo.fullName, 'dev'))['ct-3/t-1/file.yaml']).toBe(
      'value: changed\n',
    );
    expect((await github.log(repo.fullName, 'dev'))[0]!.sha).toBe(commit);
    // A new branch: it must not exist yet.
    expect(await ws.push({ commit, branch: 'fresh' })).toBe('pushed');
    expect(await ws.push({ commit, branch: 'fresh' })).toBe('rejected');
  });

  it('fetches a tree held alone whole by the trees it names (git asks for no object it holds)', async () => {
    const { ws, tree } = await levelRead();
    // The root is held alone, ct-3 whole: listing everything needs the other folders too.
    await expect(ws.listTree(tree)).rejects.toThrow();
    await ws.fetchTrees([tree], { whole: true, what: 'every tree' });
    const listed = await ws.listTree(tree);
    expect([...listed.keys()].filter((path) => path.endsWith('file.yaml'))).toHaveLength(60);
  });

  it("reports a protected branch's refusal with GitHub's words", async () => {
    const { repo, ws, head, tree } = await levelRead();
    await github.settings(repo.fullName, {
      protection: { dev: { required_approving_review_count: 1 } },
    });
    const commit = await ws.writeCommit({
      parent: head,
      message: 'refused',
      start: { tree, files: await ws.listUnder(tree, ['ct-3/']) },
      changes: new Map([['ct-3/t-0/file.yaml', 'value: refused\n']]),
    });
    await expect(ws.push({ commit, branch: 'dev', lease: head })).rejects.toThrow(/protected/i);
    expect((await github.log(repo.fullName, 'dev'))[0]!.sha).toBe(head);
  });

  it('follows a redirect of the ref discovery within the origin (a renamed repository) and pushes where it answered', async () => {
    const { repo, ws, head, tree } = await levelRead();
    const commit = await ws.writeCommit({
      parent: head,
      message: 'renamed',
      start: { tree, files: await ws.listUnder(tree, ['ct-3/']) },
      changes: new Map([['ct-3/t-2/file.yaml', 'value: renamed\n']]),
    });
    // One origin: the old name redirects to the new one, every other request goes to the local GitHub.
    const github_ = new URL(repo.cloneUrl);
    const seen: string[] = [];
    const server = await front(github_, (req, res, forward) => {
      seen.push(`${req.method} ${req.url}`);
      if (!req.url?.startsWith('/old/')) return forward();
      const location = req.url.replace(/^\/old\/[^/]+\.git/, github_.pathname);
      res.writeHead(301, { location }).end();
    });
    try {
      const url = server.url('/old/name.git');
      const git = new GitProcess(
        ws.directory,
        { url, token, repository: repo.fullName, tokenInput: 'github-token' },
        actionsBot,
      );
      const push = {
        commit,
        base: head,
        ref: 'refs/heads/dev',
        lease: head,
        activity: "Pushing to branch 'dev'",
        permission: 'contents: write',
      };
      expect(await pushPack(git, push)).toBe('pushed');
      expect((await github.log(repo.fullName, 'dev'))[0]!.sha).toBe(commit);
      expect(seen).toEqual([
        'GET /old/name.git/info/refs?service=git-receive-pack',
        `GET ${github_.pathname}/info/refs?service=git-receive-pack`,
        `POST ${github_.pathname}/git-receive-pack`,
      ]);
    } finally {
      await server.close();
    }
  });

  /** A workspace read by level through a server in front of the local GitHub that garbles the answer to the push by pack, after passing it on or not. */
  async function garbled(passedOn: boolean) {
    const server = await front(new URL(inject('githubUrl')), (req, res, forward) => {
      const ours = req.headers['user-agent']?.startsWith('git/kalypso-actions') === true;
      if (!(ours && req.method === 'POST' && req.url?.endsWith('/git-receive-pack')))
        return forward();
      if (passedOn) return forward(() => Buffer.from('garbled'));
      res
        .writeHead(200, { 'content-type': 'application/x-git-receive-pack-result' })
        .end('garbled');
    });
    const read = await levelRead((url) => server.url(new URL(url).pathname));
    const notices: string[] = [];
    read.ws.notice = (message) => notices.push(message);
    const commit = await read.ws.writeCommit({
      parent: read.head,
      message: 'fallback',
      start: { tree: read.tree, files: await read.ws.listUnder(read.tree, ['ct-3/']) },
      changes: new Map([['ct-3/t-1/file.yaml', 'value: by git\n']]),
    });
    return { ...read, server, notices, commit };
  }

  for (const passedOn of [false, true])
    it(`pushes with git when the server's answer to the pack cannot be read (${passedOn ? 'the pack taken' : 'nothing taken'}), and says so`, async () => {
      const { repo, ws, head, server, notices, commit } = await garbled(passedOn);
      try {
        expect(await ws.push({ commit, branch: 'dev', lease: head })).toBe('pushed');
        expect((await github.log(repo.fullName, 'dev'))[0]!.sha).toBe(commit);
        expect(notices).toHaveLength(1);
        expect(notices[0]).toMatch(/push by pack to 'dev' failed .*: pushing with git/);
      } finally {
        await server.close();
      }
    });

  it("pushes the render index with git when the server's answer to its pack cannot be read", async () => {
    const { repo, ws, tree, server, notices } = await garbled(false);
    try {
      const text = 'kalypso-render-index 1 test\n';
      expect(await ws.writeRenderNote('dev', tree, text)).toBe(true);
      const remote = repo.cloneUrl.replace('://', `://x-access-token:${token}@`);
      const listed = execFileSync('git', ['ls-remote', remote, 'refs/notes/kalypso-render/dev'], {
        encoding: 'utf8',
      });
      expect(listed).toMatch(/^[0-9a-f]{40}\trefs\/notes\/kalypso-render\/dev$/m);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/push by pack of the render index failed .*: pushing with git/);
    } finally {
      await server.close();
    }
  });

  it("leaves out of a note's pack the blobs the fetched notes commit holds under another tree's name", async () => {
    // A notes commit as the render index writes it: a tree per noted GitOps tree, a blob per chunk.
    const repo = join(dir, 'notes.git');
    execFileSync('git', ['init', '--quiet', '--bare', repo]);
    const run = (args: string[], input?: string) =>
      execFileSync('git', ['-C', repo, ...args], {
        input,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'a',
          GIT_AUTHOR_EMAIL: 'a@b',
          GIT_COMMITTER_NAME: 'a',
          GIT_COMMITTER_EMAIL: 'a@b',
        },
      }).trim();
    const blob = (text: string) => run(['hash-object', '-w', '--stdin'], text);
    const tree = (entries: string[]) => run(['mktree'], `${entries.join('\n')}\n`);
    const [x, y, changed] = [blob('chunk x\n'), blob('chunk y\n'), blob('chunk y, changed\n')];
    const old = tree([`100644 blob ${x}\t000000`, `100644 blob ${y}\t000001`]);
    const base = run(['commit-tree', tree([`040000 tree ${old}\t${'a'.repeat(40)}`]), '-m', 'old']);
    // The next note: the old tree's note kept, the new tree's chunks x (unchanged) and y changed.
    const next = tree([`100644 blob ${x}\t000000`, `100644 blob ${changed}\t000001`]);
    const commit = run([
      'commit-tree',
      tree([`040000 tree ${old}\t${'a'.repeat(40)}`, `040000 tree ${next}\t${'b'.repeat(40)}`]),
      '-m',
      'next',
    ]);
    const git = new GitProcess(
      repo,
      {
        url: 'http://127.0.0.1:9/o/r.git',
        token: '',
        repository: 'o/r',
        tokenInput: 'github-token',
      },
      actionsBot,
    );
    const push = {
      commit,
      base,
      ref: 'refs/notes/kalypso-render/dev',
      force: true,
      activity: 'Pushing the render index',
      permission: 'contents: write',
    };
    /** The object count of a pack (its header: `PACK`, the version, the count). */
    const count = (pack: Buffer) => pack.readUInt32BE(8);
    // The commit, its tree, the new note's tree and the changed chunk: not the unchanged chunk,
    // which the remote holds at the old tree's name.
    expect(count(await packFor(git, { ...push, baseHeldWhole: true }, true))).toBe(4);
    // By paths alone, every file under the new name is new.
    expect(count(await packFor(git, push, true))).toBe(5);
  });

  it('reads a redirect of the ref discovery as a repository address only within the origin', () => {
    const base = 'https://github.example/o/r.git';
    const same = '/o/s.git/info/refs?service=git-receive-pack';
    expect(redirectedBase(base, same)).toBe('https://github.example/o/s.git');
    expect(redirectedBase(base, `https://github.example${same}`)).toBe(
      'https://github.example/o/s.git',
    );
    for (const location of [
      `https://github.example:8443${same}`, // another port
      `http://github.example${same}`, // another scheme
      `https://other.example${same}`, // another host
      `https://u:p@github.example${same}`, // credentials of its own
      '/o/s.git/info/refs?service=git-upload-pack', // another service
      '/login', // not a repository
      undefined,
      '',
    ])
      expect(redirectedBase(base, location)).toBeUndefined();
  });

  it('follows no redirect to another origin: the token goes to the remote alone, and the error says what to do', async () => {
    const { ws, head, tree } = await levelRead();
    const commit = await ws.writeCommit({
      parent: head,
      message: 'redirected',
      start: { tree, files: await ws.listUnder(tree, ['ct-3/']) },
      changes: new Map([['ct-3/t-2/file.yaml', 'value: redirected\n']]),
    });
    // Another port of the same host: a client that compares host names only would send the token.
    const elsewhere: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      elsewhere.push(req.headers);
      res.writeHead(404).end();
    });
    await new Promise<void>((done) => other.listen(0, '127.0.0.1', done));
    const otherPort = (other.address() as AddressInfo).port;
    const moved = createServer((req, res) => {
      res.writeHead(301, { location: `http://127.0.0.1:${otherPort}${req.url ?? '/'}` }).end();
    });
    await new Promise<void>((done) => moved.listen(0, '127.0.0.1', done));
    try {
      const url = `http://127.0.0.1:${(moved.address() as AddressInfo).port}/o/r.git`;
      // The redirect answers the ref discovery, before any object is read.
      const moved_ = join(dir, 'moved.git');
      execFileSync('git', ['init', '--quiet', '--bare', moved_]);
      const git = new GitProcess(
        moved_,
        { url, token, repository: 'o/r', tokenInput: 'github-token' },
        actionsBot,
      );
      await expect(
        pushPack(git, {
          commit,
          base: head,
          ref: 'refs/heads/dev',
          lease: head,
          activity: "Pushing to branch 'dev'",
          permission: 'contents: write',
        }),
      ).rejects.toThrow(
        /answered 301, a redirect to another origin .* name it by its current address/,
      );
      expect(elsewhere).toEqual([]);
    } finally {
      await new Promise((done) => moved.close(done));
      await new Promise((done) => other.close(done));
    }
  });

  it('reads pkt-lines and a side-band report', () => {
    const inner = Buffer.concat([
      pktLine('unpack ok\n'),
      pktLine('ng refs/heads/dev stale info\n'),
      Buffer.from('0000'),
    ]);
    const answer = Buffer.concat([
      pktLine(Buffer.concat([Buffer.from([2]), Buffer.from('hello\n')])),
      pktLine(Buffer.concat([Buffer.from([1]), inner])),
      Buffer.from('0000'),
    ]);
    const report = readReport(answer, true);
    expect(report).toEqual({
      unpack: 'ok',
      refs: new Map([['refs/heads/dev', 'stale info']]),
      messages: 'remote: hello',
    });
    expect(() => pktLines(Buffer.from('00zz'))).toThrow(/malformed/);
    expect(() => pktLines(Buffer.from('0009ab'))).toThrow(/malformed/);
  });
});

/**
 * A server in front of the local GitHub at `target`: `handle` answers a request itself, or calls
 * `forward` to pass it on (with `rewrite`, the answer's body is replaced).
 */
async function front(
  target: URL,
  handle: (
    req: IncomingMessage,
    res: ServerResponse,
    forward: (rewrite?: (body: Buffer) => Buffer) => void,
  ) => void,
): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const server = createServer((req, res) =>
    handle(req, res, (rewrite) => {
      const options = {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
      };
      const out = request({ ...options, headers: req.headers }, (answer) => {
        if (rewrite === undefined) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = rewrite(Buffer.concat(chunks));
          const { 'transfer-encoding': _, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...headers, 'content-length': body.length });
          res.end(body);
        });
      });
      req.pipe(out);
    }),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
