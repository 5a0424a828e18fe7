/** A pull request as the preview needs it, read when the run starts (labels change between pushes). */
export interface PullRequestFacts {
  number: number;
  /** The branch the pull request merges into: `main` or an environment branch. */
  baseRef: string;
  baseCommit: string;
  headCommit: string;
  labels: readonly string[];
}

/** Port: the pull request a preview runs for (REST, read-only). */
export interface PullRequestReader {
  /** The pull request as it is now. */
  read(): Promise<PullRequestFacts>;
}

/**
 * Port: the one preview comment of a pull request (issue comments, found by a hidden marker and
 * written by the token's own login).
 */
export interface PreviewComments {
  /** The first comment of the pull request that starts with `marker` and that this token wrote. */
  find(marker: string): Promise<{ id: number; url: string } | undefined>;
  create(body: string): Promise<{ id: number; url: string }>;
  update(id: number, body: string): Promise<{ id: number; url: string }>;
}
