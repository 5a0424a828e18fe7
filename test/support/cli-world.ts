// A small control plane on disk (the golden case selector-empty-matches-all), its workload
// repositories as real git repositories, and the `kalypso` CLI run as a process.
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
export const cli = join(root, 'packages', 'cli', 'bin', 'kalypso.js');
const golden = join(root, 'test', 'golden', 'selector-empty-matches-all');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function kalypso(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A scratch folder (real path) removed by `dispose`. */
export class World {
  readonly dir = realpathSync(mkdtempSync(join(tmpdir(), 'kalypso-world-')));
  readonly base = join(this.dir, 'base');
  readonly env = join(this.dir, 'env');
  readonly out = join(this.dir, 'out');
  /** Something outside --out and the sources that no run may touch. */
  readonly outside = join(this.dir, 'outside');

  constructor() {
    cpSync(join(golden, 'base'), this.base, { recursive: true });
    cpSync(join(golden, 'env'), this.env, { recursive: true });
    mkdirSync(this.out);
    mkdirSync(this.outside);
    writeFileSync(join(this.outside, 'precious.yaml'), 'untouched: true\n');
  }

  /** A workload repository (real git, branch main) holding `files`; returns its file:// URL. */
  repo(name: string, files: Record<string, string>, links: Record<string, string> = {}): string {
    const dir = join(this.dir, 'repos', name);
    mkdirSync(dir, { recursive: true });
    git(dir, 'init', '--quiet', '--initial-branch=main');
    for (const [path, text] of Object.entries(files)) write(join(dir, path), text);
    for (const [path, target] of Object.entries(links)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      execFileSync('ln', ['-s', target, join(dir, path)]);
    }
    git(dir, 'add', '-A');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '--quiet', '-m', 'init');
    return pathToFileURL(dir).href;
  }

  /** Points a registration of base/ at another repository and path. */
  register(registration: string, repo: string, path: string): void {
    write(
      join(this.base, 'workloads', `${registration}.yaml`),
      `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: WorkloadRegistration\nmetadata:\n  name: ${registration}\nspec:\n  workload:\n    repo: ${repo}\n    branch: main\n    path: ${path}\n  workspace: supply-chain\n`,
    );
  }

  /** The golden case's workload folders as --workload arguments. */
  workloadArgs(): string[] {
    return ['inventory-api', 'label-printer'].flatMap((r) => [
      '--workload',
      `${r}=${join(golden, 'workloads', r)}`,
    ]);
  }

  /** `--workload` for the golden case's label-printer (when inventory-api is fetched with git). */
  labelPrinter(): string[] {
    return ['--workload', `label-printer=${join(golden, 'workloads', 'label-printer')}`];
  }

  args(...extra: string[]): string[] {
    return ['--environment', 'qa', '--base', this.base, '--control-plane', this.env, ...extra];
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-C', dir, ...args], { stdio: 'pipe' });
}

/** Every entry below `dir` (files with content, links with target, folders), for before/after. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const visit = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      const full = join(dir, path);
      if (entry.isSymbolicLink()) out.set(path, `link → ${readlinkSync(full)}`);
      else if (entry.isDirectory()) {
        out.set(`${path}/`, 'folder');
        visit(path);
      } else out.set(path, `${lstatSync(full).mode.toString(8)} ${readFileSync(full, 'utf8')}`);
    }
  };
  visit('');
  return out;
}
