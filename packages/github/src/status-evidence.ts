// The commit-status evidence source: the statuses the clusters' Flux notification-controller (or
// Argo CD's notifications) write on the GitOps commit they applied, read from this GitHub's
// combined status with conditional requests, and mapped onto the core's reports by
// packages/core/src/compliance/status-evidence.ts. See docs/commit-status-evidence.md.
import {
  ComplianceInputError,
  ComplianceSourceError,
  MAX_INVENTORY_BYTES,
  compileContextPattern,
  parseClusterInventory,
  parseMinimumReporters,
  reportersOf,
  selectReports,
  statusEvidence,
  summarizeReports,
  type ComplianceSource,
  type ComplianceTarget,
  type ExpectedReporters,
  type FluxConfigurationReport,
  type ReportedStatus,
  type Reporter,
} from '@kalypso/core';
import { createGitHubClient, type GitHubClient } from './client.ts';
import { describeFailure, isHttpFailure } from './errors.ts';

/** Contexts per page of the combined status (GitHub's maximum). */
export const STATUS_PAGE_SIZE = 100;
/** Contexts read at most on one commit: beyond, the commit is flooded and the check fails. */
export const DEFAULT_MAX_CONTEXTS = 10_000;
/** Earlier commits searched for reporters with `expected-reporters: previous`. */
export const PREVIOUS_COMMITS = 10;

export interface StatusEvidenceSettings {
  /** Input `status-context-pattern`. */
  readonly pattern: string;
  /** Input `expected-reporters`. */
  readonly expected: 'inventory' | 'previous' | 'minimum';
  /** Input `minimum-reporters` (`drone=2, large=1`), with `expected: minimum`. */
  readonly minimumReporters?: string;
  /** Input `cluster-inventory-file`, a path on the GitOps branch. */
  readonly inventoryFile: string;
  /** Contexts read at most per commit; default DEFAULT_MAX_CONTEXTS. */
  readonly maxContexts?: number;
}

export interface StatusEvidenceAccess {
  /** Reads the GitOps repository's statuses and contents (`statuses: read`, `contents: read`). */
  readonly token: string;
  /** The input that supplied the token, for messages. */
  readonly tokenInput: string;
  readonly apiUrl: string;
  /** This GitHub (`GITHUB_SERVER_URL`): the GitOps repository must be on it. */
  readonly serverUrl: string;
}

interface CachedPage {
  readonly etag: string;
  readonly totalCount: number;
  readonly statuses: readonly ReportedStatus[];
}

/**
 * The source. Each poll reads the combined status of the target commit page by page (100
 * contexts a page, at most `maxContexts / 100` pages), each page with the ETag of its last answer
 * so an unchanged page costs a 304 (which GitHub does not count against the rate limit). The
 * expected reporters (inventory file or earlier commit) are read once per target.
 */
