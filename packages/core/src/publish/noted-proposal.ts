// What a schedule run proposed, noted next to the render index (docs/decisions/unchanged-inputs.md):
// the digest of every input of the run and what its pull request said. A later run whose inputs
// have that same digest, on the same GitOps branch head, proposes the same tree with the same
// words: it takes them instead of reading, rendering and comparing the environment again. The
// text is read back as hostile: anything that is not exactly well formed is ignored (the run
// then renders, as without it).
import {
  boundedClusterTypePlan,
  PLAN_PATHS_KEPT,
  PLAN_TARGETS_KEPT,
  type Plan,
} from '../gitops/plan.ts';
import { unsafeTreePathReason } from '../gitops/tree.ts';
import type { Source } from '../model/source.ts';
import type { EnvironmentRead } from '../ports.ts';
import { RENDER_ENGINE_VERSION } from '../render/render-key.ts';
import type { MessageView } from './messages.ts';

/** The words of a pull request that come from the render (the view, without the run's link and the plan). */
export type NotedView = Omit<MessageView, 'runUrl' | 'plan'>;

export interface NotedProposal {
  /** The tree the run proposed (its pull request branch's, or the GitOps branch's when it held it). */
  readonly tree: string;
  /** `inputsDigest` of the run. */
  readonly inputs: string;
  /**
   * The digest of the inputs known before any workload repository is read (`inputsParts` without
   * the workloads): a later run whose own differs renders, so it starts that work while its
   * workloads are read. Absent in the notes of earlier builds.
   */
  readonly controlPlaneInputs?: string;
  /** The GitOps branch head the plan was made against. */
  readonly baseHead: string;
  /** How many assignments and cluster types the render had. */
  readonly assignments: number;
  readonly clusterTypes: number;
  /** The plan against `baseHead`, bounded as the pull request shows it (`boundedPlan`). */
  readonly plan: Plan;
  /** The pull request's words; undefined when the plan was empty (nothing to say). */
  readonly view: NotedView | undefined;
  /** The skip of the promotion chain the body showed (a commit status: read again by each run). */
  readonly chainSkip: { readonly actor: string; readonly reason: string } | undefined;
  /**
   * The workload files the run read, with their texts (`notedWorkloads`). Absent in the notes of
   * earlier builds and when the texts were over MAX_NOTED_BLOB_CHARS.
   */
  readonly workloads?: NotedWorkloads;
}

/**
 * The workload files a run read. A later run that lists a file with one of these blob ids takes
 * its text from here instead of downloading it, once the text's bytes hash to that id (the reader
 * checks: nothing here is trusted), and parses them while it waits for the listing: a parse is a
 * function of the registration, the path and the text, so it is used only for that very file.
 */
export interface NotedWorkloads {
  /** Each file read: its registration, its path as the source names it, its git blob id. */
  readonly files: readonly (readonly [registration: string, path: string, blob: string])[];
  /** Their texts, by git blob id. */
  readonly texts: Readonly<Record<string, string>>;
}

/** The largest proposal text written or read (a commit message of the notes ref). */
export const MAX_PROPOSAL_CHARS = 4 * 1024 * 1024;
/**
 * The workload texts a proposal notes at most, together, a text counted once per file that has it
 * (`notedWorkloads`): the rest is downloaded.
 */
export const MAX_NOTED_BLOB_CHARS = 1024 * 1024;

const HEADER = `kalypso-proposal 1 ${RENDER_ENGINE_VERSION}`;
const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const DIGEST = /^[0-9a-f]{64}$/;

/**
 * The parts of a run's inputs digest: the engine and the action's build (any change of code
 * renders again), the request's settings (all of them but the run's own link and id), the promoted
 * commit and every source file as read (origin, path, text and what the reader said of its
 * bytes; or path and blob id when the read deferred its bytes). Each part is length-prefixed, so
 * that no two lists of inputs give the same text.
 */
