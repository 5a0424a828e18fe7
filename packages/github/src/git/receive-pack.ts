// A push over git's smart HTTP protocol with the pack made from an explicit list of objects
// (docs/decisions/incremental-render.md, the trees read by level). `git push` lets
// `pack-objects` walk every tree of the branch tips the scratch repository holds, which a
// repository that fetched only some trees cannot give. Here the pack holds exactly what the new
// commit adds to the commit it was written on — the commit, and the trees and files
// `diff-tree -r -t` gives between the two — and the ref moves only if it is still at the id the
// run expects (the command's old id: the server compares and swaps). Requests go through
// @actions/http-client (the runner's proxy settings), with the token only to the remote's origin.
import { Readable } from 'node:stream';
import { HttpClient } from '@actions/http-client';
import { treeEntries } from './objects.ts';
import type { GitProcess } from './process.ts';
import { classifyPushRefusal, pushRefusedError } from './push-refusal.ts';

const ZERO = '0000000000000000000000000000000000000000';

/** One push: see `pushPack`. */
export interface PackPush {
  /** The commit to push. */
  commit: string;
  /**
   * A commit the remote holds (the one `commit` was written on): nothing it reaches is sent;
   * none: every object.
   */
  base: string | undefined;
  /**
   * The tree the commit was built from, when it is not `base`'s (the remote holds it): the pack
   * is what the commit's tree adds to it.
   */
  baseTree?: string;
  /**
   * Whether this repository holds every tree of `base` (a ref fetched with its trees, as the render
   * index's notes ref is): the pack then leaves out every object `base` reaches, by id, wherever
   * the commit has it (a note moved to another tree's name keeps its blobs), as `git push` would.
   */
  baseHeldWhole?: boolean;
  /** Folders the remote holds whole by their tree ids (a join's shard folders): not sent. */
  remoteFolders?: ReadonlySet<string>;
  /** The ref's full name. */
  ref: string;
  /**
   * The id the ref must have on the remote ('': it must not exist); without it the ref must not
   * exist or be at `base`
   * (a fast-forward); `force`: whatever it is at (still compared and swapped by the server).
   */
  lease?: string;
  force?: boolean;
  /** Names the push in errors, e.g. "Pushing to branch 'kalypso/dev'". */
  activity: string;
  /** The permission a 403 asks for. */
  permission: string;
}

/**
 * Pushes `commit` to `ref` if the ref is where `lease` (or a fast-forward from `base`) says:
 * 'pushed', or 'rejected' when it moved. A refusal by the server's rules throws `pushRefusedError`; any other failure throws.
 */
export async function pushPack(git: GitProcess, push: PackPush): Promise<'pushed' | 'rejected'> {
  const { token } = git.remote;
  let url = git.remote.url;
  // The client follows no redirect: it would keep the token for another port or scheme of the
  // same host. The ref discovery's own redirects are followed here within the remote's origin
  // (a renamed repository), as git follows them (`http.followRedirects=initial`); the push goes
  // where the discovery answered.
  const client = new HttpClient('git/kalypso-actions', [], {
    allowRetries: false,
    allowRedirects: false,
    socketTimeout: git.timeoutSeconds * 1000,
  });
  const headers: Record<string, string> =
    token === ''
      ? {}
      : { authorization: `basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}` };
  try {
    // Ref discovery first, as the protocol asks: the ref's current id and the capabilities.
    let discovery = await client.get(`${url}${DISCOVERY}`, headers);
    for (let hops = 0; isRedirect(discovery.message.statusCode) && hops < MAX_REDIRECTS; hops++) {
      const next = redirectedBase(url, discovery.message.headers.location);
      if (next === undefined) break;
      await bodyOf(discovery);
      url = next;
      discovery = await client.get(`${url}${DISCOVERY}`, headers);
    }
    const status = discovery.message.statusCode ?? 0;
    const advertised = await bodyOf(discovery);
    if (status !== 200) throw httpFailure(git, push, status, advertised);
    const { refs, capabilities } = parseAdvertisement(advertised);
    const current = refs.get(push.ref);
    const holds = push.force
      ? true
      : push.lease !== undefined
        ? current === (push.lease === '' ? undefined : push.lease) // '': must not exist, as git's lease
        : current === undefined || current === push.base;
    if (!holds) return 'rejected';
    // Deltas by offset only when the server reads them (git's send-pack asks the same).
    const pack = await packFor(git, push, capabilities.has('ofs-delta'));
    const wanted = ['report-status', 'side-band-64k', 'quiet'].filter((c) => capabilities.has(c));
    if (!wanted.includes('report-status'))
      throw new Error(
        `${push.activity} in '${git.remote.repository}' failed: the server does not report the push's status.`,
      );
    const command = `${current ?? ZERO} ${push.commit} ${push.ref}\0${wanted.join(' ')}\n`;
    const body = Buffer.concat([pktLine(command), Buffer.from('0000'), pack]);
    const response = await client.sendStream(
      'POST',
      `${url}/git-receive-pack`,
      Readable.from([body]),
      {
        ...headers,
        'content-type': 'application/x-git-receive-pack-request',
        'content-length': String(body.length),
        accept: 'application/x-git-receive-pack-result',
      },
    );
    const answer = await bodyOf(response);
    const code = response.message.statusCode ?? 0;
    if (code !== 200) throw httpFailure(git, push, code, answer);
    const report = readReport(answer, wanted.includes('side-band-64k'));
    if (report.unpack !== 'ok')
      throw git.remoteFailure(
        push.activity,
        push.permission,
        `${report.messages}\nunpack ${report.unpack}`,
      );
    const result = report.refs.get(push.ref);
    if (result === 'ok') return 'pushed';
    // As `git push --porcelain` says it: the server's lines, then the ref's.
    const said = `${report.messages}\n!\t${push.commit}:${push.ref}\t[remote rejected] (${result ?? 'no status'})\n`;
    const refusal = classifyPushRefusal(said);
    if (refusal?.kind === 'moved') return 'rejected';
    if (refusal?.kind === 'refused')
      throw pushRefusedError(push.activity, git.remote.repository, git.remote.tokenInput, refusal);
    throw git.remoteFailure(push.activity, push.permission, said);
  } finally {
    client.dispose();
  }
}

