import Mustache from 'mustache';
import { PLAN_PATHS_KEPT, PLAN_TARGETS_KEPT, planCounts, type Plan } from '../gitops/plan.ts';
import type { ClusterTypePreview } from '../render/compare.ts';
import { code, count, folded, inertText, table } from '../markdown/markdown.ts';
import { UserError } from '../model/problem.ts';
import { appendAll } from '../model/append.ts';

/** What message templates (PR title/body, commit message) can refer to. */
export interface MessageView {
  readonly environment: string;
  /** The GitOps base branch and our PR branch. */
  readonly base: string;
  readonly branch: string;
  readonly promotedCommit: string;
  readonly promotedCommitShort: string;
  readonly promoted: boolean;
  readonly assignments: number;
  readonly filesAdded: number;
  readonly filesChanged: number;
  readonly filesRemoved: number;
  /** The human-readable plan (markdown). */
  readonly plan: string;
  readonly controlPlaneRepository: string;
  readonly runUrl: string;
  /** The promoted commit's page; "" when there is no promoted commit. */
  readonly promotedCommitUrl: string;
  /** Its subject and author (escaped, one line); "" when the control plane could not tell. */
  readonly promotedCommitSubject: string;
  readonly promotedCommitAuthor: string;
  /** `` [`1a2b3c4`](url) Subject — Author ``; "" without subject and author. */
  readonly promotedCommitLine: string;
  /** The commit the GitOps branch promoted before (its tracking file); "" when unknown. */
  readonly previousPromotedCommit: string;
  readonly previousPromotedCommitShort: string;
  /** The compare view previous...promoted; "" when either is unknown or they are the same. */
  readonly compareUrl: string;
  /** Folded table: the SchedulingPolicies behind each assignment (markdown); "" when none. */
  readonly assignmentReasons: string;
  /** Folded table: config keys that change against the previous promotion, old → new; "" when none. */
  readonly configChanges: string;
  /**
   * What the pull request promotes, one line of plain text for the title: `promote 1a2b3c4:
   * Subject`, `config change: KEY, KEY`, or `configuration or workload change`.
   */
  readonly promotes: string;
}

/**
 * The original's PR title, kept as the prefix so that existing notifications and searches keep
 * working, then what the pull request promotes (docs/decisions/gitops-pr-title.md).
 */
export const DEFAULT_TITLE_TEMPLATE =
  'Update manifests in {{base}} from {{branch}}{{#promotes}}: {{promotes}}{{/promotes}}';

/** GitHub refuses pull request titles longer than 256 characters. */
export const TITLE_LIMIT = 256;
/** The commit subject's share of the title, at most (the prefix and the short id need the rest). */
const TITLE_SUBJECT_LIMIT = 120;
/** Config keys named in the title, at most; the rest are counted. */
const TITLE_KEYS = 3;

/** One line of plain text: control characters and runs of white space become one space. */
function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
}

/** `value` cut to `limit` characters (code points), with `…` when cut. */
function clip(value: string, limit: number): string {
  const chars = [...value];
  return chars.length <= limit ? value : `${chars.slice(0, limit - 1).join('')}…`;
}

/**
 * The `promotes` field: the promoted commit and its subject when the pull request moves the
 * tracking file, else the config keys that change, else a configuration or workload change.
 */
