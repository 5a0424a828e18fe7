// Issue comments on pull requests (list, create, update), as GitHub's REST API answers them. The
// comments live in memory beside the repository's other state.
import type { components } from '@octokit/openapi-types';
import {
  notFound,
  paginate,
  requireString,
  validationFailed,
  type RepoRecord,
  type RouteContext,
  type Router,
} from './router.ts';
import { simpleUser } from './shapes.ts';

type CommentBody = components['schemas']['issue-comment'];

interface RecordedComment {
  id: number;
  issue: number;
  body: string;
  /** The login of the token that wrote it. */
  author: string;
  created_at: string;
  updated_at: string;
}

const comments = new WeakMap<RepoRecord, RecordedComment[]>();

function commentsOf(repo: RepoRecord): RecordedComment[] {
  let found = comments.get(repo);
  if (!found) comments.set(repo, (found = []));
  return found;
}

/** Comments exist on pull requests only here (issues are not modelled). */
function issueNumber(ctx: RouteContext): number {
  const number = Number(ctx.params.issue_number);
  if (!ctx.repo.state.pulls.some((p) => p.number === number)) throw notFound();
  return number;
}

function commentBody(ctx: RouteContext, c: RecordedComment): CommentBody {
  const repo = ctx.repo.fullName;
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${ctx.baseUrl}/repos/${repo}/issues/comments/${c.id}`,
    html_url: `${ctx.baseUrl}/${repo}/pull/${c.issue}#issuecomment-${c.id}`,
    issue_url: `${ctx.baseUrl}/repos/${repo}/issues/${c.issue}`,
    body: c.body,
    created_at: c.created_at,
    updated_at: c.updated_at,
    user: simpleUser(ctx.baseUrl, c.author),
    author_association: 'CONTRIBUTOR',
  };
}

/** GitHub refuses longer bodies with 422 "body is too long (maximum is 65536 characters)". */
function checkedBody(ctx: RouteContext): string {
  const body = requireString(ctx.body, 'body', 'IssueComment');
  if (body.length > 65_536)
    throw validationFailed({
      resource: 'IssueComment',
      field: 'body',
      code: 'custom',
      message: 'body is too long (maximum is 65536 characters)',
    });
  return body;
}

export function registerCommentRoutes(router: Router): void {
  router.on(
    'GET',
    '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    'pull_requests:read',
    (ctx) => {
      const number = issueNumber(ctx);
      const list = commentsOf(ctx.repo).filter((c) => c.issue === number);
      const url = `${ctx.baseUrl}/repos/${ctx.repo.fullName}/issues/${number}/comments?${ctx.query.toString()}`;
      const { page, headers } = paginate(list, ctx.query, url);
      return Promise.resolve({ body: page.map((c) => commentBody(ctx, c)), headers });
    },
  );

  router.on(
    'POST',
    '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    'pull_requests:write',
    (ctx) => {
      const issue = issueNumber(ctx);
      const now = new Date().toISOString();
      const comment = {
        id: ctx.nextId(),
        issue,
        body: checkedBody(ctx),
        author: ctx.login,
        created_at: now,
        updated_at: now,
      };
      commentsOf(ctx.repo).push(comment);
      return Promise.resolve({ status: 201, body: commentBody(ctx, comment) });
    },
  );

  router.on(
    'PATCH',
    '/repos/{owner}/{repo}/issues/comments/{comment_id}',
    'pull_requests:write',
    (ctx) => {
      const comment = commentsOf(ctx.repo).find((c) => c.id === Number(ctx.params.comment_id));
      if (!comment) throw notFound();
      // As on GitHub, a token with pull-requests: write may edit anyone's comment: which comment
      // to rewrite is the caller's decision.
      comment.body = checkedBody(ctx);
      comment.updated_at = new Date().toISOString();
      return Promise.resolve({ body: commentBody(ctx, comment) });
    },
  );
}