export function createStatusComplianceSource(
  settings: StatusEvidenceSettings,
  access: StatusEvidenceAccess,
  reporter: Reporter,
  client: GitHubClient = createGitHubClient({
    token: access.token,
    baseUrl: access.apiUrl,
    reporter,
    tokenInput: access.tokenInput,
    retries: 2,
    maxWaitSeconds: 60,
  }),
): ComplianceSource {
  const pattern = compileContextPattern(settings.pattern);
  const maxContexts = settings.maxContexts ?? DEFAULT_MAX_CONTEXTS;
  const maxPages = Math.ceil(maxContexts / STATUS_PAGE_SIZE);
  const pages = new Map<string, CachedPage>();
  const warned = new Set<string>();
  let expectedFor: { commit: string; expected: ExpectedReporters } | undefined;
  /** The reports the last summary read, for the listing that follows it in the same poll. */
  let fresh: { commit: string; reports: FluxConfigurationReport[] } | undefined;

  const where = (target: ComplianceTarget) => repositoryOf(target, access.serverUrl);

  async function readPage(
    repository: { owner: string; repo: string; fullName: string },
    commit: string,
    page: number,
    conditional: boolean,
  ): Promise<CachedPage> {
    const key = `${commit}:${page}`;
    const cached = conditional ? pages.get(key) : undefined;
    try {
      const response = await client.octokit.request(
        'GET /repos/{owner}/{repo}/commits/{ref}/status',
        {
          owner: repository.owner,
          repo: repository.repo,
          ref: commit,
          per_page: STATUS_PAGE_SIZE,
          page,
          ...(cached ? { headers: { 'if-none-match': cached.etag } } : {}),
        },
      );
      const read: CachedPage = {
        etag: String(response.headers.etag ?? ''),
        totalCount: response.data.total_count,
        statuses: response.data.statuses.map((s) => ({
          context: s.context,
          state: s.state,
          description: s.description ?? '',
          updatedAt: s.updated_at,
        })),
      };
      if (conditional && read.etag) pages.set(key, read);
      return read;
    } catch (error) {
      if (cached && isHttpFailure(error) && error.status === 304) return cached;
      const described = describeFailure(error, {
        activity: `Reading the commit statuses of ${commit.slice(0, 7)}`,
        repository: repository.fullName,
        permission: 'statuses: read',
        tokenInput: access.tokenInput,
      });
      const status = isHttpFailure(error) ? error.status : 0;
      if (status === 0 || status >= 500 || status === 429)
        throw new ComplianceSourceError(`${described.message} Polling again.`, {
          transient: true,
          cause: error,
        });
      throw described;
    }
  }

  /** Every latest status of a commit, bounded; `requests` counts the pages asked. */
  async function readStatuses(target: ComplianceTarget, commit: string, conditional: boolean) {
    const repository = where(target);
    const statuses: ReportedStatus[] = [];
    let requests = 0;
    for (let page = 1; page <= maxPages; page += 1) {
      requests += 1;
      let read: CachedPage;
      try {
        read = await readPage(repository, commit, page, conditional);
      } catch (error) {
        if (error instanceof ComplianceSourceError)
          throw new ComplianceSourceError(error.message, {
            transient: true,
            cause: error.cause,
            requests,
          });
        throw error;
      }
      if (read.totalCount > maxContexts)
        throw new ComplianceInputError([
          `The GitOps commit ${commit.slice(0, 7)} of '${repository.fullName}' carries ${read.totalCount} commit status contexts, more than the ${maxContexts} this check reads: a cluster probably writes a new context per reconciliation. Make the Flux Provider's commitStatusExpr (or Argo CD's label) one context per cluster and object (docs/commit-status-evidence.md).`,
        ]);
      statuses.push(...read.statuses);
      if (read.statuses.length < STATUS_PAGE_SIZE || page * STATUS_PAGE_SIZE >= read.totalCount)
        break;
    }
    return { statuses, requests };
  }

  async function expectedOf(
    target: ComplianceTarget,
  ): Promise<{ expected: ExpectedReporters; requests: number }> {
    if (expectedFor?.commit === target.commit)
      return { expected: expectedFor.expected, requests: 0 };
    let requests = 0;
    let expected: ExpectedReporters;
    if (settings.expected === 'minimum') {
      expected = {
        kind: 'minimum',
        perClusterType: parseMinimumReporters(settings.minimumReporters ?? ''),
      };
    } else if (settings.expected === 'inventory') {
      requests += 1;
      const text = await readInventory(
        client,
        where(target),
        target,
        settings.inventoryFile,
        access.tokenInput,
      );
      const clusters = parseClusterInventory(text, settings.inventoryFile);
      if (!clusters.some((c) => !c.optional))
        throw new ComplianceInputError([
          `${settings.inventoryFile} on ${target.commit.slice(0, 7)} lists no cluster that must report (every one is optional, or the list is empty): a check with nobody expected would promote anything. List the clusters that deploy '${target.branch}'.`,
        ]);
      expected = { kind: 'inventory', file: settings.inventoryFile, clusters };
    } else {
      const found = await previousReporters(target);
      requests += found.requests;
      expected = { kind: 'previous', commit: found.commit, clusters: found.clusters };
    }
    expectedFor = { commit: target.commit, expected };
    return { expected, requests };
  }

  /** The reporters of the nearest earlier commit (first parents) that has any. */
  async function previousReporters(target: ComplianceTarget) {
    const repository = where(target);
    let requests = 0;
    let commit = target.commit;
    for (let n = 0; n < PREVIOUS_COMMITS; n += 1) {
      requests += 1;
      let parent: string | undefined;
      try {
        const { data } = await client.octokit.rest.repos.getCommit({
          owner: repository.owner,
          repo: repository.repo,
          ref: commit,
          per_page: 1,
        });
        parent = data.parents[0]?.sha;
      } catch (error) {
        throw describeFailure(error, {
          activity: `Reading the parent of ${commit.slice(0, 7)}`,
          repository: repository.fullName,
          permission: 'contents: read',
          tokenInput: access.tokenInput,
        });
      }
      if (!parent) break;
      commit = parent;
      const read = await readStatuses(target, commit, false);
      requests += read.requests;
      const { reporters } = reportersOf(read.statuses, pattern);
      if (reporters.size > 0)
        return {
          commit,
          requests,
          clusters: [...reporters.values()].map((r) => ({
            name: r.name,
            clusterType: r.clusterType,
          })),
        };
    }
    throw new ComplianceInputError([
      `No cluster wrote a commit status matching '${pattern.text}' on the ${PREVIOUS_COMMITS} commits of '${repository.fullName}' before ${target.commit.slice(0, 7)}, so 'expected-reporters: previous' expects nobody, which would promote anything. Use 'expected-reporters: inventory' with ${settings.inventoryFile}, or 'minimum' with 'minimum-reporters'.`,
    ]);
  }

  async function poll(target: ComplianceTarget) {
    const { expected, requests: setup } = await expectedOf(target);
    const read = await readStatuses(target, target.commit, true);
    const evidence = statusEvidence(read.statuses, pattern, expected, target);
    for (const warning of evidence.warnings) {
      if (warned.has(warning)) continue;
      warned.add(warning);
      reporter.warning(warning);
    }
    return { reports: evidence.reports, requests: setup + read.requests };
  }

  return {
    async summarize(target) {
      const { reports, requests } = await poll(target);
      fresh = { commit: target.commit, reports };
      return { groups: summarizeReports(reports), requests };
    },
    async listConfigurations(target, request) {
      let requests = 0;
      let reports = fresh?.commit === target.commit ? fresh.reports : undefined;
      fresh = undefined;
      if (!reports) ({ reports, requests } = await poll(target));
      const selected = selectReports(reports, target, request?.which ?? 'all');
      const limit = request?.limit;
      const truncated = limit !== undefined && selected.length > limit;
      return {
        configurations: truncated ? selected.slice(0, limit) : selected,
        requests,
        ...(truncated ? { truncated } : {}),
      };
    },
  };
}

