// `kalypso status`: which main commit runs in which environment of the promotion chain, since when,
// by which run, and what is waiting — read from the deployments ledger (GitHub's Deployments API
// of the control-plane repository) and its commit statuses, with core's reader (`ledgerOver`,
// `readChainView`). Read-only; the token (GITHUB_TOKEN or GH_TOKEN) goes to the API origin only,
// and no redirect is followed (docs/decisions/deployments-ledger.md).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  chainStateLine,
  evidenceCountsText,
  environmentStatusContext,
  ledgerOver,
  parsePromotionChain,
  promotionChainPath,
  readChainView,
  UserError,
  type DeploymentsReader,
  type LedgerEntry,
  type LedgerEnvironmentView,
  type StatusText,
} from '@kalypso/core';
import { CommandUsageError, type ParsedOptions } from './commands.ts';
import { findCommand } from './commands.ts';
import { printable, type Terminal } from './terminal.ts';

const run = promisify(execFile);

/** Answers of GitHub larger than this are refused (a page of 100 deployments is far smaller). */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 30_000;

/** A GitHub repository and the REST API it is read through. */
export interface StatusTarget {
  readonly repository: string;
  readonly apiUrl: string;
  /** The web URL of the repository, for links. */
  readonly webUrl: string;
}

/** `owner/name` and host of a remote URL (https or ssh), if it is one. */
export function remoteRepository(url: string): { host: string; repository: string } | undefined {
  const trimmed = url.trim();
  const ssh = /^(?:ssh:\/\/)?[\w.-]+@([\w.-]+)(?::\d+)?[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(
    trimmed,
  );
  if (ssh) return { host: ssh[1]!, repository: ssh[2]! };
  try {
    const parsed = new URL(trimmed);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
    const path = parsed.pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
    return /^[\w.-]+\/[\w.-]+$/.test(path) ? { host: parsed.host, repository: path } : undefined;
  } catch {
    return undefined;
  }
}

/** Where `kalypso status` reads: --repo / --api-url, else the origin of the clone in `cwd`. */
export async function statusTarget(
  values: ParsedOptions,
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<StatusTarget> {
  const command = findCommand('status');
  let repository = typeof values.repo === 'string' ? values.repo.trim() : undefined;
  let host: string | undefined;
  if (repository === undefined) {
    const origin = await run('git', ['config', '--get', 'remote.origin.url'], { cwd }).then(
      (r) => r.stdout,
      () => '',
    );
    const remote = remoteRepository(origin);
    if (!remote)
      throw new CommandUsageError(
        '--repo <owner/name> is required outside a clone of the control-plane repository (no GitHub remote "origin" here).',
        command,
      );
    ({ repository, host } = remote);
  }
  if (!/^[\w.-]{1,100}\/[\w.-]{1,100}$/.test(repository))
    throw new CommandUsageError(
      `--repo must be owner/name, not '${printable(repository)}'.`,
      command,
    );
  const given =
    typeof values['api-url'] === 'string' ? values['api-url'] : (env.GITHUB_API_URL ?? undefined);
  const apiUrl = (
    given ??
    (host === undefined || host === 'github.com'
      ? 'https://api.github.com'
      : `https://${host}/api/v3`)
  ).replace(/\/+$/, '');
  let api: URL;
  try {
    api = new URL(apiUrl);
  } catch {
    throw new CommandUsageError(`--api-url must be a URL, not '${printable(apiUrl)}'.`, command);
  }
  if (api.protocol !== 'https:' && !(api.protocol === 'http:' && isLoopback(api.hostname)))
    throw new CommandUsageError(
      `--api-url must be https:// (http:// only on this machine), not '${printable(apiUrl)}'.`,
      command,
    );
  const web =
    api.hostname === 'api.github.com'
      ? 'https://github.com'
      : api.pathname.endsWith('/api/v3')
        ? `${api.origin}${api.pathname.slice(0, -'/api/v3'.length)}`
        : `${api.origin}${api.pathname}`;
  return { repository, apiUrl, webUrl: `${web.replace(/\/+$/, '')}/${repository}` };
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** A failed read of the GitHub API, saying what to do. */
export class StatusReadError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'StatusReadError';
  }
}

/** GET requests to the GitHub REST API: the token to the API origin only, redirects refused. */
export function githubReader(target: StatusTarget, token: string | undefined) {
  return async function get<T>(
    path: string,
    query: Record<string, string | number> = {},
    need = 'contents: read',
  ): Promise<T | undefined> {
    const url = new URL(`${target.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        headers: {
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'kalypso-cli',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    } catch (error) {
      throw new StatusReadError(
        `Could not reach ${target.apiUrl} (${error instanceof Error ? error.message : String(error)}). Check --api-url.`,
      );
    }
    if (response.status === 404) return undefined;
    const text = await response.text();
    if (text.length > MAX_RESPONSE_BYTES)
      throw new StatusReadError(
        `${path}: GitHub's answer is larger than ${MAX_RESPONSE_BYTES} bytes.`,
      );
    if (!response.ok) {
      let reason = response.statusText;
      try {
        const message = (JSON.parse(text) as { message?: unknown }).message;
        if (typeof message === 'string') reason = message;
      } catch {
        // not JSON: the status text
      }
      const fix =
        response.status === 401
          ? ' The token in GITHUB_TOKEN / GH_TOKEN is not valid: pass a valid one.'
          : response.status === 403
            ? ` Give the token in GITHUB_TOKEN / GH_TOKEN '${need}' on ${target.repository} (or wait for the rate limit).`
            : '';
      throw new StatusReadError(
        `Reading ${printable(path)} of ${target.apiUrl} failed: ${response.status} ${printable(reason)}.${fix}`,
      );
    }
    return JSON.parse(text) as T;
  };
}

/** The deployments reader of `kalypso status`. */
function deploymentsReader(
  get: ReturnType<typeof githubReader>,
  repository: string,
): DeploymentsReader {
  return {
    async listDeployments({ environment, task, sha, page, perPage }) {
      const query = { environment, task, page, per_page: perPage, ...(sha ? { sha } : {}) };
      return (await get(`/repos/${repository}/deployments`, query, 'deployments: read')) ?? [];
    },
    async listStatuses(id) {
      return (
        (await get(
          `/repos/${repository}/deployments/${id}/statuses`,
          { per_page: 100 },
          'deployments: read',
        )) ?? []
      );
    },
  };
}

interface CommitInfo {
  readonly commit: string;
  readonly subject?: string;
}

/** What `kalypso status --format json` prints. */
export interface StatusDocument {
  readonly repository: string;
  readonly chain: readonly string[];
  readonly line: string;
  readonly environments: readonly {
    readonly environment: string;
    readonly state: LedgerEntry['state'] | 'none' | 'unreadable';
    readonly current: (CommitInfo & Omit<LedgerEntry, 'commit' | 'environment'>) | null;
    readonly latest:
      | (CommitInfo &
          Omit<LedgerEntry, 'commit' | 'environment'> & { readonly status?: StatusText })
      | null;
    readonly waiting: (CommitInfo & { readonly status?: StatusText }) | null;
    readonly unreadable?: string;
  }[];
}

/** Reads the chain, the ledger and the statuses of `target`. */
export async function readStatus(
  target: StatusTarget,
  token: string | undefined,
): Promise<StatusDocument> {
  const get = githubReader(target, token);
  const { repository } = target;
  const repo = await get<{ default_branch: string }>(`/repos/${repository}`);
  if (!repo)
    throw new StatusReadError(
      `Repository ${repository} not found at ${target.apiUrl} (or the token in GITHUB_TOKEN / GH_TOKEN cannot read it).`,
    );
  const file = await get<{ content?: string; encoding?: string }>(
    `/repos/${repository}/contents/${promotionChainPath}`,
    { ref: repo.default_branch },
  );
  if (!file?.content)
    throw new StatusReadError(
      `${repository} has no ${promotionChainPath} on ${printable(repo.default_branch)}: kalypso status follows the promotion chain.`,
    );
  const chain = parsePromotionChain(
    Buffer.from(file.content, 'base64').toString('utf8'),
  ).environments;
  const statusCache = new Map<
    string,
    Promise<readonly { context: string; state: string; description: string | null }[]>
  >();
  const statusOf = async (commit: string, environment: string): Promise<StatusText | undefined> => {
    if (!statusCache.has(commit))
      statusCache.set(
        commit,
        get<{ statuses: { context: string; state: string; description: string | null }[] }>(
          `/repos/${repository}/commits/${commit}/status`,
          { per_page: 100 },
          'statuses: read',
        ).then((r) => r?.statuses ?? []),
      );
    const found = (await statusCache.get(commit)!).find(
      (s) => s.context === environmentStatusContext(environment),
    );
    return found
      ? { state: found.state as StatusText['state'], description: found.description ?? '' }
      : undefined;
  };
  const views = await readChainView(
    chain,
    ledgerOver(deploymentsReader(get, repository)),
    statusOf,
  );
  const subjects = new Map<string, Promise<string | undefined>>();
  const info = async (commit: string): Promise<CommitInfo> => {
    if (!subjects.has(commit))
      subjects.set(
        commit,
        get<{ commit: { message: string } }>(`/repos/${repository}/commits/${commit}`)
          .then((c) => c?.commit.message.split('\n')[0]?.slice(0, 200))
          .catch(() => undefined),
      );
    const subject = await subjects.get(commit)!;
    return { commit, ...(subject !== undefined ? { subject } : {}) };
  };
  const entry = async ({ environment: _e, commit, ...rest }: LedgerEntry) => ({
    ...(await info(commit)),
    ...rest,
  });
  const environments = [];
  for (const v of views) {
    const status = v.latest
      ? await statusOf(v.latest.commit, v.environment).catch(() => undefined)
      : undefined;
    environments.push({
      environment: v.environment,
      state:
        v.unreadable !== undefined
          ? ('unreadable' as const)
          : ((v.latest ?? v.current)?.state ?? ('none' as const)),
      current: v.current ? await entry(v.current) : null,
      latest: v.latest ? { ...(await entry(v.latest)), ...(status ? { status } : {}) } : null,
      waiting: v.waiting
        ? {
            ...(await info(v.waiting.commit)),
            ...(v.waiting.status ? { status: v.waiting.status } : {}),
          }
        : null,
      ...(v.unreadable !== undefined ? { unreadable: v.unreadable } : {}),
    });
  }
  return {
    repository,
    chain,
    line: chainStateLine(views as LedgerEnvironmentView[]),
    environments,
  };
}

/** The text form: the chain line, then one block per environment. */
export function formatStatusText(doc: StatusDocument, terminal: Terminal): string {
  const p = terminal.out;
  const subject = (c: CommitInfo) => (c.subject ? ` ${printable(c.subject)}` : '');
  const lines = [
    p.bold(`Which version runs where: ${doc.repository}`),
    '',
    printable(doc.line),
    '',
  ];
  const width = Math.max(...doc.chain.map((e) => e.length));
  for (const e of doc.environments) {
    const head = e.environment.padEnd(width);
    const pad = ' '.repeat(width + 2);
    if (e.unreadable !== undefined) {
      lines.push(`${head}  ❔ ledger not readable: ${printable(e.unreadable)}`);
      continue;
    }
    lines.push(
      e.current
        ? `${head}  ✅ ${e.current.commit.slice(0, 7)}${subject(e.current)}`
        : `${head}  · nothing deployed (no success in the ledger)`,
    );
    if (e.current) {
      lines.push(
        `${pad}since ${e.current.since}${e.current.logUrl ? `, by ${printable(e.current.logUrl)}` : ''}`,
      );
      if (e.current.evidence)
        lines.push(`${pad}${printable(evidenceCountsText(e.current.evidence))}`);
    }
    if (e.latest) {
      const what = e.latest.status?.description ?? e.latest.state.replace('_', ' ');
      lines.push(
        `${pad}${e.latest.state === 'failure' || e.latest.state === 'error' ? '❌' : '⏳'} ${e.latest.commit.slice(0, 7)}${subject(e.latest)}: ${printable(what)} (since ${e.latest.since})`,
      );
      if (e.latest.evidence)
        lines.push(`${pad}  ${printable(evidenceCountsText(e.latest.evidence))}`);
    }
    if (e.waiting) {
      lines.push(
        `${pad}waiting: ${e.waiting.commit.slice(0, 7)}${subject(e.waiting)}: ${printable(e.waiting.status?.description ?? 'deployed in the previous environment, not promoted here yet')}`,
      );
    }
  }
  return lines.join('\n');
}

/** `kalypso status`: prints the view; 0, or 1 when the ledger cannot be read at all. */
export async function statusCommand(values: ParsedOptions, terminal: Terminal): Promise<number> {
  const target = await statusTarget(values, process.env, process.cwd());
  const token = process.env.GITHUB_TOKEN || process.env.GH_TOKEN || undefined;
  terminal.progress.update(`Reading the deployments ledger of ${target.repository}`);
  const doc = await readStatus(target, token);
  terminal.progress.clear();
  console.log(
    values.format === 'json' ? JSON.stringify(doc, null, 2) : formatStatusText(doc, terminal),
  );
  return doc.environments.every((e) => e.unreadable !== undefined) ? 1 : 0;
}
