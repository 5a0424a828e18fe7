// Typed client of the local GitHub's control API, for tests running in worker processes.
import type { ContractReport } from './contract.ts';
import type {
  CreatedRepo,
  Fault,
  RecordedDispatch,
  RepoSettings,
  RepoSpec,
  RepoState,
  TokenKind,
  TokenPermissions,
} from './state.ts';

export type { ContractMismatch, ContractReport } from './contract.ts';
export type {
  BranchProtection,
  CreatedRepo,
  Fault,
  RecordedDeployment,
  RecordedDeploymentStatus,
  RecordedDispatch,
  RecordedLabel,
  RecordedPull,
  RecordedStatus,
  RepoSettings,
  RepoSpec,
  RepoState,
  RequestLogEntry,
  TokenKind,
  TokenPermissions,
} from './state.ts';

/** The token with write access to everything, known to every server. */
export const defaultToken = 'test-token';

export interface LoggedCommit {
  sha: string;
  parents: string[];
  subject: string;
  body: string;
}

let sequence = 0;

export class LocalGitHub {
  readonly url: string;

  constructor(url: string) {
    this.url = url;
  }

  /** A name no other test (in any worker) uses: repositories are never reset between tests. */
  static uniqueName(prefix: string): string {
    sequence += 1;
    return `${prefix}-${process.pid}-${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}/_control${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`local GitHub control ${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Creates a repository; `owner` defaults to `acme` and `name` to a unique one. */
  createRepo(spec: Partial<RepoSpec> = {}): Promise<CreatedRepo> {
    return this.call('POST', '/repos', {
      owner: 'acme',
      name: LocalGitHub.uniqueName('repo'),
      ...spec,
    });
  }

  /**
   * Registers a token with exactly these permissions and returns it. `login` is the user it acts
   * as (default: the Actions app, `github-actions[bot]`).
   */
  async createToken(
    permissions: TokenPermissions,
    token = LocalGitHub.uniqueName('token'),
    login?: string,
    kind: TokenKind = 'app',
  ): Promise<string> {
    await this.call('POST', '/tokens', { token, permissions, kind, ...(login ? { login } : {}) });
    return token;
  }

  state(repo: string): Promise<RepoState & { faults: Fault[] }> {
    return this.call('GET', `/repos/${repo}/state`);
  }

  /**
   * Changes repository settings (auto-merge, the Actions pull-request setting, branch
   * protection) and returns them all; what is not named keeps its value.
   */
  settings(repo: string, change: Partial<RepoSettings>): Promise<RepoSettings> {
    return this.call('PATCH', `/repos/${repo}/settings`, change);
  }

  dispatches(repo: string): Promise<RecordedDispatch[]> {
    return this.state(repo).then((s) => s.dispatches);
  }

  /** Every file of a branch (or `refs/...`) as UTF-8 text. */
  files(repo: string, ref: string): Promise<Record<string, string>> {
    return this.call('GET', `/repos/${repo}/files?ref=${encodeURIComponent(ref)}`);
  }

  /** The commits reachable from a branch, newest first. */
  log(repo: string, branch: string): Promise<LoggedCommit[]> {
    return this.call('GET', `/repos/${repo}/log?ref=${encodeURIComponent(branch)}`);
  }

  /** Commits files (null deletes) onto a branch, creating it from `from` or the default branch. */
  commit(
    repo: string,
    change: {
      branch: string;
      files: Record<string, string | null>;
      message?: string;
      from?: string;
    },
  ): Promise<{ sha: string }> {
    return this.call('POST', `/repos/${repo}/commits`, change);
  }

  /** What the contract check (GitHub's OpenAPI description) saw so far, in every test file. */
  contract(): Promise<ContractReport> {
    return this.call('GET', '/contract');
  }

  injectFault(fault: Fault): Promise<void> {
    return this.call('POST', '/faults', fault);
  }

  clearFaults(repo: string): Promise<void> {
    return this.call('DELETE', `/faults?repo=${encodeURIComponent(repo)}`);
  }
}
