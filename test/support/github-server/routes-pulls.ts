// Pull requests, labels and review requests. Pull requests live in memory; their heads, bases and
// merges are the repository's own branches, and a merge is `merge-tree` + `commit-tree` +
// `update-ref` with the base's old value as compare-and-swap.
import type { components } from '@octokit/openapi-types';
import type { RepoStore } from './repo-store.ts';
import { latestStatuses, sameContext } from './routes-statuses.ts';
import { labelObject, ownerOf, repository, simpleUser, team } from './shapes.ts';
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
import type { RecordedLabel, RecordedPull } from './state.ts';

type Schemas = components['schemas'];
type PullBody = Schemas['pull-request'];

/** The GraphQL node id of a pull request (the GraphQL route resolves it back). */
export function pullNodeId(repoId: number, number: number): string {
  return `PR_${repoId}_${number}`;
}

/** Head commits frozen when a pull request closes (GitHub keeps showing the last head). */
const frozenHeads = new WeakMap<RecordedPull, { head: string; base: string }>();

/**
 * GitHub's merge state of an open pull request (REST `mergeable_state`, GraphQL
 * `mergeStateStatus`): `dirty` on conflicts, `blocked` while the base branch's protection rule
 * requires a status check that has not succeeded on the head or a review (none are recorded
 * here), `unstable` when mergeable with a failing or pending status, `clean` otherwise.
 */
export async function mergeState(
  store: RepoStore,
  repo: RepoRecord,
  pr: RecordedPull,
): Promise<'clean' | 'unstable' | 'blocked' | 'dirty' | 'draft' | 'unknown'> {
  const head = await store.resolveCommit(repo.fullName, `refs/heads/${pr.head}`);
  const base = await store.resolveCommit(repo.fullName, `refs/heads/${pr.base}`);
  if (pr.state !== 'open' || !head || !base) return 'unknown';
  if ((await store.mergeTree(repo.fullName, base, head)) === undefined) return 'dirty';
  if (pr.draft) return 'draft';
  const statuses = latestStatuses(repo, head);
  const rule = repo.settings.protection[pr.base];
  const succeeded = (context: string) =>
    statuses.some((s) => sameContext(s.context, context) && s.state === 'success');
  if (
    rule &&
    ((rule.required_approving_review_count ?? 0) > 0 ||
      !(rule.required_status_checks ?? []).every(succeeded))
  ) {
    return 'blocked';
  }
  return statuses.every((s) => s.state === 'success') ? 'clean' : 'unstable';
}

function labelBody(ctx: RouteContext, label: RecordedLabel): Schemas['label'] {
  return labelObject(ctx.baseUrl, ctx.repo, label);
}

