// A workspace's render notes (render-note.ts, docs/decisions/incremental-render.md): each notes ref
// fetched once per run, each note and each chunk read once, the blobs read or written held (a
// note written later does not write them again).
import type { GitProcess } from './process.ts';
import {
  fetchedNotesRef,
  fetchRenderNotes,
  readFetchedRenderNote,
  readNotesProposal,
  readRenderNoteChunks,
  writeRenderNote,
} from './render-note.ts';

export class RenderNotes {
  /** Per GitOps branch: whether its render notes ref was fetched (once per run). */
  private readonly refs = new Map<string, Promise<boolean>>();
  /** The notes read, by branch and tree. */
  private readonly texts = new Map<string, Promise<string | undefined>>();
  /** The chunks read, by id (`chunks`). */
  private readonly chunkTexts = new Map<string, Promise<string | undefined>>();
  /** The blobs of the notes read or written (held here: `writeRenderNote` skips them). */
  private readonly blobs = new Set<string>();
  private readonly git: GitProcess;

  constructor(git: GitProcess) {
    this.git = git;
  }

  /** Says that the notes ref of `branch` was fetched with the branch (true) or is absent. */
  fetched(branch: string, present: boolean): void {
    this.refs.set(branch, Promise.resolve(present));
  }

  /** Whether the notes ref of `branch` was fetched; undefined: not asked yet. */
  fetchedRef(branch: string): Promise<boolean> | undefined {
    return this.refs.get(branch);
  }

  read(branch: string, tree: string): Promise<string | undefined> {
    // Each note is read once per run (the GitOps read fetches the one the index read asks for
    // while it lists the trees); a failed read is tried again by the next caller.
    const id = `${branch}\n${tree}`;
    let note = this.texts.get(id);
    if (note === undefined) {
      note = this.readNote(branch, tree);
      this.texts.set(id, note);
      note.catch(() => this.texts.delete(id));
    }
    return note;
  }

  private async readNote(branch: string, tree: string): Promise<string | undefined> {
    // The notes ref is fetched once per run, however many trees are looked up.
    let notes = this.refs.get(branch);
    if (notes === undefined) {
      notes = fetchRenderNotes(this.git, branch);
      this.refs.set(branch, notes);
    }
    return (await notes) ? readFetchedRenderNote(this.git, branch, tree, this.blobs) : undefined;
  }

  /**
   * The texts of chunks a read named (`:chunk` lines), in order; undefined when one cannot be
   * read. Those not asked for before are fetched together; a chunk whose read started early
   * (`prefetch`) is not read again.
   */
  async chunks(ids: readonly string[]): Promise<string[] | undefined> {
    this.start(ids);
    const texts = await Promise.all(
      ids.map((id) => this.chunkTexts.get(id) ?? Promise.resolve(undefined)),
    );
    // Given once: the caller holds them now (a run asks for each chunk once; another ask reads
    // it again).
    for (const id of ids) this.chunkTexts.delete(id);
    return texts.every((t) => t !== undefined) ? (texts as string[]) : undefined;
  }

  /** Starts reading chunks a later `chunks` asks for (its failure is that call's to see). */
  prefetch(ids: readonly string[]): void {
    this.start(ids);
  }

  /** Starts reading, together, the chunks not being read yet; each is kept until given. */
  private start(ids: readonly string[]): void {
    const wanted = [...new Set(ids.filter((id) => !this.chunkTexts.has(id)))];
    if (wanted.length === 0) return;
    const read = readRenderNoteChunks(this.git, wanted, this.blobs);
    wanted.forEach((id, i) => {
      const text = read.then(
        (texts) => texts?.[i],
        () => undefined,
      );
      this.chunkTexts.set(id, text);
      // A failed read is tried again by the next caller.
      void text.then(
        (t) => t === undefined && this.chunkTexts.get(id) === text && this.chunkTexts.delete(id),
      );
    });
  }

  /**
   * Notes `tree` with the render index (keeping the note on `keep`), the proposal in the notes
   * commit's message, and pushes the notes ref; `byPack` as `writeRenderNote` takes it.
   */
  write(
    branch: string,
    tree: string,
    text: string,
    keep: string | undefined,
    proposal: string | undefined,
    byPack: ((said: string) => void) | undefined,
  ): Promise<boolean> {
    return writeRenderNote(this.git, branch, tree, text, keep, proposal, this.blobs, byPack);
  }

  /** The proposal the fetched notes ref of `branch` carries; undefined: not fetched, or none. */
  async proposal(branch: string): Promise<string | undefined> {
    if (!(await this.refs.get(branch))) return undefined;
    return readNotesProposal(this.git, fetchedNotesRef(branch));
  }
}
