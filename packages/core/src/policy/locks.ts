import { isMap, isScalar, LineCounter, parseDocument, stringify, type Node } from 'yaml';
import { UserError, type Problem } from '../model/problem.ts';
import { isKubernetesName } from './lock-request.ts';
import { parseDateTime, isoSeconds } from './timezone.ts';
import { clip, PolicyReader } from './yaml-reading.ts';

/**
 * Locks: ad hoc, fast holds on promotions, kept on the environment branch in `.kalypso/locks.yaml`
 * and audited by `Kalypso-Lock:` trailers in `git log` (docs/decisions/promotion-locks.md).
 */
export const LOCKS_PATH = '.kalypso/locks.yaml';

/** What a lock holds: the whole environment, or one cluster type of it. */
export type LockScope =
  | { readonly type: 'environment' }
  | { readonly type: 'cluster-type'; readonly clusterType: string };

export interface Lock {
  readonly scope: LockScope;
  readonly reason: string;
  /** Who set it (a GitHub login); absent only in a hand-written file. */
  readonly by?: string;
  readonly since?: Date;
  /** When it expires by itself; absent: until someone removes it. */
  readonly until?: Date;
  readonly line?: number;
}

/** The locks file of an environment branch, as read. A broken file holds the environment. */
export type LockFile =
  | { readonly state: 'absent' }
  | {
      readonly state: 'read';
      readonly file: string;
      readonly locks: readonly Lock[];
      readonly warnings: readonly Problem[];
    }
  | { readonly state: 'broken'; readonly file: string; readonly problems: readonly Problem[] };

const MAX_LOCK_FILE_CHARS = 256 * 1024;
const MAX_LOCKS = 100;
const LOCK_KEYS = ['scope', 'clusterType', 'reason', 'by', 'since', 'until'];
const CLUSTER_TYPE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;
const EXAMPLE = `locks:\n  - { scope: environment, reason: INC-4211, by: alice, since: 2026-11-25T16:00:00Z }`;

/**
 * Reads `.kalypso/locks.yaml` (`text` undefined: the file does not exist). Any problem makes the
 * file `broken`: promotions of the environment are then held until it is fixed (fail closed).
 */
export function readLockFile(text: string | undefined, file: string = LOCKS_PATH): LockFile {
  if (text === undefined) return { state: 'absent' };
  if (text.length > MAX_LOCK_FILE_CHARS)
    return broken(file, [
      { file, message: `is larger than 256 KiB; a locks file holds at most ${MAX_LOCKS} locks.` },
    ]);
  const lines = new LineCounter();
  const document = parseDocument(text, {
    lineCounter: lines,
    prettyErrors: false,
  });
  if (document.errors.length > 0)
    return broken(
      file,
      document.errors.map((error) => ({
        file,
        line: lines.linePos(error.pos[0]).line,
        message: `is not valid YAML: ${error.message.split('\n')[0]}.`,
      })),
    );
  const reader = new PolicyReader(file, lines);
  const root = document.contents;
  if (root === null || (isScalar(root) && root.value === null))
    return { state: 'read', file, locks: [], warnings: [] };
  if (!isMap(root)) {
    reader.fail(root, undefined, `must be a mapping with the key 'locks', e.g.\n${EXAMPLE}`);
    return broken(file, reader.problems);
  }
  reader.checkKeys(root, ['locks'], undefined, 'the locks file');
  const listNode = reader.value(root, 'locks');
  const locks: Lock[] = [];
  const items = listNode ? (reader.list(listNode, undefined, 'locks', MAX_LOCKS) ?? []) : [];
  items.forEach((item, index) => {
    const lock = readLock(reader, item, index);
    if (lock) locks.push(lock);
  });
  if (reader.problems.length > 0) return broken(file, reader.problems);
  return { state: 'read', file, locks, warnings: reader.warnings };
}

function broken(file: string, problems: readonly Problem[]): LockFile {
  return { state: 'broken', file, problems };
}