async function pullBody(
  ctx: RouteContext,
  pr: RecordedPull,
  withMergeable = false,
): Promise<PullBody> {
  const repo = ctx.repo.fullName;
  const frozen = frozenHeads.get(pr);
  const head = frozen?.head ?? (await ctx.store.resolveCommit(repo, `refs/heads/${pr.head}`)) ?? '';
  const base = frozen?.base ?? (await ctx.store.resolveCommit(repo, `refs/heads/${pr.base}`)) ?? '';
  // GitHub computes mergeability in the background: lists and fresh answers say `null`/unknown.
  const state = withMergeable ? await mergeState(ctx.store, ctx.repo, pr) : 'unknown';
  const mergeable =
    !withMergeable || pr.state !== 'open' ? null : state !== 'dirty' && state !== 'unknown';
  const defaultBranch = await ctx.store.defaultBranch(repo);
  const owner = ownerOf(ctx.baseUrl, ctx.repo);
  const branch = (ref: string, sha: string) => ({
    ref,
    sha,
    label: `${ctx.repo.owner}:${ref}`,
    repo: repository(ctx.baseUrl, ctx.repo, defaultBranch),
    user: owner,
  });
  const api = `${ctx.baseUrl}/repos/${repo}`;
  const url = `${api}/pulls/${pr.number}`;
  const html = `${ctx.baseUrl}/${repo}/pull/${pr.number}`;
  const link = (href: string) => ({ href });
  const author = simpleUser(ctx.baseUrl, pr.author);
  return {
    id: ctx.repo.id * 100000 + pr.number,
    node_id: pullNodeId(ctx.repo.id, pr.number),
    number: pr.number,
    url,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${pr.number}`,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${pr.number}/comments`,
    statuses_url: `${api}/statuses/${head}`,
    state: pr.state,
    locked: false,
    active_lock_reason: null,
    title: pr.title,
    user: author,
    body: pr.body,
    draft: pr.draft,
    merged: pr.merged,
    mergeable,
    rebaseable: mergeable,
    mergeable_state: pr.state === 'open' ? state : 'unknown',
    merged_by: pr.merged ? simpleUser(ctx.baseUrl, pr.merged_by ?? pr.author) : null,
    merge_commit_sha: pr.merge_commit_sha,
    created_at: pr.created_at,
    updated_at: pr.updated_at,
    closed_at: pr.closed_at,
    merged_at: pr.merged_at,
    milestone: null,
    assignee: null,
    assignees: [],
    head: branch(pr.head, head),
    base: branch(pr.base, base),
    labels: pr.labels.flatMap((name) => {
      const label = ctx.repo.state.labels.find((l) => l.name === name);
      return label ? [labelBody(ctx, label)] : [];
    }),
    requested_reviewers: pr.requested_reviewers.map((login) => simpleUser(ctx.baseUrl, login)),
    requested_teams: pr.requested_teams.map((slug) => team(ctx.baseUrl, ctx.repo, slug)),
    _links: {
      self: link(url),
      html: link(html),
      issue: link(`${api}/issues/${pr.number}`),
      comments: link(`${api}/issues/${pr.number}/comments`),
      review_comments: link(`${url}/comments`),
      review_comment: link(`${api}/pulls/comments{/number}`),
      commits: link(`${url}/commits`),
      statuses: link(`${api}/statuses/${head}`),
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: pr.auto_merge
      ? {
          enabled_by: simpleUser(ctx.baseUrl, pr.auto_merge.enabled_by),
          merge_method: pr.auto_merge.merge_method,
          commit_title: pr.auto_merge.commit_title,
          commit_message: pr.auto_merge.commit_message,
        }
      : null,
    maintainer_can_modify: false,
    comments: 0,
    review_comments: 0,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

function findPull(ctx: RouteContext): RecordedPull {
  const pr = ctx.repo.state.pulls.find(
    (p) => p.number === Number(ctx.params.pull_number ?? ctx.params.issue_number),
  );
  if (!pr) throw notFound();
  return pr;
}

/** `owner:branch` or `branch` → `branch` (forks are not modelled). */
function branchName(ctx: RouteContext, value: string): string {
  const colon = value.indexOf(':');
  return colon >= 0 && value.slice(0, colon) === ctx.repo.owner ? value.slice(colon + 1) : value;
}

async function close(
  ctx: RouteContext,
  pr: RecordedPull,
  merge?: { commit: string; head: string; base: string },
): Promise<void> {
  const repo = ctx.repo.fullName;
  const head = merge?.head ?? (await ctx.store.resolveCommit(repo, `refs/heads/${pr.head}`)) ?? '';
  const base = merge?.base ?? (await ctx.store.resolveCommit(repo, `refs/heads/${pr.base}`)) ?? '';
  frozenHeads.set(pr, { head, base });
  const now = new Date().toISOString();
  Object.assign(pr, { state: 'closed', closed_at: now, updated_at: now });
  if (merge) Object.assign(pr, { merged: true, merged_at: now, merge_commit_sha: merge.commit });
}

/** GitHub's limit on a label name, in characters. */
const LABEL_LIMIT = 50;

export function registerPullRoutes(router: Router): void {
  router.on('POST', '/repos/{owner}/{repo}/pulls', 'pull_requests:write', async (ctx) => {
    const repo = ctx.repo.fullName;
    // The repository setting "Allow GitHub Actions to create and approve pull requests" (off in
    // a new repository) limits the workflow's GITHUB_TOKEN, not personal or App tokens.
    if (ctx.token?.kind === 'github-token' && !ctx.repo.settings.can_approve_pull_request_reviews) {
      throw new HttpError(
        403,
        'GitHub Actions is not permitted to create or approve pull requests.',
        {
          documentationUrl: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
        },
      );
    }
    const title = requireString(ctx.body, 'title', 'PullRequest');
    const head = branchName(ctx, requireString(ctx.body, 'head', 'PullRequest'));
    const base = requireString(ctx.body, 'base', 'PullRequest');
    const headSha = await ctx.store.resolveCommit(repo, `refs/heads/${head}`);
    const baseSha = await ctx.store.resolveCommit(repo, `refs/heads/${base}`);
    if (!baseSha)
      throw validationFailed({ resource: 'PullRequest', field: 'base', code: 'invalid' });
    if (!headSha)
      throw validationFailed({ resource: 'PullRequest', field: 'head', code: 'invalid' });
    const open = ctx.repo.state.pulls.find(
      (p) => p.state === 'open' && p.head === head && p.base === base,
    );
    if (open) {
      throw validationFailed({
        resource: 'PullRequest',
        code: 'custom',
        message: `A pull request already exists for ${ctx.repo.owner}:${head}.`,
      });
    }
    if (!(await ctx.store.hasCommitsBetween(repo, baseSha, headSha))) {
      throw validationFailed({
        resource: 'PullRequest',
        code: 'custom',
        message: `No commits between ${base} and ${head}`,
      });
    }
    const now = new Date().toISOString();
    const pr: RecordedPull = {
      number: ctx.repo.nextNumber++,
      author: ctx.login,
      merged_by: null,
      state: 'open',
      title,
      body: typeof ctx.body.body === 'string' ? ctx.body.body : null,
      draft: ctx.body.draft === true,
      head,
      base,
      merged: false,
      merge_commit_sha: null,
      labels: [],
      requested_reviewers: [],
      requested_teams: [],
      auto_merge: null,
      created_at: now,
      updated_at: now,
      closed_at: null,
      merged_at: null,
    };
    ctx.repo.state.pulls.push(pr);
    return { status: 201, body: await pullBody(ctx, pr) };
  });

  router.on('GET', '/repos/{owner}/{repo}/pulls', 'pull_requests:read', async (ctx) => {
    const state = ctx.query.get('state') ?? 'open';
    const head = ctx.query.get('head');
    const base = ctx.query.get('base');
    const direction = ctx.query.get('direction') ?? 'desc';
    const matching = ctx.repo.state.pulls
      .filter((p) => state === 'all' || p.state === state)
      // GitHub's head filter is `owner:branch`; a bare branch name matches nothing useful.
      .filter((p) => !head || head === `${ctx.repo.owner}:${p.head}`)
      .filter((p) => !base || base === p.base)
      .sort((a, b) => (direction === 'asc' ? a.number - b.number : b.number - a.number));
    const url = `${ctx.baseUrl}/repos/${ctx.repo.fullName}/pulls?${ctx.query.toString()}`;
    const { page, headers } = paginate(matching, ctx.query, url);
    return { body: await Promise.all(page.map((p) => pullBody(ctx, p))), headers };
  });

  router.on(
    'GET',
    '/repos/{owner}/{repo}/pulls/{pull_number}',
    'pull_requests:read',
    async (ctx) => ({
      body: await pullBody(ctx, findPull(ctx), true),
    }),
  );

  router.on(
    'PATCH',
    '/repos/{owner}/{repo}/pulls/{pull_number}',
    'pull_requests:write',
    async (ctx) => {
      const pr = findPull(ctx);
      if (typeof ctx.body.title === 'string') pr.title = ctx.body.title;
      if (typeof ctx.body.body === 'string') pr.body = ctx.body.body;
      if (typeof ctx.body.base === 'string') pr.base = ctx.body.base;
      if (ctx.body.state === 'closed' && pr.state === 'open') await close(ctx, pr);
      else if (ctx.body.state === 'open' && pr.state === 'closed' && !pr.merged) {
        frozenHeads.delete(pr);
        Object.assign(pr, { state: 'open', closed_at: null });
      } else if (
        ctx.body.state !== undefined &&
        ctx.body.state !== 'open' &&
        ctx.body.state !== 'closed'
      ) {
        throw validationFailed({ resource: 'PullRequest', field: 'state', code: 'invalid' });
      }
      pr.updated_at = new Date().toISOString();
      return { body: await pullBody(ctx, pr) };
    },
  );

  router.on('PUT', '/repos/{owner}/{repo}/pulls/{pull_number}/merge', 'contents:write', mergePull);

  router.on(
    'POST',
    '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
    'pull_requests:write',
    async (ctx) => {
      const pr = findPull(ctx);
      const reviewers = Array.isArray(ctx.body.reviewers) ? (ctx.body.reviewers as string[]) : [];
      const teams = Array.isArray(ctx.body.team_reviewers)
        ? (ctx.body.team_reviewers as string[])
        : [];
      pr.requested_reviewers = [...new Set([...pr.requested_reviewers, ...reviewers])];
      pr.requested_teams = [...new Set([...pr.requested_teams, ...teams])];
      return { status: 201, body: await pullBody(ctx, pr) };
    },
  );

  router.on(
    'POST',
    '/repos/{owner}/{repo}/issues/{issue_number}/labels',
    'pull_requests:write',
    async (ctx) => {
      const pr = findPull(ctx);
      const raw = Array.isArray(ctx.body) ? ctx.body : ctx.body.labels;
      if (!Array.isArray(raw))
        throw validationFailed({ resource: 'Label', field: 'labels', code: 'missing_field' });
      const names = (raw as unknown[]).map((entry) =>
        typeof entry === 'string' ? entry : ((entry as { name?: string }).name ?? ''),
      );
      // A label GitHub would have to create is held to its 50-character limit first.
      const tooLong = names.find(
        (name) =>
          [...name].length > LABEL_LIMIT &&
          !ctx.repo.state.labels.some((l) => l.name.toLowerCase() === name.toLowerCase()),
      );
      if (tooLong !== undefined) {
        throw new HttpError(422, 'Validation Failed', {
          errors: [{ value: tooLong, resource: 'Label', field: 'name', code: 'invalid' }],
          documentationUrl: 'https://docs.github.com/rest/issues/labels#add-labels-to-an-issue',
        });
      }
      for (const name of names) {
        // GitHub creates a label it does not know yet, with its default colour.
        if (!ctx.repo.state.labels.some((l) => l.name === name)) {
          ctx.repo.state.labels.push({
            id: ctx.nextId(),
            name,
            color: 'ededed',
            description: null,
          });
        }
        if (!pr.labels.includes(name)) pr.labels.push(name);
      }
      return { body: (await pullBody(ctx, pr)).labels };
    },
  );

  router.on(
    'DELETE',
    '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}',
    'pull_requests:write',
    async (ctx) => {
      const pr = findPull(ctx);
      const name = ctx.params.name ?? '';
      if (!pr.labels.includes(name)) throw new HttpError(404, 'Label does not exist');
      pr.labels = pr.labels.filter((l) => l !== name);
      return { body: (await pullBody(ctx, pr)).labels };
    },
  );

  router.on('GET', '/repos/{owner}/{repo}/labels/{name}', 'pull_requests:read', (ctx) => {
    const label = ctx.repo.state.labels.find(
      (l) => l.name.toLowerCase() === (ctx.params.name ?? '').toLowerCase(),
    );
    if (!label) throw notFound();
    return Promise.resolve({ body: labelBody(ctx, label) });
  });

  router.on('POST', '/repos/{owner}/{repo}/labels', 'pull_requests:write', (ctx) => {
    const name = requireString(ctx.body, 'name', 'Label');
    if ([...name].length > LABEL_LIMIT) {
      throw new HttpError(422, 'Validation Failed', {
        errors: [
          {
            resource: 'Label',
            code: 'custom',
            field: 'name',
            message: `name is too long (maximum is ${LABEL_LIMIT} characters)`,
          },
        ],
        documentationUrl: 'https://docs.github.com/rest/issues/labels#create-a-label',
      });
    }
    if (ctx.repo.state.labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) {
      throw validationFailed({ resource: 'Label', field: 'name', code: 'already_exists' });
    }
    const color = typeof ctx.body.color === 'string' ? ctx.body.color.replace(/^#/, '') : 'ededed';
    const description = typeof ctx.body.description === 'string' ? ctx.body.description : null;
    const label: RecordedLabel = { id: ctx.nextId(), name, color, description };
    ctx.repo.state.labels.push(label);
    return Promise.resolve({ status: 201, body: labelBody(ctx, label) });
  });
}

/**
 * Why GitHub refuses to merge into a protected `base`: a required status check whose newest status
 * on the head is not `success` (contexts compared case-insensitively), in GitHub's words —
 * `Required status check "ci" is expected.` (none yet, or pending), `… is failing.` (failure or
 * error), or `2 of 3 required status checks are expected.` when more than one is not passed. The
 * required checks hold for every merger (the bypass list of the rule is about pushes).
 */
function requiredChecksRefusal(ctx: RouteContext, base: string, head: string): string | undefined {
  const checks = ctx.repo.settings.protection[base]?.required_status_checks ?? [];
  if (checks.length === 0) return undefined;
  const statuses = latestStatuses(ctx.repo, head);
  const missing = checks
    .map((context) => ({
      context,
      state: statuses.find((s) => sameContext(s.context, context))?.state,
    }))
    .filter((c) => c.state !== 'success');
  const [first] = missing;
  if (!first) return undefined;
  if (missing.length > 1)
    return `${missing.length} of ${checks.length} required status checks are expected.`;
  const failing = first.state === 'failure' || first.state === 'error';
  return `Required status check "${first.context}" is ${failing ? 'failing' : 'expected'}.`;
}

async function mergePull(ctx: RouteContext) {
  const repo = ctx.repo.fullName;
  const pr = findPull(ctx);
  if (pr.state !== 'open') throw new HttpError(405, 'Pull Request is not mergeable');
  if (pr.draft) throw new HttpError(405, 'Pull Request is still a draft');
  const head = await ctx.store.resolveCommit(repo, `refs/heads/${pr.head}`);
  const base = await ctx.store.resolveCommit(repo, `refs/heads/${pr.base}`);
  if (!head || !base) throw new HttpError(405, 'Pull Request is not mergeable');
  if (typeof ctx.body.sha === 'string' && ctx.body.sha !== head) {
    throw new HttpError(409, 'Head branch was modified. Review and try the merge again.');
  }
  const refusal = requiredChecksRefusal(ctx, pr.base, head);
  if (refusal)
    throw new HttpError(405, refusal, {
      documentationUrl: 'https://docs.github.com/articles/about-protected-branches',
    });
  const method = typeof ctx.body.merge_method === 'string' ? ctx.body.merge_method : 'merge';
  if (method !== 'merge' && method !== 'squash') {
    throw new HttpError(405, `Merge method '${method}' is not implemented by the local GitHub.`);
  }
  const tree = await ctx.store.mergeTree(repo, base, head);
  if (!tree) throw new HttpError(405, 'Pull Request is not mergeable');
  const title =
    typeof ctx.body.commit_title === 'string'
      ? ctx.body.commit_title
      : method === 'squash'
        ? `${pr.title} (#${pr.number})`
        : `Merge pull request #${pr.number} from ${ctx.repo.owner}/${pr.head}`;
  const message =
    typeof ctx.body.commit_message === 'string' ? `${title}\n\n${ctx.body.commit_message}` : title;
  const parents = method === 'squash' ? [base] : [base, head];
  const commit = await ctx.store.commitTree(repo, tree, parents, message);
  if (!(await ctx.store.updateRef(repo, `refs/heads/${pr.base}`, commit, base))) {
    throw new HttpError(409, 'Base branch was modified. Review and try the merge again.');
  }
  await close(ctx, pr, { commit, head, base });
  pr.merged_by = ctx.login;
  return { body: { sha: commit, merged: true, message: 'Pull Request successfully merged' } };
}
