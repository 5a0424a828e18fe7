// The Deployments API: deployments, their statuses and the environments they create, as GitHub
// answers them (docs.github.com/rest/deployments), recorded in memory beside the repository:
// - creating a deployment resolves `ref` to a commit (422 "No ref found for" otherwise); with
//   `auto_merge` (default true) a ref behind the default branch is not deployed: a branch gets the
//   default branch merged into it (202) or, on conflicts, 409; any other ref behind it gets 409;
// - `required_contexts` (default: every context with a status on the commit) must all be
//   `success`, or 409 "Conflict: Commit status checks failed for <ref>." listing the contexts;
// - a `success` status with `auto_inactive` (default true) adds an `inactive` status to the
//   earlier deployments of the same environment whose latest status is `success`, unless they are
//   transient or production deployments;
// - a deployment can be deleted when it is not active (its latest status is not `success`) or is
//   the only deployment of its environment (422 otherwise).
import type { components } from '@octokit/openapi-types';
import { resolve } from './routes-git-data.ts';
import { latestStatuses } from './routes-statuses.ts';
import {
  HttpError,
  notFound,
  paginate,
  requireString,
  validationFailed,
  type RouteContext,
  type Router,
} from './router.ts';
import { simpleUser } from './shapes.ts';
import type {
  DeploymentState,
  RecordedDeployment,
  RecordedDeploymentStatus,
  RecordedEnvironment,
} from './state.ts';

type Schemas = components['schemas'];

const deploymentStates: readonly DeploymentState[] = [
  'error',
  'failure',
  'inactive',
  'in_progress',
  'queued',
  'pending',
  'success',
];

/** GitHub's limit on a deployment status description. */
const DESCRIPTION_LIMIT = 140;

const api = (ctx: RouteContext) => `${ctx.baseUrl}/repos/${ctx.repo.fullName}`;

function deploymentBody(ctx: RouteContext, d: RecordedDeployment): Schemas['deployment'] {
  const url = `${api(ctx)}/deployments/${d.id}`;
  return {
    url,
    id: d.id,
    node_id: `DE_${d.id}`,
    sha: d.sha,
    ref: d.ref,
    task: d.task,
    payload: d.payload,
    original_environment: d.original_environment,
    environment: d.environment,
    description: d.description,
    creator: simpleUser(ctx.baseUrl, d.creator),
    created_at: d.created_at,
    updated_at: d.updated_at,
    statuses_url: `${url}/statuses`,
    repository_url: api(ctx),
    transient_environment: d.transient_environment,
    production_environment: d.production_environment,
    performed_via_github_app: null,
  };
}

function statusBody(
  ctx: RouteContext,
  d: RecordedDeployment,
  s: RecordedDeploymentStatus,
): Schemas['deployment-status'] {
  const deploymentUrl = `${api(ctx)}/deployments/${d.id}`;
  return {
    url: `${deploymentUrl}/statuses/${s.id}`,
    id: s.id,
    node_id: `DES_${s.id}`,
    state: s.state,
    creator: simpleUser(ctx.baseUrl, s.creator),
    description: s.description,
    environment: s.environment,
    target_url: s.log_url,
    created_at: s.created_at,
    updated_at: s.created_at,
    deployment_url: deploymentUrl,
    repository_url: api(ctx),
    environment_url: s.environment_url,
    log_url: s.log_url,
    performed_via_github_app: null,
  };
}

function environmentBody(ctx: RouteContext, e: RecordedEnvironment): Schemas['environment'] {
  return {
    id: e.id,
    node_id: `EN_${e.id}`,
    name: e.name,
    url: `${api(ctx)}/environments/${encodeURIComponent(e.name)}`,
    html_url: `${ctx.baseUrl}/${ctx.repo.fullName}/deployments/activity_log?environments_filter=${encodeURIComponent(e.name)}`,
    created_at: e.created_at,
    updated_at: e.updated_at,
    protection_rules: [],
    deployment_branch_policy: null,
  };
}

function findDeployment(ctx: RouteContext): RecordedDeployment {
  const found = ctx.repo.state.deployments.find((d) => d.id === Number(ctx.params.deployment_id));
  if (!found) throw notFound();
  return found;
}

const latestState = (d: RecordedDeployment): DeploymentState | undefined =>
  d.statuses.at(-1)?.state;

/** The environment a deployment names, created on first use as GitHub does. */
function ensureEnvironment(ctx: RouteContext, name: string): void {
  const now = new Date().toISOString();
  const known = ctx.repo.state.environments.find(
    (e) => e.name.toLowerCase() === name.toLowerCase(),
  );
  if (known) known.updated_at = now;
  else
    ctx.repo.state.environments.push({ id: ctx.nextId(), name, created_at: now, updated_at: now });
}

function optionalString(ctx: RouteContext, field: string, resource: string): string | undefined {
  const value = ctx.body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw validationFailed({ resource, field, code: 'invalid' });
  }
  return value;
}

function optionalBoolean(ctx: RouteContext, field: string, resource: string): boolean | undefined {
  const value = ctx.body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw validationFailed({ resource, field, code: 'invalid' });
  return value;
}

