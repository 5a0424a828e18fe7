// `lock` and `unlock`: one commit on the environment branch that changes `.kalypso/locks.yaml`,
// with `Kalypso-Lock*` trailers for the audit trail (docs/decisions/promotion-locks.md). The edit
// itself is pure (policy/locks.ts); this use case reads, edits and writes with compare-and-swap,
// re-reading and re-applying the edit when another writer moved the branch.
import { ControlPlaneError, UserError } from '../model/problem.ts';
import {
  addLock,
  describeScope,
  LOCKS_PATH,
  NoMatchingLock,
  readLockFile,
  removeLocks,
  type Lock,
  type LockChange,
  type LockScope,
} from '../policy/locks.ts';
import { parseLockExpiry } from '../policy/lock-request.ts';
import type { Clock, Reporter } from '../ports.ts';
import { withRetry } from '../retry.ts';
import type { EnvironmentBranch } from './promote.ts';

export type LockCommand =
  | {
      readonly action: 'lock';
      readonly environment: string;
      readonly scope: LockScope;
      readonly reason: string;
      /** Who sets it (a GitHub login, or the git user of the CLI). */
      readonly by: string;
      /**
       * When it expires by itself: a duration from now (`4h`), an instant with a timezone
       * (`2026-11-26T18:00:00Z`), or empty/undefined: until unlocked.
       */
      readonly expires?: string;
    }
  | {
      readonly action: 'unlock';
      readonly environment: string;
      readonly scope: LockScope;
      /** Only the lock of the scope with this reason; undefined: every lock of the scope. */
      readonly reason?: string;
      readonly by: string;
    };

export interface LockCommandResult {
  readonly action: LockCommand['action'];
  readonly environment: string;
  readonly scope: LockScope;
  /** Whether a commit was pushed (unlock without a matching lock: false). */
  readonly changed: boolean;
  /** The environment branch commit with the change (or the head, when nothing changed). */
  readonly branchCommit: string;
  /** The locks added or removed. */
  readonly locks: readonly Lock[];
  /** Every lock of the environment after the change. */
  readonly remaining: readonly Lock[];
  /** Unlock found nothing to remove: why (which locks there are). */
  readonly nothingToUnlock?: string;
  /** The commit message (with its trailers); undefined when nothing changed. */
  readonly message?: string;
  readonly attempts: number;
}

export interface LockCommandPorts {
  readonly branch: EnvironmentBranch;
  readonly clock: Clock;
  readonly reporter: Reporter;
  /** Attempts to land the commit when the branch keeps moving; default 5. */
  readonly maxAttempts?: number;
  /** Backoff after the first lost race, doubled each time; default 1000 ms. */
  readonly baseDelayMs?: number;
}

/** The push lost a race: another writer moved the branch (expected; re-read and retry). */
class BranchMoved extends Error {}

/**
 * Adds or removes a lock of `command.environment` as one commit on its branch. A lock writes
 * `since` = now; a locks file that does not parse is left alone (UserError: fix or delete it
 * first); an unlock that matches no lock changes nothing and says which locks there are.
 */
export async function changeLocks(
  command: LockCommand,
  ports: LockCommandPorts,
): Promise<LockCommandResult> {
  const { environment } = command;
  const { branch, reporter, clock } = ports;
  const maxAttempts = ports.maxAttempts ?? 5;
  const verb = command.action === 'lock' ? 'Locking' : 'Unlocking';
  const since = new Date(clock.now());
  let until: Date | undefined;
  if (command.action === 'lock') {
    const expiry = parseLockExpiry(command.expires ?? '', since);
    if ('problem' in expiry)
      throw new UserError(
        `Cannot lock '${environment}': the ${expiry.problem.replace(/^expiry:? ?/, 'expiry ')}`,
      );
    until = expiry.until;
  }
  return reporter.group(`${verb} ${describeScope(command.scope)} '${environment}'`, async () => {
    const attempt = async (attempt: number): Promise<LockCommandResult> => {
      const current = await branch.read(LOCKS_PATH);
      if (!current)
        throw new ControlPlaneError([
          {
            message: `the environment branch '${environment}' does not exist: check the environment's name (it is the branch that holds ${LOCKS_PATH}).`,
          },
        ]);
      const file = readLockFile(current.content);
      let change: LockChange;
      try {
        change =
          command.action === 'lock'
            ? addLock(file, {
                environment,
                scope: command.scope,
                reason: command.reason,
                by: command.by,
                since,
                ...(until ? { until } : {}),
              })
            : removeLocks(file, {
                environment,
                scope: command.scope,
                by: command.by,
                ...(command.reason !== undefined ? { reason: command.reason } : {}),
              });
      } catch (error) {
        if (!(error instanceof NoMatchingLock)) throw error;
        reporter.warning(`${error.message} Nothing was changed.`);
        return {
          ...{ action: command.action, environment, scope: command.scope },
          changed: false,
          branchCommit: current.head,
          locks: [],
          remaining: file.state === 'read' ? file.locks : [],
          nothingToUnlock: error.message,
          attempts: attempt,
        };
      }
      const written = await branch.write({
        parent: current.head,
        path: LOCKS_PATH,
        content: change.text,
        message: change.message,
      });
      if (written.outcome !== 'pushed') throw new BranchMoved();
      reporter.info(
        `Committed ${LOCKS_PATH} to '${environment}' as ${written.commit.slice(0, 7)}: ${change.message.split('\n')[0]}.`,
      );
      return {
        ...{ action: command.action, environment, scope: command.scope },
        changed: true,
        branchCommit: written.commit,
        locks: change.changed,
        remaining: change.locks,
        message: change.message,
        attempts: attempt,
      };
    };
    try {
      return await withRetry(`push ${LOCKS_PATH} to ${environment}`, attempt, {
        clock,
        reporter,
        policy: {
          maxAttempts,
          baseDelayMs: ports.baseDelayMs ?? 1000,
          maxDelayMs: Number.POSITIVE_INFINITY,
          maxServerDelayMs: 0,
        },
        classify: (error) => ({
          retry: error instanceof BranchMoved,
          description: 'the branch moved',
        }),
      });
    } catch (error) {
      if (!(error instanceof BranchMoved)) throw error;
      throw new UserError(
        `Branch '${environment}' kept moving: ${maxAttempts} attempts to commit ${LOCKS_PATH} lost the race. Run it again.`,
      );
    }
  });
}
