// The deployments ledger read back from GitHub's Deployments API, as pure logic over one read
// port (`DeploymentsReader`: a page of deployments, the statuses of one), so the actions' adapter
// (packages/github/src/deployment-ledger.ts) and the CLI (`kalypso status`) read it the same way
// (docs/decisions/deployments-ledger.md). Every read is bounded: at most LEDGER_PAGES pages of
// LEDGER_PAGE_SIZE deployments and LEDGER_STATUS_READS status lists per question.
import { evidenceCountsOf } from './evidence.ts';
import type { DeploymentLedger, LedgerEntry, LedgerPayload, LedgerState } from './ledger.ts';

/** The `task` of every deployment a promotion writes. */
export const PROMOTE_TASK = 'kalypso:promote';
/** Deployments per page (GitHub's maximum). */
export const LEDGER_PAGE_SIZE = 100;
/** Pages of deployments read at most for one question. */
export const LEDGER_PAGES = 3;
/** Deployments whose statuses are read at most for one question. */
export const LEDGER_STATUS_READS = 30;

/** A deployment as the API lists it (the fields the ledger reads). */
export interface RawDeployment {
  readonly id: number;
  readonly sha: string;
  readonly environment: string;
  readonly created_at: string;
  readonly payload: unknown;
}

/** A deployment status as the API lists it (the fields the ledger reads). */
export interface RawDeploymentStatus {
  readonly state: string;
  readonly created_at: string;
  readonly description?: string | null;
  readonly log_url?: string | null;
  readonly environment_url?: string | null;
}

/** Port: the raw reads of the Deployments API on the control-plane repository. */
export interface DeploymentsReader {
  /** One page of deployments, newest first (`GET /repos/{o}/{r}/deployments`). */
  listDeployments(query: {
    readonly environment: string;
    readonly task: string;
    readonly sha?: string;
    readonly page: number;
    readonly perPage: number;
  }): Promise<readonly RawDeployment[]>;
  /** The statuses of one deployment, newest first, at most 100. */
  listStatuses(deploymentId: number): Promise<readonly RawDeploymentStatus[]>;
}

const states: readonly LedgerState[] = [
  'queued',
  'in_progress',
  'success',
  'failure',
  'error',
  'inactive',
];

/** `pending` (an older client's word) reads as queued; anything unknown as error. */
function stateOf(value: string): LedgerState {
  if (value === 'pending') return 'queued';
  return (states as readonly string[]).includes(value) ? (value as LedgerState) : 'error';
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

/** Who and why, when the payload holds both as strings. */
function reasonOf(v: unknown): { reason: string; by: string } | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { reason, by } = v as Record<string, unknown>;
  return typeof reason === 'string' && typeof by === 'string' ? { reason, by } : undefined;
}

