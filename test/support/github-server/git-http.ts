// Git smart HTTP: node:http → `git http-backend` run as a CGI program over the bare repositories;
// fetches (upload-pack) run `git upload-pack --stateless-rpc` directly, as http-backend itself
// would, without the CGI process in between (one process less per request: a schedule run makes
// three requests per repository it reads).
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** Starts a git command with piped input and output (a child process, or the server's runner). */
export type StartGit = (
  args: string[],
  options: { cwd?: string; env: Record<string, string> },
) => {
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  on(event: 'close', listener: (code: number | null) => void): unknown;
};

/** Starts git as a child of this process. */
export const spawnGit: StartGit = (args, options) =>
  spawn('git', args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });

const uploadPackPath = /^(\/[^/]+\/[^/]+\.git)\/(info\/refs|git-upload-pack)$/;

/** What `git http-backend` does for upload-pack (http-backend.c: get_info_refs, service_rpc). */
function serveUploadPack(
  directory: string,
  req: IncomingMessage,
  res: ServerResponse,
  advertise: boolean,
  startGit: StartGit,
): Promise<void> {
  const protocol = req.headers['git-protocol'];
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    // Partial clones (`--filter=blob:none`), as GitHub serves them.
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'uploadpack.allowFilter',
    GIT_CONFIG_VALUE_0: 'true',
  };
  if (typeof protocol === 'string') env.GIT_PROTOCOL = protocol;
  const args = ['upload-pack', '--stateless-rpc', ...(advertise ? ['--advertise-refs'] : []), '.'];
  return new Promise((resolve) => {
    const child = startGit(args, { cwd: directory, env });
    const stderr: Buffer[] = [];
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      res.writeHead(200, {
        'content-type': `application/x-git-upload-pack-${advertise ? 'advertisement' : 'result'}`,
        'cache-control': 'no-cache, max-age=0, must-revalidate',
      });
      if (advertise && !(typeof protocol === 'string' && protocol.includes('version=2')))
        res.write('001e# service=git-upload-pack\n0000');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      start();
      res.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => undefined);
    const encoding = req.headers['content-encoding'];
    if (advertise) child.stdin.end();
    else if (encoding === 'gzip' || encoding === 'x-gzip')
      req.pipe(createGunzip()).pipe(child.stdin);
    else req.pipe(child.stdin);
    child.on('close', (code) => {
      if (!started && code !== 0) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.write(Buffer.concat(stderr));
      } else start();
      res.end();
      resolve();
    });
  });
}

/** Serves one smart-HTTP request (`/<owner>/<repo>.git/...`) from the repositories under `root`. */
export function serveGit(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  pathInfo: string,
  query: string,
  extraEnv: Record<string, string> = {},
  startGit: StartGit = spawnGit,
): Promise<void> {
  const upload = uploadPackPath.exec(pathInfo);
  const service = new URLSearchParams(query).get('service');
  if (upload && upload[2] === 'git-upload-pack' && req.method === 'POST')
    return serveUploadPack(join(root, upload[1]!), req, res, false, startGit);
  if (upload && upload[2] === 'info/refs' && req.method === 'GET' && service === 'git-upload-pack')
    return serveUploadPack(join(root, upload[1]!), req, res, true, startGit);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GIT_PROJECT_ROOT: root,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: pathInfo,
    REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: query,
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    // A non-empty REMOTE_USER is what lets http-backend accept receive-pack (push).
    REMOTE_USER: 'x-access-token',
    REMOTE_ADDR: '127.0.0.1',
    GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
    // Partial clones (`--filter=blob:none`), as GitHub serves them.
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'uploadpack.allowFilter',
    GIT_CONFIG_VALUE_0: 'true',
    ...extraEnv,
  };
  if (extraEnv.GIT_CONFIG_KEY_1 !== undefined) env.GIT_CONFIG_COUNT = '2';
  const encoding = req.headers['content-encoding'];
  if (encoding) env.HTTP_CONTENT_ENCODING = encoding;
  const protocol = req.headers['git-protocol'];
  if (typeof protocol === 'string') env.GIT_PROTOCOL = protocol;
  const length = req.headers['content-length'];
  if (length) env.CONTENT_LENGTH = length;

  return new Promise((resolve) => {
    const cgi = startGit(['http-backend'], { env });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    // Bytes, joined once: a UTF-8 character may straddle two chunks.
    const stderr: Buffer[] = [];
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headersDone) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headersDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = parseInt(value, 10);
        else res.setHeader(name, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    cgi.on('close', () => {
      if (!headersDone) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.write(Buffer.concat(stderr));
      }
      res.end();
      resolve();
    });
  });
}
