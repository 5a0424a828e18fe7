// The schedule's use of the cross-run render index (docs/decisions/incremental-render.md): read
// the index noted on the GitOps branch's tree before rendering, keep only what that tree still
// holds, and note the proposed tree with the index of this run. Either side failing costs only
// renders: the run goes on as without an index.
import type { Reporter } from '../ports.ts';
import type { RenderedEnvironment } from '../render/render-environment.ts';
import {
  formatRenderIndex,
  parseRenderIndex,
  renderIndexOf,
  sameIndexKeys,
  verifiedRenderIndex,
  type RenderIndex,
} from '../render/render-index.ts';
import type { TextDigest } from '../render/render-key.ts';
import {
  formatReachRecord,
  parseReachRecord,
  reachedClusterTypes,
  reachRecordOf,
  type ReachRecord,
} from '../render/reach-record.ts';
import type { EnvironmentView } from '../model/environment.ts';
import { chunkRefLine, splitChunkRefs } from '../render/chunk-refs.ts';
import type { EarlyGitOps } from './early-gitops.ts';
import {
  readFoldedIndex,
  withChunksRead,
  type FoldedIndex,
  type WholeScope,
} from './folded-index.ts';
import { notedTree } from './noted-tree.ts';
import type { PublishResult } from './publish-environment.ts';

/** The index a run renders with, and what it needs to note the next one. */
export interface IndexRead {
  readonly entries: RenderIndex;
  readonly digest: TextDigest;
  /** The GitOps branch and the tree the index was read for (its note is kept). */
  readonly base: string;
  readonly treeId: string | undefined;
  /** The text read (a run that proposes that same tree with the same text writes nothing). */
  readonly text: string | undefined;
  /** Whether every entry of the text held in the tree (`entries` is then the whole text). */
  readonly complete: boolean;
  /** How the index was proven by folder, when the repository reads folded (`readFoldedIndex`). */
  readonly folded?: FoldedIndex;
  /** The reach record the text holds, and its lines as they are (`parseReachRecord`). */
  readonly noted?: { readonly record: ReachRecord; readonly text: string };
}

/** The verified index of the GitOps branch's tree; undefined when the repository keeps none. */
export async function readIndex(
  early: EarlyGitOps,
  branch: string,
  reporter: Reporter,
  /** What keeps cluster types whole when the note names their chunks (folded reads only). */
  scope?: WholeScope,
): Promise<IndexRead | undefined> {
  try {
    const { repository } = await early.opened(branch);
    const notes = repository.renderIndex;
    if (notes === undefined) return undefined;
    const folders = repository.folders;
    if (folders !== undefined) {
      const found = await readFoldedIndex(
        folders,
        notes,
        { base: early.base, branch, gitopsPath: early.gitopsPath },
        scope,
      );
      reportRead(reporter, early.base, found.text, found.where, found.entries.size, found.parsed);
      const whole = found.folded?.whole.size ?? 0;
      if (whole > 0)
        reporter.info(
          `${whole} cluster types no change reaches are kept whole: their folders as the tree holds them, their chunks of the render index neither read nor rendered.`,
        );
      return {
        entries: found.entries,
        digest: (t) => notes.digest(t),
        base: early.base,
        treeId: found.treeId,
        text: found.text,
        complete: found.text !== undefined && found.entries.size === found.parsed,
        ...(found.folded ? { folded: found.folded } : {}),
        ...notedRecord(found.text),
      };
    }
    const read = await repository.read(early.base, branch);
    const {
      tree,
      text: noted,
      where,
    } = await notedTree(notes, { base: early.base, branch }, read.base, read.branch);
    const treeId = tree?.treeId;
    // The chunks the note names are all read: a listed read keeps no folder whole.
    const named = noted === undefined ? undefined : splitChunkRefs(noted);
    const text = named && (await withChunksRead(notes, early.base, named.body, named.refs));
    const files =
      tree === undefined
        ? undefined
        : tree === read.base
          ? read.base.files
          : await read.branch?.files();
    const parsed = text === undefined ? new Map() : parseRenderIndex(text);
    const entries = files ? verifiedRenderIndex(parsed, files) : new Map();
    reportRead(reporter, early.base, text, where, entries.size, parsed.size);
    const complete = text !== undefined && entries.size === parsed.size;
    return {
      entries,
      digest: (t) => notes.digest(t),
      base: early.base,
      treeId,
      text,
      complete,
      ...notedRecord(text),
    };
  } catch (error) {
    reporter.info(`The render index is not used: ${messageOf(error)}`);
    return undefined;
  }
}

function notedRecord(text: string | undefined): Pick<IndexRead, 'noted'> {
  const noted = parseReachRecord(text);
  return noted === undefined ? {} : { noted };
}

/** What a run's reach record gives it: the record to note, the cluster types to key. */
export interface RunReach {
  /** This run's record as the next note holds it ('' when the view has none). */
  readonly record: string;
  /** `RenderMemoOptions.reached`: undefined when every assignment is keyed. */
  readonly reached: ReadonlySet<string> | undefined;
}