async function createDeployment(ctx: RouteContext) {
  const repo = ctx.repo.fullName;
  const ref = requireString(ctx.body, 'ref', 'Deployment');
  const sha = await resolve(ctx, ref);
  if (!sha) throw new HttpError(422, `No ref found for: ${ref}`);
  const environment = optionalString(ctx, 'environment', 'Deployment') ?? 'production';
  const task = optionalString(ctx, 'task', 'Deployment') ?? 'deploy';
  const description = optionalString(ctx, 'description', 'Deployment') ?? '';
  const payload = ctx.body.payload ?? '';
  if (typeof payload !== 'string' && (typeof payload !== 'object' || Array.isArray(payload))) {
    throw validationFailed({ resource: 'Deployment', field: 'payload', code: 'invalid' });
  }
  const required = ctx.body.required_contexts;
  if (
    required !== undefined &&
    (!Array.isArray(required) || required.some((c) => typeof c !== 'string'))
  ) {
    throw validationFailed({ resource: 'Deployment', field: 'required_contexts', code: 'invalid' });
  }

  // auto_merge: a ref behind the default branch is brought up to date (a branch) or refused.
  if (optionalBoolean(ctx, 'auto_merge', 'Deployment') ?? true) {
    const defaultBranch = await ctx.store.defaultBranch(repo);
    const defaultHead = await ctx.store.resolveCommit(repo, `refs/heads/${defaultBranch}`);
    if (defaultHead && !(await ctx.store.isAncestor(repo, defaultHead, sha))) {
      const branchRef = `refs/heads/${ref.replace(/^refs\/heads\//, '')}`;
      const branchHead = await ctx.store.resolveCommit(repo, branchRef);
      const tree = branchHead
        ? await ctx.store.mergeTree(repo, branchHead, defaultHead)
        : undefined;
      if (!branchHead || branchHead !== sha || !tree) {
        throw new HttpError(409, `Conflict merging ${defaultBranch} into ${ref}.`);
      }
      const merge = await ctx.store.commitTree(
        repo,
        tree,
        [branchHead, defaultHead],
        `Merge ${defaultBranch} into ${ref}`,
      );
      if (!(await ctx.store.updateRef(repo, branchRef, merge, branchHead))) {
        throw new HttpError(409, `Conflict merging ${defaultBranch} into ${ref}.`);
      }
      return {
        status: 202,
        body: { message: `Auto-merged ${defaultBranch} into ${ref} on deployment.` },
      };
    }
  }

  // required_contexts: by default every context with a status on the commit.
  const statuses = latestStatuses(ctx.repo, sha);
  const contexts = (required as string[] | undefined) ?? statuses.map((s) => s.context);
  const failing = contexts.filter(
    (context) =>
      !statuses.some(
        (s) => s.context.toLowerCase() === context.toLowerCase() && s.state === 'success',
      ),
  );
  if (failing.length > 0) {
    throw new HttpError(409, `Conflict: Commit status checks failed for ${ref}.`, {
      errors: [
        {
          resource: 'Deployment',
          field: 'required_contexts',
          code: 'invalid',
          contexts: statuses.map((s) => ({ context: s.context, state: s.state })),
        },
      ],
    });
  }

  const now = new Date().toISOString();
  const deployment: RecordedDeployment = {
    id: ctx.nextId(),
    sha,
    ref,
    task,
    environment,
    original_environment: environment,
    payload: payload as RecordedDeployment['payload'],
    description,
    transient_environment: optionalBoolean(ctx, 'transient_environment', 'Deployment') ?? false,
    production_environment:
      optionalBoolean(ctx, 'production_environment', 'Deployment') ?? environment === 'production',
    creator: ctx.login,
    created_at: now,
    updated_at: now,
    statuses: [],
  };
  ctx.repo.state.deployments.push(deployment);
  ensureEnvironment(ctx, environment);
  return { status: 201, body: deploymentBody(ctx, deployment) };
}