function readLock(reader: PolicyReader, node: Node, index: number): Lock | undefined {
  const object = `lock #${index + 1}`;
  const map = reader.mapping(
    node,
    object,
    `locks[${index}]`,
    '{ scope: environment, reason: INC-4211 }',
  );
  if (!map) return undefined;
  const before = reader.problems.length;
  reader.checkKeys(map, LOCK_KEYS, object, 'a lock');
  const text = (key: string, max: number): string | undefined => {
    const value = reader.value(map, key);
    return value ? reader.line(value, object, key, max) : undefined;
  };
  const instant = (key: string): Date | undefined => {
    const value = reader.value(map, key);
    const raw = value ? reader.text(value, object, key) : undefined;
    if (value === undefined || raw === undefined) return undefined;
    if (!/(Z|[+-]\d{2}:\d{2})$/.test(raw.trim())) {
      reader.fail(
        value,
        object,
        `'${key}' must be an instant with a timezone, e.g. 2026-11-26T16:00:00Z.`,
      );
      return undefined;
    }
    const parsed = parseDateTime(raw, 'UTC');
    if ('problem' in parsed) {
      reader.fail(value, object, `'${key}': ${parsed.problem}`);
      return undefined;
    }
    return parsed.date;
  };
  const reason = text('reason', 200);
  if (reader.value(map, 'reason') === undefined)
    reader.fail(map, object, `a lock needs a 'reason' (e.g. the incident: reason: INC-4211).`);
  const by = text('by', 100);
  const since = instant('since');
  const until = instant('until');
  if (since && until && until.getTime() <= since.getTime())
    reader.fail(reader.value(map, 'until'), object, `'until' must be after 'since'.`);

  const scopeText = text('scope', 20);
  const clusterType = text('clusterType', 253);
  let scope: LockScope | undefined;
  if (scopeText === undefined || scopeText === 'environment') {
    if (clusterType !== undefined && scopeText === 'environment')
      reader.fail(
        map,
        object,
        `a lock of scope 'environment' has no 'clusterType'; remove it, or write scope: cluster-type.`,
      );
    else if (clusterType !== undefined) scope = { type: 'cluster-type', clusterType };
    else scope = { type: 'environment' };
  } else if (scopeText === 'cluster-type') {
    if (clusterType === undefined)
      reader.fail(
        map,
        object,
        `a lock of scope 'cluster-type' needs 'clusterType' (the cluster type it holds).`,
      );
    else scope = { type: 'cluster-type', clusterType };
  } else {
    reader.fail(
      reader.value(map, 'scope'),
      object,
      `'scope' is '${clip(scopeText)}'; write environment or cluster-type.`,
    );
  }
  if (clusterType !== undefined && !CLUSTER_TYPE.test(clusterType))
    reader.fail(
      reader.value(map, 'clusterType'),
      object,
      `'clusterType' '${clip(clusterType)}' is not a cluster type name.`,
    );
  if (reader.problems.length > before || !scope || reason === undefined) return undefined;
  const line = reader.lineOf(map);
  return {
    scope,
    reason,
    ...(by !== undefined ? { by } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
    ...(line !== undefined ? { line } : {}),
  };
}

/** Whether `lock` holds at `at`: it has no expiry, or its expiry has not passed. */
export function lockActiveAt(lock: Lock, at: Date): boolean {
  return lock.until === undefined || at.getTime() < lock.until.getTime();
}

/** `environment` or `cluster type 'drone'`, for messages. */
export function describeScope(scope: LockScope): string {
  return scope.type === 'environment' ? 'environment' : `cluster type '${scope.clusterType}'`;
}

function sameScope(a: LockScope, b: LockScope): boolean {
  return (
    a.type === b.type &&
    (a.type === 'environment' || a.clusterType === (b as { clusterType: string }).clusterType)
  );
}

/**
 * The file text for `locks`, in one stable form: a header, then each lock with its keys in the
 * order scope, clusterType, reason, by, since, until; instants in UTC to the second.
 */
export function renderLockFile(locks: readonly Lock[]): string {
  const entries = locks.map((lock) => ({
    scope: lock.scope.type,
    ...(lock.scope.type === 'cluster-type' ? { clusterType: lock.scope.clusterType } : {}),
    reason: lock.reason,
    ...(lock.by !== undefined ? { by: lock.by } : {}),
    ...(lock.since ? { since: isoSeconds(lock.since) } : {}),
    ...(lock.until ? { until: isoSeconds(lock.until) } : {}),
  }));
  return (
    '# Promotion locks of this environment, set with `kalypso lock` and removed with `kalypso unlock`.\n' +
    "# A lock holds promotions of its scope until it is removed or its 'until' has passed.\n" +
    // YAML 1.1 quoting, so that every reader (go-yaml, PyYAML) sees strings, never booleans or dates.
    stringify({ locks: entries }, { lineWidth: 0, compat: 'yaml-1.1' })
  );
}

/** A change to the locks file: its new text and the commit message that records it. */
export interface LockChange {
  readonly text: string;
  readonly message: string;
  readonly locks: readonly Lock[];
  /** The locks added or removed. */
  readonly changed: readonly Lock[];
}

/** What `kalypso lock` (or the lock workflow) asks for. */
export interface LockRequest {
  readonly environment: string;
  readonly scope: LockScope;
  readonly reason: string;
  readonly by: string;
  readonly since: Date;
  readonly until?: Date;
}

/**
 * Adds a lock, or replaces the one with the same scope and reason (a new expiry, a new author).
 * Throws a UserError naming every problem of the request, or when the file is broken.
 */
export function addLock(current: LockFile, request: LockRequest): LockChange {
  const problems = requestProblems(request);
  if (problems.length > 0) throw new UserError(problems.map((p) => p.message).join('\n'), problems);
  const locks = existing(current, request.environment);
  const lock: Lock = {
    scope: request.scope,
    reason: request.reason.trim(),
    by: request.by.trim(),
    since: request.since,
    ...(request.until ? { until: request.until } : {}),
  };
  const kept = locks.filter((l) => !(sameScope(l.scope, lock.scope) && l.reason === lock.reason));
  const next = [...kept, lock].map(withoutLine);
  return {
    text: renderLockFile(next),
    message: lockCommitMessage('add', request.environment, [lock], lock.by!),
    locks: next,
    changed: [lock],
  };
}

/** What `kalypso unlock` asks for: the locks of a scope, or only the one with `reason`. */
export interface UnlockRequest {
  readonly environment: string;
  readonly scope: LockScope;
  readonly reason?: string;
  readonly by: string;
}

/** `removeLocks` found no lock to remove: the message says which locks there are. */
export class NoMatchingLock extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'NoMatchingLock';
  }
}

