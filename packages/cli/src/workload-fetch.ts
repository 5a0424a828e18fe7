import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Source, WorkloadRegistration } from '@kalypso/core';
import { readSourceDir } from './fs-source.ts';

const run = promisify(execFile);

/**
 * Reads a registration's repository at its branch head (shallow, read-only) with the user's own
 * git credentials, and returns the files under its path. The clone is deleted afterwards.
 */
export async function fetchWorkloadSource(registration: WorkloadRegistration): Promise<Source> {
  const { repo, branch, path } = registration.workload;
  const dir = await mkdtemp(join(tmpdir(), 'kalypso-workload-'));
  try {
    await run(
      'git',
      ['clone', '--quiet', '--depth', '1', '--single-branch', '--branch', branch, '--', repo, dir],
      {
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
      },
    ).catch((error: unknown) => {
      const detail =
        error instanceof Error && 'stderr' in error
          ? String((error as { stderr: unknown }).stderr).trim()
          : String(error);
      throw new Error(
        `WorkloadRegistration '${registration.name}': cannot read ${repo} (branch '${branch}'): ${detail}. Check the registration's repo and branch, your git credentials, or pass --workload ${registration.name}=<dir>.`,
      );
    });
    const relative = path.replace(/^\.\//, '').replace(/\/$/, '') || '.';
    return await readSourceDir(
      join(dir, relative),
      { kind: 'workload', registration: registration.name },
      `${repo}@${branch}:${relative}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
