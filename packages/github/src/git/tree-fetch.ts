// Trees fetched by id (docs/decisions/incremental-render.md, the trees read by level): a
// repository that holds branch tips as their commits only (`commitsOnly`) fetches each tree it
// reads, alone (`tree:0`, the only tree depth GitHub serves) or whole (every tree below it, no
// file). What it holds so is kept here: a repository that holds some tree alone cannot push with
// git (receive-pack.ts).
import { listEntries } from './compose-write.ts';
import { fetchObjects } from './fetch.ts';
import type { GitProcess } from './process.ts';
import type { CommitInfo } from './read.ts';

export class TreeFetches {
  /** Trees fetched with every tree below them. */
  private readonly whole = new Set<string>();
  /** Trees fetched alone and not (yet) whole. */
  private readonly alone = new Set<string>();
  /** Trees being fetched whole, and the fetch that brings them. */
  private readonly inFlight = new Map<string, Promise<void>>();

  private readonly git: GitProcess;

  constructor(git: GitProcess) {
    this.git = git;
  }

  /** Whether some tree is held alone: its subtrees may be missing. */
  get holdsPartly(): boolean {
    return this.alone.size > 0;
  }

  /**
   * Fetches the trees `ids` in one exchange, whole or alone; a tree already fetched so is not
   * asked for again. git asks for no object it holds, so a tree held alone is fetched whole by
   * the trees it names (the same way down for those held alone too).
   */
  async fetch(ids: readonly string[], options: { whole: boolean; what: string }): Promise<void> {
    const wanted = [...new Set(ids)].filter(
      (id) => !this.whole.has(id) && (options.whole || !this.alone.has(id)),
    );
    if (wanted.length === 0) return;
    if (!options.whole) return this.fetchNow(wanted, options);
    // A tree another read is fetching whole right now (the base's and our branch's folded reads
    // share most folders outside spec.path) comes with that fetch, not with one of its own.
    const pending = wanted.flatMap((id) => this.inFlight.get(id) ?? []);
    const own = wanted.filter((id) => !this.inFlight.has(id));
    const work = own.length === 0 ? Promise.resolve() : this.fetchNow(own, options);
    for (const id of own) this.inFlight.set(id, work);
    try {
      await Promise.all([work, ...pending]);
    } finally {
      for (const id of own) if (this.inFlight.get(id) === work) this.inFlight.delete(id);
    }
  }

  private async fetchNow(
    wanted: readonly string[],
    options: { whole: boolean; what: string },
  ): Promise<void> {
    const asked: string[] = [];
    const nowWhole: string[] = [];
    const below = async (id: string): Promise<void> => {
      if (!options.whole || !this.alone.has(id)) {
        asked.push(id);
        return;
      }
      nowWhole.push(id);
      for (const entry of (await listEntries(this.git, id, [])).values())
        if (entry.startsWith('040000 ')) await below(entry.slice('040000 '.length));
    };
    for (const id of wanted) await below(id);
    await fetchObjects(this.git, asked, options.what, options.whole ? 'blob:none' : 'tree:0');
    const held = options.whole ? this.whole : this.alone;
    for (const id of [...wanted, ...nowWhole]) held.add(id);
    if (options.whole) for (const id of [...wanted, ...nowWhole]) this.alone.delete(id);
  }

  /** The root trees of these fetched commits (none for undefined or ''), in one `fetch`. */
  async fetchTreesOf(
    commits: readonly (string | undefined)[],
    commitInfo: (commit: string) => Promise<CommitInfo>,
    options: { whole: boolean; what: string },
  ): Promise<void> {
    const known = commits.filter((commit): commit is string => !!commit);
    const infos = await Promise.all(known.map(commitInfo));
    return this.fetch(
      infos.map((info) => info.tree),
      options,
    );
  }
}