function createStatus(ctx: RouteContext) {
  const deployment = findDeployment(ctx);
  const state = ctx.body.state;
  if (!deploymentStates.includes(state as DeploymentState)) {
    throw validationFailed({
      resource: 'DeploymentStatus',
      field: 'state',
      code: 'custom',
      message: 'state is not included in the list',
    });
  }
  const description = optionalString(ctx, 'description', 'DeploymentStatus') ?? '';
  if ([...description].length > DESCRIPTION_LIMIT) {
    throw validationFailed({
      resource: 'DeploymentStatus',
      field: 'description',
      code: 'custom',
      message: `description is too long (maximum is ${DESCRIPTION_LIMIT} characters)`,
    });
  }
  // `log_url` replaces `target_url`; either sets both.
  const logUrl =
    optionalString(ctx, 'log_url', 'DeploymentStatus') ??
    optionalString(ctx, 'target_url', 'DeploymentStatus') ??
    '';
  const environment =
    optionalString(ctx, 'environment', 'DeploymentStatus') ??
    deployment.statuses.at(-1)?.environment ??
    deployment.environment;
  const now = new Date().toISOString();
  const status: RecordedDeploymentStatus = {
    id: ctx.nextId(),
    state: state as DeploymentState,
    description,
    environment,
    log_url: logUrl,
    environment_url: optionalString(ctx, 'environment_url', 'DeploymentStatus') ?? '',
    creator: ctx.login,
    created_at: now,
  };
  deployment.statuses.push(status);
  deployment.environment = environment;
  deployment.updated_at = now;
  ensureEnvironment(ctx, environment);
  if (
    status.state === 'success' &&
    (optionalBoolean(ctx, 'auto_inactive', 'DeploymentStatus') ?? true)
  ) {
    for (const earlier of ctx.repo.state.deployments) {
      if (
        earlier === deployment ||
        earlier.id > deployment.id ||
        earlier.environment !== environment ||
        earlier.transient_environment ||
        earlier.production_environment ||
        latestState(earlier) !== 'success'
      ) {
        continue;
      }
      earlier.statuses.push({
        ...earlier.statuses.at(-1)!,
        id: ctx.nextId(),
        state: 'inactive',
        description: '',
        creator: ctx.login,
        created_at: now,
      });
      earlier.updated_at = now;
    }
  }
  return Promise.resolve({ status: 201, body: statusBody(ctx, deployment, status) });
}

export function registerDeploymentRoutes(router: Router): void {
  router.on('POST', '/repos/{owner}/{repo}/deployments', 'deployments:write', createDeployment);

  router.on('GET', '/repos/{owner}/{repo}/deployments', 'deployments:read', (ctx) => {
    const filter = (name: string) => ctx.query.get(name);
    const newestFirst = [...ctx.repo.state.deployments]
      .reverse()
      .filter((d) => !filter('sha') || d.sha === filter('sha'))
      .filter((d) => !filter('ref') || d.ref === filter('ref'))
      .filter((d) => !filter('task') || d.task === filter('task'))
      .filter((d) => !filter('environment') || d.environment === filter('environment'));
    const url = `${api(ctx)}/deployments?${ctx.query.toString()}`;
    const { page, headers } = paginate(newestFirst, ctx.query, url);
    return Promise.resolve({ body: page.map((d) => deploymentBody(ctx, d)), headers });
  });

  router.on('GET', '/repos/{owner}/{repo}/deployments/{deployment_id}', 'deployments:read', (ctx) =>
    Promise.resolve({ body: deploymentBody(ctx, findDeployment(ctx)) }),
  );

  router.on(
    'DELETE',
    '/repos/{owner}/{repo}/deployments/{deployment_id}',
    'deployments:write',
    (ctx) => {
      const deployment = findDeployment(ctx);
      const deployments = ctx.repo.state.deployments;
      const sameEnvironment = deployments.filter((d) => d.environment === deployment.environment);
      if (latestState(deployment) === 'success' && sameEnvironment.length > 1) {
        throw new HttpError(422, 'Validation Failed', {
          errors: [
            'We cannot delete an active deployment unless it is the only deployment in a given environment.',
          ],
          documentationUrl:
            'https://docs.github.com/rest/deployments/deployments#delete-a-deployment',
        });
      }
      deployments.splice(deployments.indexOf(deployment), 1);
      return Promise.resolve({ status: 204 });
    },
  );

  router.on(
    'POST',
    '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    'deployments:write',
    createStatus,
  );

  router.on(
    'GET',
    '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    'deployments:read',
    (ctx) => {
      const deployment = findDeployment(ctx);
      const url = `${api(ctx)}/deployments/${deployment.id}/statuses?${ctx.query.toString()}`;
      const { page, headers } = paginate([...deployment.statuses].reverse(), ctx.query, url);
      return Promise.resolve({
        body: page.map((s) => statusBody(ctx, deployment, s)),
        headers,
      });
    },
  );

  router.on(
    'GET',
    '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses/{status_id}',
    'deployments:read',
    (ctx) => {
      const deployment = findDeployment(ctx);
      const status = deployment.statuses.find((s) => s.id === Number(ctx.params.status_id));
      if (!status) throw notFound();
      return Promise.resolve({ body: statusBody(ctx, deployment, status) });
    },
  );

  router.on('GET', '/repos/{owner}/{repo}/environments', 'metadata:read', (ctx) => {
    const url = `${api(ctx)}/environments?${ctx.query.toString()}`;
    const all = ctx.repo.state.environments;
    const { page, headers } = paginate(all, ctx.query, url);
    return Promise.resolve({
      body: { total_count: all.length, environments: page.map((e) => environmentBody(ctx, e)) },
      headers,
    });
  });

  router.on(
    'GET',
    '/repos/{owner}/{repo}/environments/{environment_name}',
    'metadata:read',
    (ctx) => {
      const name = (ctx.params.environment_name ?? '').toLowerCase();
      const found = ctx.repo.state.environments.find((e) => e.name.toLowerCase() === name);
      if (!found) throw notFound();
      return Promise.resolve({ body: environmentBody(ctx, found) });
    },
  );
}