/** The payload's known fields, each checked for its type; anything else is left out. */
export function ledgerPayloadOf(raw: unknown): LedgerPayload {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const p = value as Record<string, unknown>;
  const evidence = p.evidence as Record<string, unknown> | undefined;
  const counts =
    typeof evidence === 'object' && evidence !== null && typeof evidence.source === 'string'
      ? ['clusters', 'deployed', 'failed', 'unknown'].map((k) => num(evidence[k]))
      : undefined;
  const out: Record<string, unknown> = {
    gitopsRepository: str(p.gitopsRepository),
    gitopsBranch: str(p.gitopsBranch),
    pullRequest: num(p.pullRequest),
    gitopsCommit: str(p.gitopsCommit),
    evidence:
      counts && counts.every((n) => n !== undefined)
        ? {
            source: evidence!.source,
            clusters: counts[0],
            deployed: counts[1],
            failed: counts[2],
            unknown: counts[3],
          }
        : undefined,
    breakGlass: reasonOf(p.breakGlass),
    skippedChain: reasonOf(p.skippedChain),
    revertOf: str(p.revertOf),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/** One deployment and its statuses (newest first) as a ledger entry. */
export function ledgerEntryOf(
  deployment: RawDeployment,
  statuses: readonly RawDeploymentStatus[],
): LedgerEntry {
  const latest = statuses[0];
  const successes = statuses.filter((s) => s.state === 'success');
  const logUrl = str(latest?.log_url);
  const environmentUrl = statuses.map((s) => str(s.environment_url)).find((u) => u);
  const succeededAt = successes.at(-1)?.created_at;
  const evidence = statuses.map((s) => evidenceCountsOf(s.description)).find((e) => e);
  return {
    environment: deployment.environment,
    commit: deployment.sha,
    // A deployment without a status yet was created and nothing more: queued.
    state: latest ? stateOf(latest.state) : 'queued',
    since: latest?.created_at ?? deployment.created_at,
    ...(succeededAt ? { succeededAt } : {}),
    ...(logUrl ? { logUrl } : {}),
    ...(environmentUrl ? { environmentUrl } : {}),
    ...(evidence ? { evidence } : {}),
    payload: { ...fromUrls(statuses), ...ledgerPayloadOf(deployment.payload) },
  };
}

/**
 * What the statuses' environment URLs add to a payload written before the GitOps side was known
 * (a deployment is immutable; its statuses link the pull request, then the merged commit).
 */
function fromUrls(statuses: readonly RawDeploymentStatus[]): LedgerPayload {
  const out: { gitopsRepository?: string; pullRequest?: number; gitopsCommit?: string } = {};
  for (const status of [...statuses].reverse()) {
    const match = /\/([\w.-]+\/[\w.-]+)\/(pull|commit)\/(\w+)$/.exec(
      str(status.environment_url) ?? '',
    );
    if (!match) continue;
    out.gitopsRepository = match[1]!;
    if (match[2] === 'pull' && /^\d{1,9}$/.test(match[3]!)) out.pullRequest = Number(match[3]);
    if (match[2] === 'commit' && /^[0-9a-f]{40}$/.test(match[3]!)) out.gitopsCommit = match[3]!;
  }
  return out;
}

/**
 * The ledger over `reader`. Each question lists the environment's promotion deployments newest
 * first (at most LEDGER_PAGES pages) and reads their statuses one by one until it has its answer
 * (at most LEDGER_STATUS_READS of them).
 */
export function ledgerOver(reader: DeploymentsReader): DeploymentLedger {
  async function* entries(environment: string, sha?: string): AsyncGenerator<LedgerEntry> {
    let reads = 0;
    for (let page = 1; page <= LEDGER_PAGES; page += 1) {
      const deployments = await reader.listDeployments({
        environment,
        task: PROMOTE_TASK,
        ...(sha ? { sha } : {}),
        page,
        perPage: LEDGER_PAGE_SIZE,
      });
      for (const deployment of deployments) {
        if (reads >= LEDGER_STATUS_READS) return;
        reads += 1;
        yield ledgerEntryOf(deployment, await reader.listStatuses(deployment.id));
      }
      if (deployments.length < LEDGER_PAGE_SIZE) return;
    }
  }
  async function first(
    environment: string,
    accept: (entry: LedgerEntry) => boolean,
    sha?: string,
  ): Promise<LedgerEntry | undefined> {
    for await (const entry of entries(environment, sha)) if (accept(entry)) return entry;
    return undefined;
  }
  return {
    async deployedSince(environment, commit) {
      const entry = await first(environment, () => true, commit);
      return entry?.state === 'success' ? entry.since : undefined;
    },
    current: (environment) => first(environment, (e) => e.state === 'success'),
    lastSuccessful: (environment, except) =>
      first(environment, (e) => e.succeededAt !== undefined && e.commit !== except),
    async history(environment, limit) {
      const out: LedgerEntry[] = [];
      if (limit <= 0) return out;
      for await (const entry of entries(environment)) {
        out.push(entry);
        if (out.length >= limit) break;
      }
      return out;
    },
  };
}
