import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  ControlPlaneError,
  normaliseSourcePath,
  SOURCE_IGNORE_FILE,
  redactUrlCredentials,
  settleBounded,
  type Problem,
  type Source,
  type WorkloadRegistration,
} from '@kalypso/core';
import { readSourceTree } from './fs-source.ts';

const run = promisify(execFile);

/** How many workload repositories are cloned at the same time. */
export const FETCH_CONCURRENCY = 4;
/** A clone that takes longer than this is stopped (milliseconds). */
const CLONE_TIMEOUT_MS = 10 * 60 * 1000;

export interface FetchOptions {
  /** Accept local paths and `file://` URLs (offline use); otherwise only `https://`. */
  readonly allowLocal: boolean;
  /** Told when a clone starts and when one ends, with how many of how many are done. */
  readonly onProgress?: (progress: FetchProgress) => void;
}

export interface FetchProgress {
  readonly done: number;
  readonly total: number;
  /** The repositories being cloned now, as `repo@branch`. */
  readonly cloning: readonly string[];
}

/**
 * Reads the registrations' repositories at their branch heads with the user's own git
 * credentials: each (repository, branch) is cloned once, shallow, without blobs outside the
 * registered paths (partial clone + sparse checkout where the server allows), at most
 * FETCH_CONCURRENCY at a time, and deleted afterwards. Returns one Source per registration, in
 * the order given. Bad URLs and paths are reported together, before anything is fetched; every
 * repository that cannot be read is reported, not only the first.
 */
