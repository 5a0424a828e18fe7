// Shapes shared by the local GitHub server, its control API and the typed test client.

/** A GitHub App / fine-grained token permission scope, as in a workflow's `permissions:` block. */
export type PermissionScope =
  'contents' | 'statuses' | 'pull_requests' | 'issues' | 'actions' | 'deployments' | 'metadata';

export type PermissionLevel = 'read' | 'write';

export type TokenPermissions = Partial<Record<PermissionScope, PermissionLevel>>;

/**
 * What kind of token: the workflow's own `GITHUB_TOKEN` (`github-token`: the repository setting
 * "Allow GitHub Actions to create and approve pull requests" applies to it), a personal access
 * token (`personal`) or a GitHub App installation token (`app`), which that setting does not limit.
 */
export type TokenKind = 'github-token' | 'personal' | 'app';

/** A token the server knows: what it may do, who it acts as, and what kind of token it is. */
export interface TokenRecord {
  permissions: TokenPermissions;
  /** The login it acts as; absent = the Actions app, `github-actions[bot]`. */
  login?: string;
  kind: TokenKind;
}

/** A branch protection rule: what must hold before a pull request into the branch merges. */
export interface BranchProtection {
  /** Status check contexts that must be `success` on the head commit. */
  required_status_checks?: string[];
  /** Approving reviews required (the local GitHub records no reviews: any number above 0 blocks). */
  required_approving_review_count?: number;
  /**
   * Logins that may push to the branch directly ("Allow specified actors to bypass required pull
   * requests", a ruleset's bypass list). Everyone else's push is checked against the rule
   * (push-rules.ts): a pull request required (a review count is set), required status checks,
   * no force-push, no deletion.
   */
  bypass_actors?: string[];
}

/** Repository settings that change what GitHub accepts; each defaults as in a new repository. */
export interface RepoSettings {
  /** Settings → General → "Allow auto-merge" (REST `allow_auto_merge`); default off. */
  allow_auto_merge: boolean;
  /**
   * Settings → Actions → General → "Allow GitHub Actions to create and approve pull requests"
   * (REST `can_approve_pull_request_reviews`); default off. Limits `github-token` tokens only.
   */
  can_approve_pull_request_reviews: boolean;
  /** Branch protection rules by branch name; a branch without one is unprotected. */
  protection: Record<string, BranchProtection>;
  /**
   * Test knob, no GitHub setting: how many entries a recursive tree listing
   * (`GET /repos/{owner}/{repo}/git/trees/{tree_sha}?recursive=1`) holds before it is truncated.
   * Unset: GitHub's documented limit, 100,000 entries (and 7 MB, always applied).
   */
  tree_listing_limit?: number;
  /**
   * Test knob, no GitHub setting: REST answers for this repository carry GitHub's rate-limit
   * headers (`x-ratelimit-remaining` this value, of 5,000). Unset: no such headers.
   */
  rate_limit_remaining?: number;
  /**
   * Test knob, no GitHub setting: GraphQL answers to a query that names this repository carry
   * GitHub's rate-limit headers for GraphQL's own points (`x-ratelimit-remaining` this value, of
   * 5,000; the least of the repositories named). Unset: no such headers.
   */
  graphql_rate_limit_remaining?: number;
}

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
  /** Settings other than GitHub's defaults for a new repository. */
  settings?: Partial<RepoSettings>;
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
  /** The login of the token that set it. */
  creator: string;
  created_at: string;
}

export interface RecordedPull {
  number: number;
  /** The login of the token that opened it. */
  author: string;
  /** The login of the token that merged it. */
  merged_by: string | null;
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
  auto_merge: {
    merge_method: 'merge' | 'squash' | 'rebase';
    enabled_by: string;
    commit_title: string;
    commit_message: string;
  } | null;
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
  /** A GraphQL query's number, the same for every repository it named (and its blobs). */
  query?: number;
}

export type DeploymentState =
  'error' | 'failure' | 'inactive' | 'in_progress' | 'queued' | 'pending' | 'success';

export interface RecordedDeploymentStatus {
  id: number;
  state: DeploymentState;
  description: string;
  environment: string;
  log_url: string;
  environment_url: string;
  creator: string;
  created_at: string;
}

export interface RecordedDeployment {
  id: number;
  sha: string;
  ref: string;
  task: string;
  environment: string;
  original_environment: string;
  payload: Record<string, unknown> | string;
  description: string | null;
  transient_environment: boolean;
  production_environment: boolean;
  creator: string;
  created_at: string;
  updated_at: string;
  /** Oldest first. */
  statuses: RecordedDeploymentStatus[];
}

export interface RecordedEnvironment {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface RepoState {
  statuses: RecordedStatus[];
  deployments: RecordedDeployment[];
  environments: RecordedEnvironment[];
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