/** `owner/repo` of the GitOps repository, which must be on this GitHub (tokens go nowhere else). */
function repositoryOf(target: ComplianceTarget, serverUrl: string) {
  const host = new URL(serverUrl).hostname.toLowerCase();
  const parts = target.repository.path.split('/');
  if (target.repository.host !== host || parts.length !== 2)
    throw new ComplianceInputError([
      `The GitOps repository '${target.repositoryUrl}' is not a repository of ${serverUrl}: commit-status evidence reads the statuses through this GitHub's API only (its token is sent nowhere else). Use 'evidence: azure-resource-graph' for it, or point 'gitops-repository' at '${serverUrl}/<owner>/<name>'.`,
    ]);
  const [owner = '', repo = ''] = parts;
  return { owner, repo, fullName: `${owner}/${repo}` };
}

async function readInventory(
  client: GitHubClient,
  repository: { owner: string; repo: string; fullName: string },
  target: ComplianceTarget,
  file: string,
  tokenInput: string,
): Promise<string> {
  try {
    const { data } = await client.octokit.rest.repos.getContent({
      owner: repository.owner,
      repo: repository.repo,
      path: file,
      ref: target.commit,
    });
    if (Array.isArray(data) || data.type !== 'file' || !('content' in data))
      throw new ComplianceInputError([`${file} on ${target.commit.slice(0, 7)} is not a file.`]);
    if (data.size > MAX_INVENTORY_BYTES)
      throw new ComplianceInputError([
        `${file} on ${target.commit.slice(0, 7)} has ${data.size} bytes, more than ${MAX_INVENTORY_BYTES}: list only the clusters that deploy '${target.branch}'.`,
      ]);
    return Buffer.from(data.content, 'base64').toString('utf8');
  } catch (error) {
    if (error instanceof ComplianceInputError) throw error;
    if (isHttpFailure(error) && error.status === 404)
      throw new ComplianceInputError([
        `There is no ${file} on the GitOps commit ${target.commit.slice(0, 7)} of '${repository.fullName}' (or the token in '${tokenInput}' cannot read the repository): commit-status evidence needs to know who must report. Add the inventory of the clusters on '${target.branch}' (docs/commit-status-evidence.md), or choose 'expected-reporters: previous' or 'minimum'.`,
      ]);
    throw describeFailure(error, {
      activity: `Reading ${file} on ${target.commit.slice(0, 7)}`,
      repository: repository.fullName,
      permission: 'contents: read',
      tokenInput,
    });
  }
}
