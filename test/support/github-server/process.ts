// The local GitHub in a process of its own (`node process.ts <root>`; `startGitHubServerProcess`
// starts one). A harness that holds a large fleet in memory (bench/schedule.bench.ts) would
// otherwise serve every git request by forking its own large heap to run `git http-backend`:
// measured, that made the server, not the action, the slow side of the large bench. The real
// GitHub does not live in the runner's process either.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { startGitHubServer } from './server.ts';

/** A local GitHub running in a child process; `close` stops it. */
export interface GitHubServerProcess {
  url: string;
  close(): Promise<void>;
}

/** Starts `node process.ts <root>` and waits for the URL it prints. */
export async function startGitHubServerProcess(options: {
  root: string;
}): Promise<GitHubServerProcess> {
  const child = spawn(process.execPath, [import.meta.filename, options.root], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('exit', (code) =>
      reject(new Error(`the local GitHub process ended before it listened (exit ${code})`)),
    );
  });
  return {
    url,
    close: async () => {
      // Closing its input is the signal to stop (no signal handling needed on either side).
      child.stdin.end();
      await exited;
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const root = process.argv[2];
  if (!root) throw new Error('usage: node test/support/github-server/process.ts <root>');
  const server = await startGitHubServer({ root });
  process.stdout.write(`${server.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => {
    void server.close().then(() => process.exit(0));
  });
}
