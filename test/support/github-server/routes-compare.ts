// Comparing two commits (`GET /repos/{owner}/{repo}/compare/{base}...{head}`): the `status` field,
// the counts and the commits from git's own ancestry (at most 250, as GitHub lists). No file list
// (nobody here reads it).
import type { components } from '@octokit/openapi-types';
import { commitBody, resolve } from './routes-git-data.ts';
import { HttpError, type Router } from './router.ts';

/** GitHub lists at most this many commits in a comparison. */
const COMMITS_LISTED = 250;

export function registerCompareRoutes(router: Router): void {
  router.on('GET', '/repos/{owner}/{repo}/compare/{basehead}', 'contents:read', async (ctx) => {
    const basehead = decodeURIComponent(ctx.params.basehead ?? '');
    const match = /^(.+?)\.\.\.(.+)$/.exec(basehead);
    if (!match) throw new HttpError(404, 'Not Found');
    const [base, head] = [await resolve(ctx, match[1]!), await resolve(ctx, match[2]!)];
    if (!base || !head) throw new HttpError(404, 'Not Found');
    const repo = ctx.repo.fullName;
    const mergeBase =
      (await ctx.store.git(repo, ['merge-base', base, head]).catch(() => '')) || base;
    const [behind = 0, ahead = 0] = (
      await ctx.store.git(repo, ['rev-list', '--left-right', '--count', `${base}...${head}`])
    )
      .split(/\s+/)
      .map(Number);
    const status =
      base === head ? 'identical' : behind === 0 ? 'ahead' : ahead === 0 ? 'behind' : 'diverged';
    const listed = (
      await ctx.store.git(repo, [
        'rev-list',
        '--reverse',
        `--max-count=${COMMITS_LISTED}`,
        `${base}..${head}`,
      ])
    )
      .split('\n')
      .filter(Boolean);
    const api = `${ctx.baseUrl}/repos/${repo}`;
    const html = `${ctx.baseUrl}/${repo}/compare/${basehead}`;
    const body: components['schemas']['commit-comparison'] = {
      url: `${api}/compare/${basehead}`,
      html_url: html,
      permalink_url: `${ctx.baseUrl}/${repo}/compare/${base}...${head}`,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      base_commit: await commitBody(ctx, base),
      merge_base_commit: await commitBody(ctx, mergeBase),
      status,
      ahead_by: ahead,
      behind_by: behind,
      total_commits: ahead,
      commits: await Promise.all(listed.map((sha) => commitBody(ctx, sha))),
      files: [],
    };
    return { body };
  });
}
