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

/** The full diff of a preview, as kept where the comment and the summary point. */
export interface PreviewArtifactContent {
  /** The artifact's name (unique in the workflow run). */
  name: string;
  /** Per environment, the unified diff of its rendered files, file by file. */
  diffs: readonly { environment: string; patches: readonly string[] }[];
  /** The plan: per environment, its assignments, config changes, files and removals (JSON). */
  plan: unknown;
}

/** Where the full diff went: an artifact of this run, or why not. */
export type PreviewArtifactOutcome =
  | {
      kind: 'uploaded';
      name: string;
      /** Its page on GitHub (download), or "" when the run's id is unknown. */
      url: string;
      /** Bytes of the artifact as stored (compressed). */
      bytes: number;
      /** Bytes of the unified diff before compression. */
      diffBytes: number;
    }
  /** Workflow artifacts cannot be written from here (no runtime token, GitHub Enterprise Server). */
  | { kind: 'unavailable'; reason: string }
  /** The diff is larger than the documented budget of the artifact (MAX_ARTIFACT_DIFF_BYTES). */
  | { kind: 'too-large'; diffBytes: number; budget: number; files: number }
  | { kind: 'failed'; error: string };

/** Port: keeps the full diff of a preview as a workflow artifact of this run. */
export interface PreviewArtifacts {
  keep(content: PreviewArtifactContent): Promise<PreviewArtifactOutcome>;
}
