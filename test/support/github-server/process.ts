// The local GitHub in a process of its own (`node process.ts <root> [--contract] [--latency-ms=N]`;
// `startGitHubServerProcess` starts one). A harness that holds a large heap (vitest's main
// process, or bench/schedule.bench.ts with a large fleet in memory) would otherwise serve every
// git request by forking that heap to run `git` or `git http-backend`: measured, spawning from
// vitest's main process took most of its CPU during the integration tests, on the one event loop
// every test worker waits on. The real GitHub does not live in the runner's process either.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ContractMismatch } from './contract.ts';
import { startGitHubServer } from './server.ts';

/** A local GitHub running in a child process; `close` stops it. */
export interface GitHubServerProcess {
  url: string;
  /** The server's process id (a bench reads its CPU: bench/support/process-cpu.ts). */
  pid: number;
  /** Stops the server; with `contract`, the answers that did not match GitHub's description. */
  close(): Promise<{ mismatches: ContractMismatch[] }>;
}

/** The line the child writes on stdout as it ends: the contract's mismatches as JSON. */
const REPORT = 'contract-mismatches ';

/** Starts `node process.ts <root>` and waits for the URL it prints. */
export async function startGitHubServerProcess(options: {
  root: string;
  /** Hold every REST answer to GitHub's OpenAPI description (contract.ts). */
  contract?: boolean;
  /** Take up every request that much later (server.ts `latencyMs`). */
  latencyMs?: number;
}): Promise<GitHubServerProcess> {
  const child = spawn(
    process.execPath,
    [
      import.meta.filename,
      options.root,
      ...(options.contract ? ['--contract'] : []),
      ...(options.latencyMs ? [`--latency-ms=${options.latencyMs}`] : []),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const lines = createInterface({ input: child.stdout });
  let mismatches: ContractMismatch[] | undefined;
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith(REPORT))
        mismatches = JSON.parse(line.slice(REPORT.length)) as ContractMismatch[];
      else resolve(line.trim());
    });
    child.once('exit', (code) =>
      reject(new Error(`the local GitHub process ended before it listened (exit ${code})`)),
    );
  });
  return {
    url,
    pid: child.pid!,
    close: async () => {
      // Closing its input is the signal to stop (no signal handling needed on either side).
      child.stdin.end();
      const code = await exited;
      if (code !== 0) throw new Error(`the local GitHub process ended with exit code ${code}`);
      if (options.contract && mismatches === undefined)
        throw new Error('the local GitHub process ended without its contract report');
      return { mismatches: mismatches ?? [] };
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const root = process.argv[2];
  if (!root)
    throw new Error(
      'usage: node test/support/github-server/process.ts <root> [--contract] [--latency-ms=N]',
    );
  const latency = process.argv.find((a) => a.startsWith('--latency-ms='));
  const server = await startGitHubServer({
    root,
    contract: process.argv.includes('--contract'),
    ...(latency ? { latencyMs: Number(latency.slice('--latency-ms='.length)) } : {}),
  });
  process.stdout.write(`${server.url}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => {
    void server.close().then(() => {
      const report = server.state.contract?.report();
      if (report) process.stdout.write(`${REPORT}${JSON.stringify(report.mismatches)}\n`);
      process.exit(0);
    });
  });
}
