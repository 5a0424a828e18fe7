// Comparing two commits (`GET /repos/{owner}/{repo}/compare/{base}...{head}`): the `status` field
// and the counts, from git's own ancestry. No file list (nobody here reads it).
import { resolve } from './routes-git-data.ts';
import { HttpError, type Router } from './router.ts';

export function registerCompareRoutes(router: Router): void {
  router.on('GET', '/repos/{owner}/{repo}/compare/{basehead}', 'contents:read', async (ctx) => {
    const match = /^(.+?)\.\.\.(.+)$/.exec(decodeURIComponent(ctx.params.basehead ?? ''));
    if (!match) throw new HttpError(404, 'Not Found');
    const [base, head] = [await resolve(ctx, match[1]!), await resolve(ctx, match[2]!)];
    if (!base || !head) throw new HttpError(404, 'Not Found');
    const repo = ctx.repo.fullName;
    const baseInHead = await ctx.store.isAncestor(repo, base, head);
    const headInBase = await ctx.store.isAncestor(repo, head, base);
    const status =
      base === head ? 'identical' : baseInHead ? 'ahead' : headInBase ? 'behind' : 'diverged';
    return {
      body: { status, base_commit: { sha: base }, merge_base_commit: {}, commits: [], files: [] },
    };
  });
}
