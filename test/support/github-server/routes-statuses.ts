// Commit statuses and workflow dispatches: recorded in memory, checked against the repository.
import type { components } from '@octokit/openapi-types';
import { parse } from 'yaml';
import { resolve } from './routes-git-data.ts';
import {
  HttpError,
  notFound,
  paginate,
  requireString,
  validationFailed,
  type RepoRecord,
  type RouteContext,
  type Router,
} from './router.ts';
import { minimalRepository, simpleUser } from './shapes.ts';
import type { RecordedStatus } from './state.ts';

type Schemas = components['schemas'];

const states = ['pending', 'success', 'failure', 'error'] as const;

/** GitHub keeps at most this many statuses per commit and context. */
const STATUSES_PER_CONTEXT = 1000;

/** Contexts compare case-insensitively on GitHub ("This field is case-insensitive"). */
export function sameContext(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The latest status of each context on a commit, contexts compared case-insensitively (a status
 * for `CI` replaces the one for `ci`), in the order the contexts first appeared.
 */
export function latestStatuses(repo: RepoRecord, sha: string): RecordedStatus[] {
  const latest = new Map<string, RecordedStatus>();
  for (const s of repo.state.statuses) if (s.sha === sha) latest.set(s.context.toLowerCase(), s);
  return [...latest.values()];
}

function statusBody(ctx: RouteContext, s: RecordedStatus): Schemas['status'] {
  const creator = simpleUser(ctx.baseUrl, s.creator);
  return {
    id: s.id,
    node_id: `SC_${s.id}`,
    url: `${ctx.baseUrl}/repos/${ctx.repo.fullName}/statuses/${s.sha}`,
    avatar_url: creator.avatar_url,
    state: s.state,
    description: s.description,
    target_url: s.target_url,
    context: s.context,
    created_at: s.created_at,
    updated_at: s.created_at,
    creator,
  };
}

export function registerStatusRoutes(router: Router): void {
  router.on('POST', '/repos/{owner}/{repo}/statuses/{sha}', 'statuses:write', async (ctx) => {
    const sha = ctx.params.sha ?? '';
    const commit = /^[0-9a-f]{40}$/.test(sha)
      ? await ctx.store.resolveCommit(ctx.repo.fullName, sha)
      : undefined;
    if (!commit) throw new HttpError(422, `No commit found for SHA: ${sha}`);
    const state = ctx.body.state;
    if (!states.includes(state as RecordedStatus['state'])) {
      throw validationFailed({
        resource: 'Status',
        field: 'state',
        code: 'custom',
        message: 'state is not included in the list',
      });
    }
    const description = typeof ctx.body.description === 'string' ? ctx.body.description : null;
    if (description !== null && description.length > 140) {
      throw validationFailed({
        resource: 'Status',
        field: 'description',
        code: 'custom',
        message: 'description is too long (maximum is 140 characters)',
      });
    }
    const context = typeof ctx.body.context === 'string' ? ctx.body.context : 'default';
    const same = ctx.repo.state.statuses.filter(
      (s) => s.sha === commit && sameContext(s.context, context),
    );
    if (same.length >= STATUSES_PER_CONTEXT) {
      throw validationFailed({
        resource: 'Status',
        code: 'custom',
        message: 'This SHA and context has reached the maximum number of statuses.',
      });
    }
    const recorded: RecordedStatus = {
      id: ctx.nextId(),
      sha: commit,
      state: state as RecordedStatus['state'],
      context,
      description,
      target_url: typeof ctx.body.target_url === 'string' ? ctx.body.target_url : null,
      creator: ctx.login,
      created_at: new Date().toISOString(),
    };
    ctx.repo.state.statuses.push(recorded);
    return { status: 201, body: statusBody(ctx, recorded) };
  });

  router.on('GET', '/repos/{owner}/{repo}/commits/{ref}/status', 'statuses:read', async (ctx) => {
    const sha = await resolve(ctx, ctx.params.ref ?? '');
    if (!sha) throw notFound();
    // The state combines every context; the statuses page (30 a page unless `per_page`, at most
    // 100), with GitHub's Link header.
    const list = latestStatuses(ctx.repo, sha);
    const state = list.some((s) => s.state === 'failure' || s.state === 'error')
      ? 'failure'
      : list.length > 0 && list.every((s) => s.state === 'success')
        ? 'success'
        : 'pending';
    const api = `${ctx.baseUrl}/repos/${ctx.repo.fullName}`;
    const url = `${api}/commits/${encodeURIComponent(ctx.params.ref ?? '')}/status`;
    const { page, headers } = paginate(list, ctx.query, url);
    const body: Schemas['combined-commit-status'] = {
      state,
      sha,
      total_count: list.length,
      statuses: page.map((s) => statusBody(ctx, s)),
      repository: minimalRepository(ctx.baseUrl, ctx.repo),
      commit_url: `${api}/commits/${sha}`,
      url: `${api}/commits/${sha}/status`,
    };
    return { body, headers };
  });

  router.on('GET', '/repos/{owner}/{repo}/commits/{ref}/statuses', 'statuses:read', async (ctx) => {
    const sha = await resolve(ctx, ctx.params.ref ?? '');
    if (!sha) throw notFound();
    const newestFirst = ctx.repo.state.statuses.filter((s) => s.sha === sha).reverse();
    const url = `${ctx.baseUrl}/repos/${ctx.repo.fullName}/commits/${ctx.params.ref}/statuses`;
    const { page, headers } = paginate(newestFirst, ctx.query, url);
    return { body: page.map((s) => statusBody(ctx, s)), headers };
  });

  router.on(
    'POST',
    '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
    'actions:write',
    dispatchWorkflow,
  );
}

interface DispatchInput {
  required?: boolean;
  default?: unknown;
}

async function dispatchWorkflow(ctx: RouteContext) {
  const repo = ctx.repo.fullName;
  const ref = requireString(ctx.body, 'ref', 'WorkflowDispatch');
  const sha = await resolve(ctx, ref);
  if (!sha) throw new HttpError(422, `No ref found for: ${ref}`);
  const workflowId = ctx.params.workflow_id ?? '';
  const file = await ctx.store.readFile(repo, sha, `.github/workflows/${workflowId}`);
  if (!file) throw notFound();
  const workflow = parse(file.content.toString('utf8')) as { on?: unknown; true?: unknown } | null;
  // YAML 1.1 readers turn a bare `on:` key into `true`; GitHub reads it as `on`.
  const on = workflow?.on ?? workflow?.true;
  const trigger =
    typeof on === 'string'
      ? on === 'workflow_dispatch'
        ? {}
        : undefined
      : Array.isArray(on)
        ? on.includes('workflow_dispatch')
          ? {}
          : undefined
        : (on as Record<string, unknown> | undefined)?.workflow_dispatch !== undefined
          ? (((on as Record<string, unknown>).workflow_dispatch ?? {}) as {
              inputs?: Record<string, DispatchInput>;
            })
          : undefined;
  if (!trigger) throw new HttpError(422, "Workflow does not have 'workflow_dispatch' trigger");
  const declared = trigger.inputs ?? {};
  const inputs = (ctx.body.inputs ?? {}) as Record<string, unknown>;
  const unexpected = Object.keys(inputs).filter((name) => !(name in declared));
  if (unexpected.length > 0) {
    throw new HttpError(422, `Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
  }
  for (const [name, input] of Object.entries(declared)) {
    if (input?.required === true && input.default === undefined && inputs[name] === undefined) {
      throw new HttpError(422, `Required input '${name}' not provided`);
    }
  }
  const runId = ctx.nextId();
  ctx.repo.state.dispatches.push({ workflow_id: workflowId, ref, inputs, run_id: runId });
  if (ctx.body.return_run_details === true) {
    const html = `${ctx.baseUrl}/${repo}/actions/runs/${runId}`;
    return {
      status: 200,
      body: {
        workflow_run_id: runId,
        run_url: `${ctx.baseUrl}/repos/${repo}/actions/runs/${runId}`,
        html_url: html,
      },
    };
  }
  return { status: 204 };
}