export function* inputsParts(
  build: string,
  request: object,
  read: Pick<EnvironmentRead, 'baseCommit' | 'sources'>,
): Generator<string> {
  const part = (text: string) => `${text.length}:${text}`;
  yield part(HEADER);
  yield part(build);
  // What names the run (its link, its id) is not an input: every other setting is.
  const { runUrl: _runUrl, runId: _runId, ...settings } = request as Record<string, unknown>;
  yield part(canonicalJson(settings));
  yield part(read.baseCommit ?? '');
  const sources = read.sources;
  if (sources === undefined) return;
  yield part(sources.environment);
  for (const source of [sources.base, sources.controlPlane, ...sources.workloads]) {
    yield part(canonicalJson({ origin: source.origin, files: source.files.length }));
    for (const file of source.files) {
      // A file whose bytes the read deferred, by its blob id (a hash of those bytes, from which
      // its text and what is said of it follow): a pair where a read file has a triple and its text.
      if (file.blobId !== undefined) {
        yield part(canonicalJson([file.path, { blob: file.blobId }]));
        continue;
      }
      yield part(
        canonicalJson([file.path, file.unreadBytes ?? null, file.invalidUtf8Lines ?? null]),
      );
      yield part(file.text);
    }
  }
}

/**
 * The workload files of `workloads` that were read, and their texts by git blob id (`blobId`,
 * git's id of the text's UTF-8 bytes), in the order read, MAX_NOTED_BLOB_CHARS together at most.
 * A file whose text is not its bytes (not valid UTF-8, not read, over the budget) is left out.
 * Undefined when there is none.
 */
export function notedWorkloads(
  workloads: readonly Source[],
  blobId: (text: string) => string,
): NotedWorkloads | undefined {
  const files: [string, string, string][] = [];
  const texts: Record<string, string> = {};
  let chars = 0;
  for (const { origin, files: read } of workloads) {
    if (origin.kind !== 'workload') continue;
    for (const file of read) {
      if (file.blobId !== undefined || file.unreadBytes !== undefined) continue;
      if ((file.invalidUtf8Lines?.length ?? 0) > 0) continue;
      chars += file.text.length;
      if (chars > MAX_NOTED_BLOB_CHARS) return files.length > 0 ? { files, texts } : undefined;
      const id = blobId(file.text);
      texts[id] = file.text;
      files.push([origin.registration, file.path, id]);
    }
  }
  return files.length > 0 ? { files, texts } : undefined;
}

/** JSON with object keys sorted (the same settings give the same text whatever their order). */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** A plan cut to what the pull request body and the job summary show, with the counts of the rest. */
export function boundedPlan(plan: Plan): Plan {
  const counts = plan.counts ?? {
    added: plan.added.length,
    changed: plan.changed.length,
    removed: plan.removed.length,
  };
  return {
    added: plan.added.slice(0, PLAN_PATHS_KEPT),
    changed: plan.changed.slice(0, PLAN_PATHS_KEPT),
    removed: plan.removed.slice(0, PLAN_PATHS_KEPT),
    promoted: plan.promoted,
    clusterTypes: plan.clusterTypes.map(boundedClusterTypePlan),
    counts,
  };
}

/** The proposal as text: a header line, then its JSON. */
export function formatNotedProposal(proposal: NotedProposal): string {
  return `${HEADER}\n${JSON.stringify(proposal)}\n`;
}

/**
 * Reads a proposal as `formatNotedProposal` writes it. Another version, a wrong header, a text
 * over the budget or any field that is not exactly of its shape gives undefined.
 */
export function parseNotedProposal(text: string | undefined): NotedProposal | undefined {
  if (text === undefined || text.length > MAX_PROPOSAL_CHARS) return undefined;
  const newline = text.indexOf('\n');
  if (newline < 0 || text.slice(0, newline) !== HEADER) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(newline + 1));
  } catch {
    return undefined;
  }
  return isProposal(value) ? value : undefined;
}

type Shape = Record<string, unknown>;

const isObject = (v: unknown): v is Shape =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isText = (v: unknown): v is string => typeof v === 'string';
const isTexts = (v: unknown, most: number): v is string[] =>
  Array.isArray(v) && v.length <= most && v.every(isText);
const isPaths = (v: unknown): v is string[] =>
  isTexts(v, PLAN_PATHS_KEPT) && v.every((p) => unsafeTreePathReason(p) === undefined);
const hasOnly = (v: Shape, keys: readonly string[]) =>
  Object.keys(v).every((k) => keys.includes(k));

