// `kalypso lock` / `kalypso unlock`: add or remove a lock in `.kalypso/locks.yaml` of a working
// tree of the environment branch, with core's edit (`changeLocks`, the same as cd-promote's
// `mode: lock`), print what changed, and with --commit commit the file alone with the
// `Kalypso-Lock*` trailers (docs/decisions/promotion-locks.md). Pushing stays with the user.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import {
  changeLocks,
  describeScope,
  isoSeconds,
  isValidBranchName,
  LOCKS_PATH,
  parseLockScope,
  type EnvironmentBranch,
  type Lock,
  type LockCommand,
  type Reporter,
} from '@kalypso/core';
import { CommandUsageError, findCommand, type ParsedOptions } from './commands.ts';
import { printable, type Terminal } from './terminal.ts';

const git = promisify(execFile);

async function gitOut(dir: string, args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await git('git', ['-C', dir, ...args], { maxBuffer: 1024 * 1024 });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

/**
 * The working tree as an environment branch: reads `.kalypso/locks.yaml` from the folder (the head
 * is the checked-out commit, or `working tree`), writes it in place, and with `commit` commits it
 * alone (other staged or changed files are left out of the commit).
 */
function workingTreeBranch(dir: string, commit: boolean): EnvironmentBranch {
  return {
    async read(path) {
      const head = (await gitOut(dir, ['rev-parse', 'HEAD'])) ?? 'working tree';
      let content: string | undefined;
      try {
        content = await readFile(join(dir, path), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return { head, content };
    },
    async write(change) {
      const file = join(dir, change.path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(`${file}.kalypso-tmp`, change.content);
      await rename(`${file}.kalypso-tmp`, file);
      if (!commit) return { outcome: 'pushed', commit: change.parent };
      await git('git', ['-C', dir, 'add', '--', change.path]);
      await git('git', ['-C', dir, 'commit', '--quiet', '-m', change.message, '--', change.path]);
      const head = await gitOut(dir, ['rev-parse', 'HEAD']);
      return { outcome: 'pushed', commit: head ?? change.parent };
    },
  };
}

/** `environment: INC-4211 (alice, since …, until …)`, for the terminal. */
function lockLine(lock: Lock): string {
  const facts = [
    lock.by,
    lock.since ? `since ${isoSeconds(lock.since)}` : undefined,
    lock.until ? `until ${isoSeconds(lock.until)}` : 'until unlocked',
  ].filter((f) => f !== undefined);
  return printable(`${describeScope(lock.scope)}: ${lock.reason} (${facts.join(', ')})`);
}

/** Runs `kalypso lock` or `kalypso unlock`; returns the exit status. */
export async function lockCommand(
  action: 'lock' | 'unlock',
  values: ParsedOptions,
  terminal: Terminal,
): Promise<number> {
  const command = findCommand(action);
  const environment = values.environment as string | undefined;
  if (!environment) throw new CommandUsageError('--environment is required.', command);
  if (!isValidBranchName(environment))
    throw new CommandUsageError(`--environment '${environment}' is not a branch name.`, command);
  const scope = parseLockScope((values.scope as string | undefined) ?? '');
  if ('problem' in scope) throw new CommandUsageError(`--scope: ${scope.problem}`, command);
  const reason = ((values.reason as string | undefined) ?? '').trim();
  if (action === 'lock' && reason === '')
    throw new CommandUsageError(
      "--reason is required: say why promotions stop (e.g. 'INC-4211: payments outage').",
      command,
    );
  const dir = (values['control-plane'] as string | undefined) ?? '.';
  const commit = values.commit === true;
  if (commit) {
    const branch = await gitOut(dir, ['symbolic-ref', '--short', 'HEAD']);
    if (branch !== environment)
      throw new CommandUsageError(
        `--commit: '${dir}' has ${branch === undefined ? 'no branch' : `branch '${branch}'`} checked out, not '${environment}'. Check out the environment branch (git switch ${environment}) or leave --commit out.`,
        command,
      );
  }
  const by =
    (values.by as string | undefined) ??
    (await gitOut(dir, ['config', 'github.user'])) ??
    (await gitOut(dir, ['config', 'user.name']));
  if (!by)
    throw new CommandUsageError(
      '--by is required (who sets the lock, e.g. your GitHub login); or set git config github.user.',
      command,
    );
  const ask: LockCommand =
    action === 'lock'
      ? {
          action,
          environment,
          scope: scope.scope,
          reason,
          by,
          expires: (values.expires as string | undefined) ?? '',
        }
      : { action, environment, scope: scope.scope, by, ...(reason === '' ? {} : { reason }) };
  const quiet: Reporter = {
    debug: () => {},
    info: () => {},
    warning: () => {},
    error: () => {},
    group: (_title, work) => work(),
  };
  const clock = { now: () => Date.now(), sleep: () => Promise.resolve() };
  const result = await changeLocks(ask, {
    branch: workingTreeBranch(dir, commit),
    clock,
    reporter: quiet,
    maxAttempts: 1,
  });
  const { out } = terminal;
  const file = join(dir, LOCKS_PATH);
  if (result.nothingToUnlock) {
    console.log(`${printable(result.nothingToUnlock)} Nothing changed.`);
    return 0;
  }
  const verb = action === 'lock' ? out.bold('Locked') : out.bold('Unlocked');
  for (const lock of result.locks) console.log(`${verb} ${environment}: ${lockLine(lock)}`);
  console.log(
    commit
      ? `Committed ${file} as ${result.branchCommit.slice(0, 12)} with Kalypso-Lock trailers; push '${environment}' to apply it.`
      : `Wrote ${file}; commit it with the message below (its trailers are the audit trail) and push '${environment}', or run again with --commit.`,
  );
  console.log(
    `Locks of ${environment} now: ${result.remaining.length === 0 ? 'none' : ''}${result.remaining.map((l) => `\n  ${lockLine(l)}`).join('')}`,
  );
  if (!commit)
    console.log(
      `\n${(result.message ?? '')
        .split('\n')
        .map((line) => printable(line))
        .join('\n')}`,
    );
  return 0;
}