const DISCOVERY = '/info/refs?service=git-receive-pack';
/** The redirects of the ref discovery followed, at most (git follows as many as curl: 20). */
const MAX_REDIRECTS = 20;

function isRedirect(status: number | undefined): boolean {
  return status !== undefined && status >= 300 && status < 400;
}

/**
 * The repository address a redirect of the ref discovery names (`Location`, resolved against the
 * discovery's address), when it keeps the origin (scheme, host and port) and asks for the same
 * discovery; otherwise undefined (the push then fails, the token never sent there).
 */
export function redirectedBase(base: string, location: string | undefined): string | undefined {
  if (location === undefined || location === '') return undefined;
  let target: URL;
  let from: URL;
  try {
    from = new URL(`${base}${DISCOVERY}`);
    target = new URL(location, from);
  } catch {
    return undefined;
  }
  const suffix = '/info/refs';
  if (target.origin !== from.origin || target.username !== '' || target.password !== '')
    return undefined;
  if (!target.pathname.endsWith(suffix) || target.search !== '?service=git-receive-pack')
    return undefined;
  return `${target.origin}${target.pathname.slice(0, -suffix.length)}`;
}

async function bodyOf(response: {
  readBodyBuffer?(): Promise<Buffer>;
  readBody(): Promise<string>;
}) {
  return response.readBodyBuffer
    ? response.readBodyBuffer()
    : Buffer.from(await response.readBody(), 'latin1');
}

function httpFailure(git: GitProcess, push: PackPush, status: number, body: Buffer): Error {
  if (status >= 300 && status < 400)
    return new Error(
      `${push.activity} in '${git.remote.repository}' failed: the server answered ${status}, a redirect to another origin (or not to a repository), where the token is not sent. If the repository was moved to another host, name it by its current address.`,
    );
  return git.remoteFailure(
    push.activity,
    push.permission,
    `The requested URL returned error: ${status}\n${body.toString('utf8').slice(0, 200)}`,
  );
}

/** A pkt-line: four hex digits of length (itself included), then the payload. */
export function pktLine(payload: string | Buffer): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([Buffer.from((bytes.length + 4).toString(16).padStart(4, '0')), bytes]);
}

/** The pkt-lines of `data` in order; a flush is `null`. Throws on a malformed stream. */
export function pktLines(data: Buffer): (Buffer | null)[] {
  const lines: (Buffer | null)[] = [];
  let at = 0;
  while (at < data.length) {
    const digits = data.subarray(at, at + 4).toString('latin1');
    const length = /^[0-9a-f]{4}$/.test(digits) ? Number.parseInt(digits, 16) : Number.NaN;
    if (
      !Number.isInteger(length) ||
      (length > 0 && length < 4) ||
      at + Math.max(length, 4) > data.length
    )
      throw new Error("a malformed pkt-line in the server's answer");
    lines.push(length === 0 ? null : data.subarray(at + 4, at + length));
    at += length === 0 ? 4 : length;
  }
  return lines;
}

