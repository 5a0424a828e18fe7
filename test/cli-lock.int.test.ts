// `kalypso lock` / `kalypso unlock` as users run them, on a working tree of an environment branch:
// the edit of `.kalypso/locks.yaml` (core's, as cd-promote's `mode: lock`), what is printed, and
// with --commit one commit of the file alone with the `Kalypso-Lock*` trailers.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = join(resolve(import.meta.dirname, '..'), 'packages', 'cli', 'bin', 'kalypso.js');

async function kalypso(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const gitIn = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();

/** A clone with branch `prod` checked out, one commit, and an unrelated change left unstaged. */
function environmentTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kalypso-lock-'));
  gitIn(dir, 'init', '--quiet', '--initial-branch', 'prod');
  gitIn(dir, 'config', 'user.name', 'Alice Example');
  gitIn(dir, 'config', 'user.email', 'alice@example.com');
  gitIn(dir, 'config', 'github.user', 'alice');
  writeFileSync(join(dir, 'gitops-repo.yaml'), 'kind: GitOpsRepo\n');
  gitIn(dir, 'add', '.');
  gitIn(dir, 'commit', '--quiet', '-m', 'init');
  writeFileSync(join(dir, 'gitops-repo.yaml'), 'kind: GitOpsRepo # edited\n');
  return dir;
}

describe('kalypso lock / unlock', () => {
  it('locks with --commit: the file alone, with the trailers, by the git config github.user', async () => {
    const dir = environmentTree();
    const locked = await kalypso(
      dir,
      ...['lock', '--environment', 'prod', '--reason', 'INC-4211: payments outage'],
      ...['--expires', '4h', '--commit'],
    );
    expect(locked.stderr).toBe('');
    expect(locked.code).toBe(0);
    expect(locked.stdout).toMatch(
      /^Locked prod: environment: INC-4211: payments outage \(alice, since \S+Z, until \S+Z\)\nCommitted .*\.kalypso\/locks\.yaml as [0-9a-f]{12} with Kalypso-Lock trailers; push 'prod' to apply it\./,
    );
    expect(gitIn(dir, 'log', '-1', '--format=%B')).toMatch(
      /^Lock prod: INC-4211: payments outage\n\nPromotions of environment 'prod' are held until \S+Z\.\n\nKalypso-Lock: add\nKalypso-Lock-Scope: environment\nKalypso-Lock-Reason: INC-4211: payments outage\nKalypso-Lock-Until: \S+Z\nKalypso-Lock-By: alice$/,
    );
    expect(gitIn(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('.kalypso/locks.yaml');
    // The unrelated change is still there, uncommitted.
    expect(gitIn(dir, 'status', '--porcelain')).toBe('M gitops-repo.yaml');

    const unlocked = await kalypso(
      dir,
      'unlock',
      '--environment',
      'prod',
      '--by',
      'bob',
      '--commit',
    );
    expect(unlocked.code, unlocked.stderr).toBe(0);
    expect(unlocked.stdout).toContain('Unlocked prod: environment: INC-4211: payments outage');
    expect(unlocked.stdout).toContain('Locks of prod now: none');
    expect(gitIn(dir, 'log', '-1', '--format=%B')).toContain(
      'Kalypso-Lock: remove\nKalypso-Lock-Scope: environment\nKalypso-Lock-Reason: INC-4211: payments outage\nKalypso-Lock-By: bob',
    );
    const nothing = await kalypso(dir, 'unlock', '--environment', 'prod');
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toBe(
      "No lock of environment in 'prod'. It has no locks. Nothing changed.\n",
    );
  });

  it('without --commit writes the file and prints the commit message to use', async () => {
    const dir = environmentTree();
    const locked = await kalypso(
      dir,
      ...['lock', '--environment', 'prod', '--scope', 'drone', '--reason', 'firmware'],
      ...['--by', 'carol'],
    );
    expect(locked.code, locked.stderr).toBe(0);
    expect(locked.stdout).toContain("Locked prod: cluster type 'drone': firmware (carol, since");
    expect(locked.stdout).toContain(
      'Kalypso-Lock: add\nKalypso-Lock-Scope: cluster-type/drone\nKalypso-Lock-Reason: firmware\nKalypso-Lock-By: carol\n',
    );
    expect(readFileSync(join(dir, '.kalypso', 'locks.yaml'), 'utf8')).toMatch(
      /- scope: cluster-type\n {4}clusterType: drone\n {4}reason: firmware\n {4}by: carol\n/,
    );
    expect(gitIn(dir, 'log', '--format=%s')).toBe('init');
  });

  it('refuses a missing reason, a scope that is not a name, a past expiry and the wrong branch', async () => {
    const dir = environmentTree();
    const noReason = await kalypso(dir, 'lock', '--environment', 'prod');
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason is required');
    const badScope = await kalypso(
      dir,
      'lock',
      '--environment',
      'prod',
      '--reason',
      'x',
      '--scope',
      'Drone_1',
    );
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain(
      "--scope: scope 'Drone_1' is neither 'environment' nor a cluster type name",
    );
    const past = await kalypso(
      dir,
      ...['lock', '--environment', 'prod', '--reason', 'x', '--expires', '2020-01-01T00:00:00Z'],
    );
    expect(past.code).toBe(1);
    expect(past.stderr).toContain(
      "Cannot lock 'prod': the expiry 2020-01-01T00:00:00Z is not in the future",
    );
    const wrong = await kalypso(dir, 'lock', '--environment', 'stage', '--reason', 'x', '--commit');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("has branch 'prod' checked out, not 'stage'");
    expect(gitIn(dir, 'log', '--format=%s')).toBe('init');
    expect(gitIn(dir, 'status', '--porcelain')).toBe('M gitops-repo.yaml');
  });
});