/**
 * This run's reach record, and the cluster types a change since the render the index describes
 * may reach: only when both records say that nothing but ConfigMaps changed, and none of those
 * that did may reach every cluster type (docs/decisions/incremental-render.md).
 */
export function runReach(
  index: Pick<IndexRead, 'noted' | 'digest'>,
  view: EnvironmentView,
  reporter: Reporter,
  /** The identity of the code that runs (`InputsPort.build`); without it, no record. */
  build: string | undefined,
): RunReach {
  const record = build === undefined ? undefined : reachRecordOf(view, index.digest, build);
  const reached = reachedClusterTypes(index.noted?.record, record);
  if (reached !== undefined)
    reporter.info(
      `Only ConfigMaps changed since the render the index describes: the assignments of ${reached.size} of ${view.clusterTypes.length} cluster types, those a changed ConfigMap may reach, are keyed; the folders of the others are taken as the index holds them.`,
    );
  return { record: record === undefined ? '' : formatReachRecord(record), reached };
}

/** The next index's text for a proposed tree, made before the note is written (`writeIndex`). */
export interface NextIndexText {
  readonly proposed: NonNullable<PublishResult['proposed']>;
  readonly text: string;
}

/**
 * The text of the index `writeIndex` notes on `proposed`, made while git pushes that tree
 * (`PublishRequest.whilePushing`): the same text, out of the run's critical path. Undefined when
 * the render leaves no index.
 */
export function nextIndexText(
  rendered: RenderedEnvironment,
  proposed: NonNullable<PublishResult['proposed']>,
  /** This run's reach record (`RunReach.record`). */
  record = '',
  /** The index read (its cluster types kept whole keep their chunks). */
  index?: Pick<IndexRead, 'folded'>,
): NextIndexText | undefined {
  if (rendered.keys === undefined) return undefined;
  return { proposed, text: indexText(rendered.keys, proposed.files, record, index) };
}

/**
 * The text of the next index: the entries of the folders kept (`renderIndexOf`), then a `:chunk`
 * line for each cluster type kept whole, which names its chunk as the note read named it.
 */
function indexText(
  keys: NonNullable<RenderedEnvironment['keys']>,
  files: NonNullable<PublishResult['proposed']>['files'],
  record: string,
  index: Pick<IndexRead, 'folded'> | undefined,
): string {
  let text = formatRenderIndex(renderIndexOf(keys, files), record);
  for (const { ref } of index?.folded?.whole.values() ?? []) text += chunkRefLine(ref);
  return text;
}

/**
 * Notes the proposed tree with this run's index and the proposal to take next time (a failure is
 * only said: the next run renders).
 */
export async function writeIndex(
  index: IndexRead,
  early: EarlyGitOps,
  branch: string,
  rendered: RenderedEnvironment,
  result: PublishResult,
  reporter: Reporter,
  proposal?: string,
  /** The text made while the tree was pushed (`nextIndexText`): used when it is that tree's. */
  made?: NextIndexText,
  /** This run's reach record (`RunReach.record`), noted with the index. */
  record = '',
): Promise<void> {
  const { proposed } = result;
  if (proposed === undefined || rendered.keys === undefined) return;
  try {
    const { repository } = await early.opened(branch);
    const notes = repository.renderIndex;
    if (notes === undefined) return;
    // The same tree with the same keys and the same proposal: the note already says it (no text
    // to format).
    const sameTree = proposed.treeId === index.treeId;
    const sameProposal = (await notes.proposal?.(index.base)) === proposal;
    if (
      sameTree &&
      sameProposal &&
      index.complete &&
      (index.noted?.text ?? '') === record &&
      sameIndexKeys(rendered.keys, index.entries)
    )
      return;
    const text =
      made !== undefined &&
      made.proposed.treeId === proposed.treeId &&
      made.proposed.files === proposed.files
        ? made.text
        : indexText(rendered.keys, proposed.files, record, index);
    if (sameTree && sameProposal && text === index.text) return;
    const written = await notes.write(index.base, proposed.treeId, text, index.treeId, proposal);
    if (!written) return;
    const whole = index.folded?.whole.size ?? 0;
    reporter.info(
      `Noted the render index of ${rendered.keys.size} assignments${whole > 0 ? ` and of ${whole} cluster types kept whole (their chunks by id)` : ''} on tree ${proposed.treeId.slice(0, 7)}${proposal === undefined ? '' : ', with what this run proposed'} (refs/notes/kalypso-render/${index.base}).`,
    );
  } catch (error) {
    reporter.warning(
      `The render index was not written (${messageOf(error)}): the next run renders every assignment.`,
    );
  }
}

/** What the index read found, said once. */
function reportRead(
  reporter: Reporter,
  base: string,
  text: string | undefined,
  where: string,
  held: number,
  parsed: number,
): void {
  reporter.info(
    text === undefined
      ? `No render index for the GitOps branch '${base}': every assignment is rendered.`
      : `The render index of ${where} holds ${held} of ${parsed} assignment folders as its tree does: those whose inputs did not change are not rendered again.`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
