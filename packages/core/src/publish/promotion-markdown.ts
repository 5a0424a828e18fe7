// What a GitOps pull request says about its promotion: the promoted commit (subject, author, the
// compare link from the commit promoted before), the policy behind each assignment and the config
// keys that change. Pure; every list is bounded so the body stays under GitHub's limit.
import { compareBytes, type Assignment } from '../model/schedule.ts';
import type { ClusterTypePreview } from '../render/compare.ts';
import { code, commitLink, count, folded, table, text } from '../markdown/markdown.ts';

/**
 * GitHub refuses pull request bodies over 65,536 characters; stay well under, measured in UTF-8
 * bytes (never fewer than the characters: docs/decisions/inert-output.md).
 */
export const BODY_LIMIT = 60_000;
/** Rows of the assignment and config tables before the rest is only counted. */
export const SHOWN_ROWS = 200;

/** The promoted commit as the control plane knows it. */
export interface PromotedCommitFacts {
  readonly sha: string;
  /** First line of the commit message, and the author's name. */
  readonly subject: string;
  readonly author: string;
}

/** `` [`1a2b3c4`](url) Subject — Author ``; subject and author are escaped, on one line. */
export function promotedCommitLine(controlPlaneUrl: string, facts: PromotedCommitFacts): string {
  // inert: the caller wraps it (text, below)
  const subject = facts.subject.length > 120 ? `${facts.subject.slice(0, 120)}…` : facts.subject;
  return `${commitLink(controlPlaneUrl, facts.sha)} ${text(subject)} — ${text(facts.author)}`;
}

/** The compare view from the commit promoted before to this one; "" when there is none. */
export function compareUrl(controlPlaneUrl: string, previous: string, current: string): string {
  if (previous === '' || current === '' || previous === current) return '';
  return `${controlPlaneUrl}/compare/${previous}...${current}`;
}

/**
 * Why each assignment exists: one row per assignment with the SchedulingPolicies that select it,
 * folded, by cluster type and target. "" when there is none.
 */
export function assignmentReasonsMarkdown(
  assignments: readonly Assignment[],
  shown = SHOWN_ROWS,
): string {
  if (assignments.length === 0) return '';
  // Only the rows shown are made: an environment has up to millions of assignments.
  const rows = [...assignments]
    .sort(
      (a, b) =>
        compareBytes(a.clusterType.name, b.clusterType.name) ||
        compareBytes(a.target.name, b.target.name),
    )
    .slice(0, shown)
    .map((a) => [code(a.clusterType.name), code(a.target.name), a.policies.map(code).join(', ')]);
  const more = assignments.length - shown;
  return folded(`Why each assignment (${count(assignments.length, 'assignment')})`, [
    ...table(
      ['cluster type', 'deployment target', 'selected by policy'],
      [...rows, ...(more > 0 ? [['…', `and ${more} more`, '']] : [])],
    ),
  ]).join('\n');
}

/**
 * The config keys that change against the commit promoted before (compareRenders), old → new,
 * per cluster type. "" when nothing changes or nothing was compared.
 */
export function configChangesMarkdown(
  clusterTypes: readonly ClusterTypePreview[],
  shown = SHOWN_ROWS,
): string {
  const value = (v: string | undefined) => (v === undefined ? '*(absent)*' : code(v));
  const rows = clusterTypes.flatMap((c) =>
    c.config.map((k) => [
      code(c.clusterType),
      code(k.key),
      value(k.before),
      value(k.after),
      String(k.targets.length),
    ]),
  );
  if (rows.length === 0) return '';
  const more = rows.length - shown;
  return folded(`Config keys that change (${rows.length})`, [
    ...table(
      ['cluster type', 'key', 'old', 'new', 'targets'],
      [...rows.slice(0, shown), ...(more > 0 ? [['…', `and ${more} more`, '', '', '']] : [])],
    ),
  ]).join('\n');
}

/**
 * The visible warning of a promotion that skipped the chain (cd-promote's `skip-chain-reason`):
 * who and why, both in code spans, so the reason pings no one and renders no markdown.
 */
export function chainSkipWarning(skip: { actor: string; reason: string }): string {
  return [
    '> [!WARNING]',
    `> **This promotion skipped the promotion chain.** ${code(skip.actor)} promoted the commit without the previous environment reporting it deployed.`,
    `> Reason: ${code(skip.reason)}`,
  ].join('\n');
}
