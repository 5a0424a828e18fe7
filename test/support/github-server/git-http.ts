// Git smart HTTP: node:http → `git http-backend` run as a CGI program over the bare repositories.
import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Serves one smart-HTTP request (`/<owner>/<repo>.git/...`) from the repositories under `root`. */
export function serveGit(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  pathInfo: string,
  query: string,
): Promise<void> {
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
  };
  const encoding = req.headers['content-encoding'];
  if (encoding) env.HTTP_CONTENT_ENCODING = encoding;
  const protocol = req.headers['git-protocol'];
  if (typeof protocol === 'string') env.GIT_PROTOCOL = protocol;
  const length = req.headers['content-length'];
  if (length) env.CONTENT_LENGTH = length;

  return new Promise((resolve) => {
    const cgi = spawn('git', ['http-backend'], { env });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headersDone = false;
    let stderr = '';
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
    cgi.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    cgi.on('close', () => {
      if (!headersDone) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.write(stderr);
      }
      res.end();
      resolve();
    });
  });
}