const VIEW_TEXTS = [
  'environment',
  'base',
  'branch',
  'promotedCommit',
  'promotedCommitShort',
  'controlPlaneRepository',
  'promotedCommitUrl',
  'promotedCommitSubject',
  'promotedCommitAuthor',
  'promotedCommitLine',
  'previousPromotedCommit',
  'previousPromotedCommitShort',
  'compareUrl',
  'assignmentReasons',
  'configChanges',
  'promotes',
] as const;
const VIEW_COUNTS = ['assignments', 'filesAdded', 'filesChanged', 'filesRemoved'] as const;

function isView(v: unknown): v is NotedView {
  if (!isObject(v) || !hasOnly(v, [...VIEW_TEXTS, ...VIEW_COUNTS, 'promoted'])) return false;
  return (
    VIEW_TEXTS.every((k) => isText(v[k])) &&
    VIEW_COUNTS.every((k) => isCount(v[k])) &&
    typeof v.promoted === 'boolean'
  );
}

function isClusterTypePlan(v: unknown): boolean {
  if (!isObject(v)) return false;
  const lists = ['assignmentsAdded', 'assignmentsRemoved', 'assignmentsChanged'] as const;
  const counts = v.counts;
  return (
    hasOnly(v, ['clusterType', ...lists, 'filesChanged', 'counts']) &&
    isText(v.clusterType) &&
    lists.every((k) => isTexts(v[k], PLAN_TARGETS_KEPT)) &&
    isCount(v.filesChanged) &&
    isObject(counts) &&
    hasOnly(counts, lists) &&
    lists.every((k) => isCount(counts[k]))
  );
}

function isPlan(v: unknown): v is Plan {
  if (!isObject(v)) return false;
  const counts = v.counts;
  return (
    hasOnly(v, ['added', 'changed', 'removed', 'promoted', 'clusterTypes', 'counts']) &&
    isPaths(v.added) &&
    isPaths(v.changed) &&
    isPaths(v.removed) &&
    typeof v.promoted === 'boolean' &&
    Array.isArray(v.clusterTypes) &&
    v.clusterTypes.every(isClusterTypePlan) &&
    isObject(counts) &&
    hasOnly(counts, ['added', 'changed', 'removed']) &&
    isCount(counts.added) &&
    isCount(counts.changed) &&
    isCount(counts.removed)
  );
}

function isProposal(v: unknown): v is NotedProposal {
  if (!isObject(v)) return false;
  const keys = [
    'tree',
    'inputs',
    'controlPlaneInputs',
    'baseHead',
    'assignments',
    'clusterTypes',
    'plan',
    'view',
    'chainSkip',
    'workloads',
  ];
  const skip = v.chainSkip;
  return (
    (v.workloads === undefined || isWorkloads(v.workloads)) &&
    hasOnly(v, keys) &&
    isText(v.tree) &&
    OBJECT_ID.test(v.tree) &&
    isText(v.inputs) &&
    DIGEST.test(v.inputs) &&
    (v.controlPlaneInputs === undefined ||
      (isText(v.controlPlaneInputs) && DIGEST.test(v.controlPlaneInputs))) &&
    isText(v.baseHead) &&
    OBJECT_ID.test(v.baseHead) &&
    isCount(v.assignments) &&
    isCount(v.clusterTypes) &&
    isPlan(v.plan) &&
    (v.view === undefined || isView(v.view)) &&
    (skip === undefined ||
      (isObject(skip) &&
        hasOnly(skip, ['actor', 'reason']) &&
        isText(skip.actor) &&
        isText(skip.reason)))
  );
}

/** Files whose texts are all there, MAX_NOTED_BLOB_CHARS together at most (once per file). */
function isWorkloads(v: unknown): v is NotedWorkloads {
  if (!isObject(v) || !hasOnly(v, ['files', 'texts'])) return false;
  const { files, texts } = v;
  if (!isObject(texts) || !Array.isArray(files)) return false;
  if (!Object.entries(texts).every(([id, text]) => OBJECT_ID.test(id) && isText(text)))
    return false;
  let chars = 0;
  for (const file of files as unknown[]) {
    if (!Array.isArray(file) || file.length !== 3 || !file.every(isText)) return false;
    const blob = (file as string[])[2]!;
    const text = Object.hasOwn(texts, blob) ? texts[blob] : undefined;
    if (!isText(text)) return false;
    chars += text.length;
    if (chars > MAX_NOTED_BLOB_CHARS) return false;
  }
  return true;
}