export async function fetchWorkloadSources(
  registrations: readonly WorkloadRegistration[],
  options: FetchOptions,
): Promise<Source[]> {
  const problems: Problem[] = [];
  const plans = registrations.map((registration) => {
    const url = cloneUrl(registration, options, problems);
    const path = registeredPath(registration, problems);
    return { registration, url, path };
  });
  if (problems.length > 0) throw new ControlPlaneError(problems);

  const clones = new Map<string, { url: string; branch: string; paths: Set<string> }>();
  for (const plan of plans) {
    const key = `${plan.url}\n${plan.registration.workload.branch}`;
    const clone = clones.get(key) ?? {
      url: plan.url!,
      branch: plan.registration.workload.branch,
      paths: new Set<string>(),
    };
    clone.paths.add(plan.path!);
    clones.set(key, clone);
  }
  const scratch = await mkdtemp(join(tmpdir(), 'kalypso-workloads-'));
  try {
    const dirs = new Map<string, string>();
    const keys = [...clones.keys()];
    const cloning = new Set<string>();
    let done = 0;
    const report = () => options.onProgress?.({ done, total: keys.length, cloning: [...cloning] });
    const failures = await settleBounded(keys, FETCH_CONCURRENCY, async (key, index) => {
      const clone = clones.get(key)!;
      const dir = join(scratch, String(index));
      const owner = plans.find(
        (p) => `${p.url}\n${p.registration.workload.branch}` === key,
      )!.registration;
      const label = `${owner.workload.repo}@${clone.branch}`;
      cloning.add(label);
      report();
      try {
        await cloneInto(dir, clone.url, clone.branch, [...clone.paths], owner);
        dirs.set(key, await realpath(dir));
      } finally {
        cloning.delete(label);
        done += 1;
        report();
      }
    });
    throwAll(failures);
    const sources: Source[] = [];
    const unreadable: unknown[] = [];
    for (const plan of plans) {
      const { repo, branch } = plan.registration.workload;
      const dir = dirs.get(`${plan.url}\n${branch}`)!;
      try {
        sources.push(
          await readSourceTree(
            dir,
            plan.path!,
            { kind: 'workload', registration: plan.registration.name },
            (rel) => `${redactUrlCredentials(repo)}@${branch}:${rel}`,
          ),
        );
      } catch (error) {
        unreadable.push(
          new ControlPlaneError([
            {
              ...where(plan.registration),
              message: `${error instanceof Error ? error.message : String(error)} Fix spec.workload.path or the repository.`,
            },
          ]),
        );
      }
    }
    throwAll(unreadable);
    return sources;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Throws the failures of a phase as one: the problems of every ControlPlaneError together, or
 * the first failure that is not a user's problem (a bug or an outage).
 */
function throwAll(failures: readonly unknown[]): void {
  if (failures.length === 0) return;
  const other = failures.find((f) => !(f instanceof ControlPlaneError));
  if (other instanceof Error) throw other;
  if (other !== undefined) throw new Error(`clone failed: ${JSON.stringify(other)}`);
  throw new ControlPlaneError(failures.flatMap((f) => (f as ControlPlaneError).problems));
}

/** One registration's source (see fetchWorkloadSources). */
export async function fetchWorkloadSource(
  registration: WorkloadRegistration,
  options: FetchOptions = { allowLocal: false },
): Promise<Source> {
  const [source] = await fetchWorkloadSources([registration], options);
  return source!;
}

/** The URL git is given, or undefined with a problem when the registration's repo is refused. */
function cloneUrl(
  registration: WorkloadRegistration,
  options: FetchOptions,
  problems: Problem[],
): string | undefined {
  const { repo } = registration.workload;
  if (/^https:\/\/[^/\s]/i.test(repo)) return repo;
  const local = /^file:\/\//i.test(repo) || !/^[a-z][a-z0-9+.-]*:/i.test(repo);
  if (local && !/^-/.test(repo) && !/^[^/]+@[^/]+:/.test(repo)) {
    if (options.allowLocal) return /^file:/i.test(repo) ? repo : pathToFileURL(resolve(repo)).href;
    problems.push({
      ...where(registration),
      message: `spec.workload.repo '${redactUrlCredentials(repo)}' is a local repository: pass --allow-local-workloads to read local paths and file:// URLs (offline use), or pass --workload ${registration.name}=<dir>.`,
    });
    return undefined;
  }
  problems.push({
    ...where(registration),
    message: `spec.workload.repo '${redactUrlCredentials(repo)}' is not an https:// URL: the kalypso CLI reads workload repositories over https:// only (or local ones with --allow-local-workloads). Use the repository's https:// address or pass --workload ${registration.name}=<dir>.`,
  });
  return undefined;
}

/** `spec.workload.path` cleaned, or undefined with a problem when it leaves the repository. */
function registeredPath(
  registration: WorkloadRegistration,
  problems: Problem[],
): string | undefined {
  const raw = registration.workload.path;
  const path = normaliseSourcePath(raw);
  const segments = path === '' ? [] : path.split('/');
  if (isAbsolute(raw.trim()) || segments.some((s) => s === '..')) {
    problems.push({
      ...where(registration),
      message: `spec.workload.path '${raw}' leaves the repository: use a relative path inside it (no '..', not absolute).`,
    });
    return undefined;
  }
  return segments.filter((s) => s !== '' && s !== '.').join('/');
}

async function cloneInto(
  dir: string,
  url: string,
  branch: string,
  paths: string[],
  registration: WorkloadRegistration,
): Promise<void> {
  const protocols = ['-c', 'protocol.allow=never', '-c', 'protocol.https.allow=always'];
  if (url.startsWith('file:')) protocols.push('-c', 'protocol.file.allow=always');
  const git = (args: string[]) =>
    run('git', [...protocols, ...args], {
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PROTOCOL_FROM_USER: '0' },
      timeout: CLONE_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
  const whole = paths.includes('');
  const clone = ['clone', '--quiet', '--depth', '1', '--single-branch', '--branch', branch];
  if (!whole) clone.push('--filter=blob:none', '--sparse');
  try {
    await git([...clone, '--', url, dir]);
    if (!whole) {
      const patterns = new Set<string>();
      for (const path of paths) {
        patterns.add(`/${path}`);
        const parts = path.split('/');
        for (let i = 0; i < parts.length; i++)
          patterns.add(`/${[...parts.slice(0, i), SOURCE_IGNORE_FILE].join('/')}`);
      }
      await git(['-C', dir, 'sparse-checkout', 'set', '--no-cone', '--', ...patterns]);
    }
  } catch (error) {
    const detail = (
      error instanceof Error && 'stderr' in error
        ? String((error as { stderr: unknown }).stderr).trim()
        : String(error)
    ).replace(/\.$/, '');
    throw new ControlPlaneError([
      {
        ...where(registration),
        message: `cannot read ${redactUrlCredentials(registration.workload.repo)} (branch '${branch}'): ${redactUrlCredentials(detail)}. Check the registration's repo and branch, your git credentials, or pass --workload ${registration.name}=<dir>.`,
      },
    ]);
  }
}

function where(registration: WorkloadRegistration): Problem {
  return {
    file: registration.origin.file,
    line: registration.origin.line,
    object: `WorkloadRegistration '${registration.name}'`,
    message: '',
  };
}