/** Removes the matching locks; throws NoMatchingLock when none matches, a UserError when the file is broken. */
export function removeLocks(current: LockFile, request: UnlockRequest): LockChange {
  const locks = existing(current, request.environment);
  const matches = (l: Lock) =>
    sameScope(l.scope, request.scope) &&
    (request.reason === undefined || l.reason === request.reason.trim());
  const removed = locks.filter(matches);
  if (removed.length === 0) {
    const held = locks.map((l) => `${describeScope(l.scope)}: ${l.reason}`).join('; ');
    throw new NoMatchingLock(
      `No lock of ${describeScope(request.scope)}${request.reason !== undefined ? ` with reason '${clip(request.reason)}'` : ''} in '${request.environment}'. ${held ? `Its locks: ${held}.` : 'It has no locks.'}`,
    );
  }
  const next = locks.filter((l) => !matches(l)).map(withoutLine);
  return {
    text: renderLockFile(next),
    message: lockCommitMessage('remove', request.environment, removed, request.by.trim()),
    locks: next,
    changed: removed,
  };
}

/** Removes the locks whose expiry has passed (the sweeper's tidy-up), or undefined when none. */
export function removeExpiredLocks(
  current: LockFile,
  environment: string,
  now: Date,
): LockChange | undefined {
  if (current.state !== 'read') return undefined;
  const expired = current.locks.filter((l) => !lockActiveAt(l, now));
  if (expired.length === 0) return undefined;
  const next = current.locks.filter((l) => lockActiveAt(l, now)).map(withoutLine);
  return {
    text: renderLockFile(next),
    message: lockCommitMessage('expire', environment, expired, 'kalypso'),
    locks: next,
    changed: expired,
  };
}

