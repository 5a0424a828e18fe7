// What a refused push means. A refusal because the branch moved is expected: the caller re-reads
// and tries again. A refusal by the server's rules (a protected branch, a ruleset, a pre-receive
// hook such as push protection) is permanent: trying again changes nothing, so it is reported
// after one attempt with GitHub's own words and what to do (docs/decisions/gitops-target-guard.md).
import { GitHubAccessError } from '../errors.ts';

/** Client-side refusals (`[rejected]`, lease not held) and server-side ref races. */
const MOVED =
  /\[rejected\]|non-fast-forward|fetch first|stale info|cannot lock ref|failed to update ref|incorrect old value/;

/** A ref the server refused (porcelain `!` line or the human-readable form). */
const REMOTE_REJECTED = /\[remote rejected\](?: \(([^)\n]*)\))?/;

/** At most this many of the server's lines, each at most this many characters, go into the message. */
const MAX_LINES = 6;
const MAX_LINE = 200;

export type PushRefusal =
  | { readonly kind: 'moved' }
  | { readonly kind: 'refused'; readonly reason: string; readonly lines: readonly string[] };

/**
 * Reads a failed push's output (`--porcelain` stdout and stderr together): `moved` when the branch
 * moved (or the lease no longer held), `refused` when the server's rules turned it down, undefined
 * when it is neither (a network or access failure: the caller's usual translation applies).
 */
export function classifyPushRefusal(output: string): PushRefusal | undefined {
  const remote = REMOTE_REJECTED.exec(output);
  if (remote) {
    const reason = (remote[1] ?? '').trim();
    if (MOVED.test(reason)) return { kind: 'moved' };
    return { kind: 'refused', reason, lines: remoteLines(output) };
  }
  return MOVED.test(output) ? { kind: 'moved' } : undefined;
}

/** The server's `remote:` lines that say why, without the prefixes, bounded. */
function remoteLines(output: string): string[] {
  const lines: string[] = [];
  for (const raw of output.split('\n')) {
    const match = /^remote:\s?(.*)$/.exec(raw.trimEnd());
    if (!match) continue;
    const text = match[1]!.replace(/^error:\s*/, '').trim();
    // Printable text only: no control characters from the server reach the runner log.
    const clean = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
    if (clean === '' || /^-+$/.test(clean)) continue;
    lines.push(clean.length > MAX_LINE ? `${clean.slice(0, MAX_LINE - 1)}…` : clean);
    if (lines.length === MAX_LINES) break;
  }
  return lines;
}

/** What to do about a permanent refusal, by what the server said. */
function advice(refusal: Extract<PushRefusal, { kind: 'refused' }>, tokenInput: string): string {
  const said = `${refusal.reason} ${refusal.lines.join(' ')}`;
  if (/GH009|secret/i.test(said)) {
    return 'Push protection found a secret in the commit: remove it from the repository content the commit is made from.';
  }
  if (/GH013|rule violations/i.test(said)) {
    return `A repository ruleset protects the branch: add the token's actor (the GitHub App, or the user of the token in '${tokenInput}') to the ruleset's bypass list, or let the ruleset allow this change.`;
  }
  if (/GH006|protected branch/i.test(said)) {
    return `The branch is protected: let the token's actor bypass it (branch protection "Allow specified actors to bypass required pull requests", or a ruleset's bypass list), or pass in '${tokenInput}' a token whose actor may push to it.`;
  }
  return `A server-side hook refused the push: read GitHub's reason above and change the repository's rules or the token in '${tokenInput}'.`;
}

/** The error for a permanent refusal: what was refused, GitHub's words, what to do. */
export function pushRefusedError(
  activity: string,
  repository: string,
  tokenInput: string,
  refusal: Extract<PushRefusal, { kind: 'refused' }>,
): GitHubAccessError {
  const said =
    refusal.lines.length > 0 ? refusal.lines.join(' ') : refusal.reason || 'no reason given';
  return new GitHubAccessError(
    `${activity} in '${repository}' was refused by GitHub (GitHub: "${said}"). ${advice(refusal, tokenInput)} Nothing was retried: the same push would be refused again.`,
  );
}