export function promotesOf(
  promoted: boolean,
  promotedCommit: string,
  subject: string | undefined,
  configChanges: readonly ClusterTypePreview[] = [],
): string {
  if (promoted && promotedCommit !== '') {
    const line = clip(oneLine(subject ?? ''), TITLE_SUBJECT_LIMIT);
    return `promote ${promotedCommit.slice(0, 7)}${line ? `: ${line}` : ''}`;
  }
  const keys = [
    ...new Set(configChanges.flatMap((c) => c.config.map((k) => oneLine(k.key)))),
  ].filter((k) => k !== '');
  if (keys.length === 0) return 'configuration or workload change';
  const shown = keys.slice(0, TITLE_KEYS).map((k) => clip(k, 60));
  const more = keys.length - shown.length;
  return `config change: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The title template rendered as GitHub takes a title: one line, no credential of a URL, no
 * mention that pings, at most TITLE_LIMIT characters (cut with `…`).
 */
export function titleOf(template: string, view: MessageView): string {
  return clip(inertText(oneLine(renderMessage(template, view))), TITLE_LIMIT);
}

export const DEFAULT_BODY_TEMPLATE = `This PR updates the manifests in GitOps Repo for the **{{environment}}** environment.

{{#promoted}}Promotes control-plane commit \`{{promotedCommit}}\`.{{/promoted}}{{^promoted}}No new promoted commit: the change comes from the environment's configuration or the workloads.{{/promoted}}
{{#promotedCommitLine}}{{promotedCommitLine}}{{#compareUrl}} · [changes since \`{{previousPromotedCommitShort}}\`]({{compareUrl}}){{/compareUrl}}
{{/promotedCommitLine}}{{assignments}} assignments; files: {{filesAdded}} added, {{filesChanged}} changed, {{filesRemoved}} removed.

{{plan}}

{{#configChanges}}{{configChanges}}

{{/configChanges}}{{#assignmentReasons}}{{assignmentReasons}}

{{/assignmentReasons}}{{#runUrl}}Rendered by [this run]({{runUrl}}) from {{controlPlaneRepository}}.{{/runUrl}}`;

export const DEFAULT_COMMIT_TEMPLATE = `Kalypso: render {{environment}}{{#promoted}} at {{promotedCommitShort}}{{/promoted}}

{{assignments}} assignments; files: {{filesAdded}} added, {{filesChanged}} changed, {{filesRemoved}} removed.{{#promotedCommit}}
Promoted-Commit-Id: {{promotedCommit}}{{/promotedCommit}}`;

/**
 * Renders a user-facing message template (mustache, logic-less: no code runs). Values are not
 * HTML-escaped: titles, bodies and commit messages are markdown or plain text.
 */
export function renderMessage(template: string, view: MessageView): string {
  return Mustache.render(template, view, {}, { escape: (value: unknown) => String(value) });
}

/** Throws with the template's name when a template does not parse (checked before any write). */
export function checkMessageTemplate(name: string, template: string): void {
  try {
    Mustache.parse(template);
  } catch (error) {
    throw new UserError(
      // inert: not markdown (an error message: the runner log and `fail` make it inert)
      `The '${name}' template does not parse: ${error instanceof Error ? error.message : String(error)}. Fix the input (mustache syntax: {{name}}, {{#flag}}…{{/flag}}).`,
      undefined,
      { cause: error },
    );
  }
}

/** The plan as markdown: assignments added/removed per cluster type, then the files. */
export function planMarkdown(plan: Plan, maxFiles = PLAN_PATHS_KEPT): string {
  const lines: string[] = [];
  if (plan.clusterTypes.length > 0) {
    appendAll(
      lines,
      table(
        ['cluster type', 'assignments added', 'assignments removed', 're-rendered', 'files'],
        plan.clusterTypes.map((c) => [
          code(c.clusterType),
          list(c.assignmentsAdded, c.counts?.assignmentsAdded),
          list(c.assignmentsRemoved, c.counts?.assignmentsRemoved),
          list(c.assignmentsChanged, c.counts?.assignmentsChanged),
          String(c.filesChanged),
        ]),
      ),
    );
  }
  const files = [
    ...plan.added.map((p) => `A ${p}`),
    ...plan.changed.map((p) => `M ${p}`),
    ...plan.removed.map((p) => `D ${p}`),
  ];
  // A bounded plan keeps the first PLAN_PATHS_KEPT paths of each list: enough for the first
  // maxFiles (at most that many) of all, which are the ones shown.
  const counts = planCounts(plan);
  const total = counts.added + counts.changed + counts.removed;
  if (total > 0) {
    const shown = files.slice(0, plan.counts ? Math.min(maxFiles, PLAN_PATHS_KEPT) : maxFiles);
    const more = total - shown.length;
    appendAll(
      lines,
      [''],
      folded(count(total, 'file'), [
        '```',
        ...shown,
        ...(more > 0 ? [`… and ${more} more`] : []),
        '```',
      ]),
    );
  }
  return lines.join('\n');
}

/** The first PLAN_TARGETS_KEPT items and how many more (of `total`: a bounded plan's count). */
function list(items: readonly string[], total = items.length): string {
  if (total === 0) return '–';
  const shown = items.slice(0, PLAN_TARGETS_KEPT).map((i) => `\`${i}\``);
  return total > PLAN_TARGETS_KEPT
    ? `${shown.join(', ')} and ${total - PLAN_TARGETS_KEPT} more`
    : shown.join(', ');
}
