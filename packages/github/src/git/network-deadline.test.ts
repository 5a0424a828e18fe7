// A git network command ends: a server that accepts the connection and never answers (or answers
// part and stalls) ends the command at the remote's timeout, with a message that says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitNetworkTimeoutError } from './process.ts';
import { GitWorkspace } from './workspace.ts';

const dir = mkdtempSync(join(tmpdir(), 'git-deadline-test-'));
const sockets = new Set<Socket>();
let server: Server;
let port = 0;

beforeAll(async () => {
  // Reads the request, then says nothing (`/partial/` first sends the start of an answer).
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('data', (chunk) => {
      if (chunk.toString('latin1').includes('/partial/'))
        socket.write(
          'HTTP/1.1 200 OK\r\nContent-Type: application/x-git-upload-pack-advertisement\r\n\r\n001e# ser',
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function workspace(name: string, path: string) {
  return GitWorkspace.create(join(dir, name), {
    url: `http://127.0.0.1:${port}/${path}/repo.git`,
    token: 'a-token',
    repository: 'acme/repo',
    tokenInput: 'github-token',
    timeoutSeconds: 2,
  });
}

describe('git network commands and their deadline', () => {
  it.each([
    ['never answers', 'silent'],
    ['answers part and stalls', 'partial'],
  ])('a server that %s ends the fetch at the timeout, saying so', async (_, path) => {
    const git = await workspace(path, path);
    const failure = await git.fetchBranch('dev').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GitNetworkTimeoutError);
    expect((failure as Error).message).toBe(
      "Fetching branch 'dev' in 'acme/repo' got no complete answer in time (the transfer stalled under 1 KB/s for 2s, or took longer than 2s): the server is unreachable or overloaded. Nothing was changed by this step; run it again later. A larger transfer may need more time: set KALYPSO_GIT_TIMEOUT_SECONDS in the step's env.",
    );
    expect((failure as Error).message).not.toContain('a-token');
  });

  it('ends a listing of branches the same way', async () => {
    const git = await workspace('listing', 'silent');
    await expect(git.listBranches(['dev', 'stage'])).rejects.toThrow(
      "Listing branch 'dev', 'stage' in 'acme/repo' got no complete answer in time",
    );
  });
});
