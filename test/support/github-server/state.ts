// Shapes shared by the local GitHub server, its control API and the typed test client.

/** A GitHub App / fine-grained token permission scope, as in a workflow's `permissions:` block. */
export type PermissionScope =
  'contents' | 'statuses' | 'pull_requests' | 'issues' | 'actions' | 'deployments' | 'metadata';

export type PermissionLevel = 'read' | 'write';

export type TokenPermissions = Partial<Record<PermissionScope, PermissionLevel>>;

/** The repository to create: files of the default branch, other branches, visibility. */
export interface RepoSpec {
  owner: string;
  name: string;
  /** Default `main`. */
  defaultBranch?: string;
  /** Files of the default branch's first commit; none = an empty repository without branches. */
  files?: Record<string, string>;
  /** Further branches, each one commit on top of the default branch with these files added. */
  branches?: Record<string, Record<string, string>>;
  /** Private repositories are visible only to the tokens in `readers`. */
  private?: boolean;
  readers?: string[];
}

export interface CreatedRepo {
  fullName: string;
  cloneUrl: string;
  /** Head commit of every branch created. */
  heads: Record<string, string>;
}

export interface RecordedStatus {
  id: number;
  sha: string;
  state: 'pending' | 'success' | 'failure' | 'error';
  context: string;
  description: string | null;
  target_url: string | null;
  created_at: string;
}

export interface RecordedPull {
  number: number;
  state: 'open' | 'closed';
  title: string;
  body: string | null;
  draft: boolean;
  head: string;
  base: string;
  merged: boolean;
  merge_commit_sha: string | null;
  labels: string[];
  requested_reviewers: string[];
  requested_teams: string[];
  /** Set by the GraphQL `enablePullRequestAutoMerge` mutation. */
  auto_merge: { merge_method: string } | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  merged_at: string | null;
}

export interface RecordedLabel {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

export interface RecordedDispatch {
  workflow_id: string;
  ref: string;
  inputs: Record<string, unknown>;
  run_id: number;
}

export interface RequestLogEntry {
  kind: 'rest' | 'git' | 'graphql';
  method: string;
  /** The route template (`/repos/{owner}/{repo}/statuses/{sha}`) or, for git, the service path. */
  route: string;
  path: string;
  status: number;
}

export interface RepoState {
  statuses: RecordedStatus[];
  pulls: RecordedPull[];
  labels: RecordedLabel[];
  dispatches: RecordedDispatch[];
  requests: RequestLogEntry[];
}

/** Where a fault applies: one repository and one REST route template (method + path template). */
export interface FaultTarget {
  repo: string;
  method: string;
  route: string;
  /** How many matching requests get the fault; default 1. */
  count?: number;
}

export type Fault =
  | (FaultTarget & { kind: 'server-error'; status?: number })
  | (FaultTarget & { kind: 'validation'; message?: string })
  | (FaultTarget & { kind: 'secondary-rate-limit'; retryAfterSeconds: number; status?: 403 | 429 })
  | (FaultTarget & { kind: 'rate-limit'; resetInSeconds: number })
  | {
      kind: 'concurrent-push';
      repo: string;
      branch: string;
      count?: number;
      /** The file the concurrent commit writes; default `concurrent/<n>.txt`. */
      path?: string;
      content?: string;
    };