/** The refs and capabilities of a receive-pack advertisement (smart HTTP). */
export function parseAdvertisement(data: Buffer): {
  refs: Map<string, string>;
  capabilities: Set<string>;
} {
  const refs = new Map<string, string>();
  let capabilities = new Set<string>();
  for (const line of pktLines(data)) {
    if (line === null) continue;
    let text = line.toString('utf8');
    if (text.startsWith('# service=')) continue;
    const nul = text.indexOf('\0');
    if (nul >= 0) {
      capabilities = new Set(
        text
          .slice(nul + 1)
          .trim()
          .split(' ')
          .filter(Boolean),
      );
      text = text.slice(0, nul);
    }
    const match = /^([0-9a-f]{40}) (\S+)$/.exec(text.trimEnd());
    if (match && match[2] !== 'capabilities^{}') refs.set(match[2]!, match[1]!);
  }
  return { refs, capabilities };
}

/** The pack of what `push.commit` adds to `push.base`. */
export async function packFor(git: GitProcess, push: PackPush, offsets: boolean): Promise<Buffer> {
  const deltas = offsets ? ['--delta-base-offset'] : [];
  const tree = (await git.text(['rev-parse', `${push.commit}^{tree}`])).trim();
  const lines = [push.commit, tree];
  const remote = push.remoteFolders ?? new Set<string>();
  /** Whether `path` is a folder the remote holds whole, or lies in one. */
  const held = (path: string) => {
    if (remote.has(path)) return true;
    for (let slash = path.indexOf('/'); slash > 0; slash = path.indexOf('/', slash + 1))
      if (remote.has(path.slice(0, slash))) return true;
    return false;
  };
  if (push.base === undefined) {
    for (const [path, id] of idsByPath(await git.git(['ls-tree', '-r', '-t', '-z', tree])))
      if (!held(path)) lines.push(`${id} ${path}`);
  } else {
    const baseTree = push.baseTree ?? (await git.text(['rev-parse', `${push.base}^{tree}`])).trim();
    // Every object the base's tree reaches, by id, when all its trees are here (git's own walk
    // marks only the trees of a pushed commit's parents: a root commit such as a note's is none).
    const known = new Set<string>();
    if (push.baseHeldWhole)
      for (const [, id] of idsByPath(await git.git(['ls-tree', '-r', '-t', '-z', baseTree])))
        known.add(id);
    const diff = await git.git(['diff-tree', '-r', '-t', '-z', '--no-renames', baseTree, tree]);
    const fields = diff.toString('utf8').split('\0');
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const [, newMode, , newId, status] = fields[i]!.slice(1).split(' ');
      if (status === 'D' || newMode === '160000' || newId === undefined || newId === ZERO) continue;
      const path = fields[i + 1]!;
      if (held(path) || known.has(newId)) continue;
      lines.push(`${newId} ${path}`);
    }
  }
  return git.git(['pack-objects', '--stdout', '-q', ...deltas], {
    input: `${lines.join('\n')}\n`,
  });
}

/** The object ids of `ls-tree -z` output, by path. */
function* idsByPath(listing: Buffer): Generator<[string, string]> {
  for (const [path, entry] of treeEntries(listing))
    yield [path, entry.slice(entry.indexOf(' ') + 1)];
}

/**
 * A receive-pack answer: the unpack status, each ref's (`ok`, or the reason of an `ng`), and the
 * server's messages (side band 2 and 3) as `remote:` lines.
 */
export function readReport(
  answer: Buffer,
  sideBand: boolean,
): { unpack: string; refs: Map<string, string>; messages: string } {
  let data = answer;
  const messages: string[] = [];
  if (sideBand) {
    const parts: Buffer[] = [];
    for (const line of pktLines(answer)) {
      if (line === null || line.length === 0) continue;
      const band = line[0];
      if (band === 1) parts.push(line.subarray(1));
      else
        for (const text of line
          .subarray(1)
          .toString('utf8')
          .split(/\r?\n|\r/))
          if (text.trim() !== '') messages.push(`remote: ${text}`);
    }
    data = Buffer.concat(parts);
  }
  let unpack = 'no status';
  const refs = new Map<string, string>();
  for (const line of pktLines(data)) {
    if (line === null) continue;
    const text = line.toString('utf8').replace(/\n$/, '');
    if (text.startsWith('unpack ')) unpack = text.slice('unpack '.length);
    else if (text.startsWith('ok ')) refs.set(text.slice(3), 'ok');
    else if (text.startsWith('ng ')) {
      const rest = text.slice(3);
      const space = rest.indexOf(' ');
      refs.set(
        space < 0 ? rest : rest.slice(0, space),
        space < 0 ? 'failed' : rest.slice(space + 1),
      );
    }
  }
  return { unpack, refs, messages: messages.join('\n') };
}