function existing(current: LockFile, environment: string): readonly Lock[] {
  if (current.state === 'absent') return [];
  if (current.state === 'broken')
    throw new UserError(
      `${current.file} on branch '${environment}' does not parse, so nothing was changed; fix or delete it first:\n` +
        current.problems.map((p) => `  ${p.line ? `line ${p.line}: ` : ''}${p.message}`).join('\n'),
      current.problems,
    );
  return current.locks;
}

function withoutLine(lock: Lock): Lock {
  const { line: _line, ...rest } = lock;
  return rest;
}

function requestProblems(request: LockRequest): Problem[] {
  const problems: Problem[] = [];
  const oneLine = (value: string, field: string, max: number) => {
    const v = value.trim();
    if (v.length === 0 || v.length > max || /[\u0000-\u001f\u007f]/.test(v))
      problems.push({ message: `The lock's ${field} must be one line of 1 to ${max} characters.` });
  };
  oneLine(request.reason, 'reason', 200);
  oneLine(request.by, 'author', 100);
  if (request.scope.type === 'cluster-type' && !isKubernetesName(request.scope.clusterType))
    problems.push({
      message: `'${clip(request.scope.clusterType)}' is not a cluster type name (a Kubernetes name: lower-case letters, digits, '-' and '.', at most 253 characters).`,
    });
  if (request.until && request.until.getTime() <= request.since.getTime())
    problems.push({
      message: `The lock's expiry (${isoSeconds(request.until)}) must be after now (${isoSeconds(request.since)}).`,
    });
  return problems;
}

/**
 * The commit message of a lock change, with trailers for the audit trail in `git log`:
 * `Kalypso-Lock: add|remove|expire`, then per lock `Kalypso-Lock-Scope`, `Kalypso-Lock-Reason`,
 * `Kalypso-Lock-Until` (add), and one `Kalypso-Lock-By` (who made the change).
 */
export function lockCommitMessage(
  action: 'add' | 'remove' | 'expire',
  environment: string,
  locks: readonly Lock[],
  by: string,
): string {
  const verb = action === 'add' ? 'Lock' : action === 'remove' ? 'Unlock' : 'Expire locks of';
  const first = locks[0];
  const scopeText =
    first && first.scope.type === 'cluster-type'
      ? ` (cluster type ${first.scope.clusterType})`
      : '';
  const what =
    locks.length === 1 && first ? `${scopeText}: ${first.reason}` : `: ${locks.length} locks`;
  const subject = clip(`${verb} ${environment}${what}`, 100);
  const body =
    action === 'add'
      ? `Promotions of ${first ? describeScope(first.scope) : 'environment'} '${environment}' are held${first?.until ? ` until ${isoSeconds(first.until)}` : ' until it is unlocked'}.`
      : action === 'remove'
        ? `Promotions of '${environment}' are no longer held by ${locks.length === 1 ? 'this lock' : 'these locks'}.`
        : `These locks of '${environment}' had expired.`;
  const trailers = [`Kalypso-Lock: ${action}`];
  for (const lock of locks) {
    trailers.push(
      `Kalypso-Lock-Scope: ${lock.scope.type === 'environment' ? 'environment' : `cluster-type/${lock.scope.clusterType}`}`,
      `Kalypso-Lock-Reason: ${lock.reason}`,
    );
    if (action === 'add' && lock.until)
      trailers.push(`Kalypso-Lock-Until: ${isoSeconds(lock.until)}`);
  }
  trailers.push(`Kalypso-Lock-By: ${by}`);
  return `${subject}\n\n${body}\n\n${trailers.join('\n')}\n`;
}
