import type { GitOpsTree } from '../gitops/tree.ts';

/**
 * Port: the GitOps repository over git. Content travels as one commit per run; only branches the
 * product owns (`kalypso/<env>`) are ever replaced, and only with a lease.
 */
export interface GitOpsRepository {
  /** `owner/name`, for messages and links. */
  readonly fullName: string;
  /**
   * Reads the base branch (head and every file) and our pull request branch (head, tree id,
   * parents) in one exchange; each is undefined when the branch does not exist.
   */
  read(
    base: string,
    branch: string,
  ): Promise<{
    base: { head: string; tree: GitOpsTree } | undefined;
    branch: { head: string; treeId: string; parents: readonly string[] } | undefined;
  }>;
  /** Writes a commit whose tree is exactly `tree` on top of `parent` (not pushed). */
  commit(change: {
    parent: string;
    tree: GitOpsTree;
    message: string;
  }): Promise<{ commit: string; treeId: string }>;
  /** Moves `branch` to `commit` if it is still at `lease` ("" = must not exist). */
  replaceBranch(branch: string, commit: string, lease: string): Promise<'pushed' | 'rejected'>;
  /** Deletes `branch` if it is still at `lease`. */
  deleteBranch(branch: string, lease: string): Promise<'pushed' | 'rejected'>;
}

/** An open pull request, as far as the scheduler cares. */
export interface OpenPullRequest {
  readonly number: number;
  readonly url: string;
  /** GraphQL node id (auto-merge). */
  readonly nodeId: string;
  readonly body: string;
  readonly labels: readonly string[];
  readonly autoMergeEnabled: boolean;
}

export type MergeMethod = 'merge' | 'squash' | 'rebase';

/** Port: pull request operations on the GitOps repository (REST/GraphQL, never content). */
export interface PullRequestService {
  /** Open pull requests from `head` into `base` (the same repository). */
  listOpen(head: string, base: string): Promise<OpenPullRequest[]>;
  create(request: {
    head: string;
    base: string;
    title: string;
    body: string;
    draft: boolean;
  }): Promise<OpenPullRequest>;
  update(number: number, change: { title: string; body: string }): Promise<void>;
  close(number: number): Promise<void>;
  addLabels(number: number, labels: readonly string[]): Promise<void>;
  removeLabel(number: number, label: string): Promise<void>;
  requestReviewers(
    number: number,
    reviewers: readonly string[],
    teamReviewers: readonly string[],
  ): Promise<void>;
  enableAutoMerge(pullRequest: OpenPullRequest, method: MergeMethod): Promise<void>;
}
