// Branch protection on git pushes, as GitHub enforces it: a push to a protected branch that
// requires a pull request is refused (GH006 "Changes must be made through a pull request."), one
// whose commit lacks a required status check is refused (GH006 "Required status check … is
// expected."), a force-push or a deletion of a protected branch is refused, unless the pushing
// actor is on the rule's bypass list. The local server passes the rules of the repository to a
// pre-receive hook (the refusal then reaches the client as GitHub's does: `remote:` lines and a
// `[remote rejected]` ref).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedStatus, RepoSettings } from './state.ts';

/** The environment variable the hook reads: one rule per line, tab-separated. */
export const PUSH_RULES_VARIABLE = 'LOCAL_GITHUB_PUSH_RULES';

const HOOK = `#!/bin/sh
# pre-receive of the local GitHub: refuses pushes to protected branches (see push-rules.ts).
zero=0000000000000000000000000000000000000000
refused=0
while read -r old new ref; do
  rule=$(printf '%s\\n' "$${PUSH_RULES_VARIABLE}" | awk -F '\\t' -v r="$ref" '$1 == r { print; exit }')
  [ -z "$rule" ] && continue
  pr=$(printf '%s' "$rule" | cut -f2)
  checks=$(printf '%s' "$rule" | cut -f3)
  passing=$(printf '%s' "$rule" | cut -f4)
  why=""
  if [ "$new" = "$zero" ]; then
    why="Cannot delete this branch"
  elif [ "$old" != "$zero" ] && ! git merge-base --is-ancestor "$old" "$new" 2>/dev/null; then
    why="Cannot force-push to this branch"
  elif [ "$pr" = "1" ]; then
    why="Changes must be made through a pull request."
  elif [ -n "$checks" ] && ! printf '%s' ",$passing," | grep -q ",$new,"; then
    why=$(printf '%s' "$checks" | awk -F ',' '{ for (i = 1; i <= NF; i++) printf "Required status check \\"%s\\" is expected.\\n", $i }')
  fi
  if [ -n "$why" ]; then
    echo "error: GH006: Protected branch update failed for $ref." >&2
    printf '%s\\n' "$why" | sed 's/^/error: /' >&2
    refused=1
  fi
done
exit $refused
`;

/** Writes the hook once into `directory` (its own folder, outside every repository). */
export function installPushHook(directory: string): string {
  mkdirSync(directory, { recursive: true });
  const file = join(directory, 'pre-receive');
  writeFileSync(file, HOOK);
  chmodSync(file, 0o755);
  return directory;
}

/**
 * The rules of one repository for a push by `login`, as the hook reads them: branch ref, pull
 * request required (1/0), required contexts, and the commits on which every required context's
 * newest status is `success`. A rule whose bypass list names the actor is left out.
 */
export function pushRules(
  settings: RepoSettings,
  statuses: readonly RecordedStatus[],
  login: string,
): string {
  const lines: string[] = [];
  for (const [branch, rule] of Object.entries(settings.protection)) {
    if (rule.bypass_actors?.includes(login)) continue;
    const checks = rule.required_status_checks ?? [];
    const passing = checks.length === 0 ? [] : commitsPassing(statuses, checks);
    const pr = rule.required_approving_review_count !== undefined ? '1' : '0';
    lines.push([`refs/heads/${branch}`, pr, checks.join(','), passing.join(',')].join('\t'));
  }
  return lines.join('\n');
}

/** Commits whose newest status of every context in `checks` is `success` (contexts compare case-insensitively). */
function commitsPassing(statuses: readonly RecordedStatus[], checks: readonly string[]): string[] {
  const newest = new Map<string, RecordedStatus>();
  for (const status of statuses) {
    const key = `${status.sha}\n${status.context.toLowerCase()}`;
    const seen = newest.get(key);
    if (!seen || status.id > seen.id) newest.set(key, status);
  }
  const shas = new Set(statuses.map((s) => s.sha));
  return [...shas].filter((sha) =>
    checks.every((c) => newest.get(`${sha}\n${c.toLowerCase()}`)?.state === 'success'),
  );
}
