// The GitOps target guard: an environment's GitOps target (repository, branch, path) may not
// overlap the target of another environment of the chain, or scheduling one would remove or
// overwrite the other's manifests. Two environments may share a branch under disjoint paths
// (docs/decisions/gitops-target-guard.md).
import { parseGitHubRepositoryUrl } from '../model/github-url.ts';
import { cleanGitOpsPath } from '../model/gitops-path.ts';
import type { Problem } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import { parsePromotionChain, promotionChainPath } from '../promotion/chain.ts';
import type { ControlPlaneSources } from '../ports.ts';

/** Where one environment's manifests go. */
export interface GitOpsTarget {
  /** `owner/name`. */
  readonly repository: string;
  readonly branch: string;
  /** Repository-relative folder, cleaned; "" = the root. */
  readonly path: string;
}

/** Whether two targets can touch the same file: same repository and branch, nested or equal paths. */
export function targetsOverlap(a: GitOpsTarget, b: GitOpsTarget): boolean {
  if (a.repository.toLowerCase() !== b.repository.toLowerCase() || a.branch !== b.branch)
    return false;
  const inside = (p: string, folder: string) =>
    folder === '' || p === folder || p.startsWith(`${folder}/`);
  return inside(a.path, b.path) || inside(b.path, a.path);
}

const describe = (t: GitOpsTarget) =>
  `'${t.repository}', branch '${t.branch}', ${t.path === '' ? 'the repository root' : `path '${t.path}'`}`;

/**
 * The other environments of the chain whose GitOpsRepo overlaps this one's target (`ownTarget`
 * under `ownRepo`'s path), as problems at the
 * environment's GitOpsRepo. The chain is `main`'s at `mainCommit`; without a chain file (or one
 * that does not parse: ci-gate reports it) or without the port, there is nothing to compare.
 */
export async function overlappingTargets(
  environment: string,
  ownTarget: Omit<GitOpsTarget, 'path'>,
  ownRepo: GitOpsRepo | undefined,
  mainCommit: string | undefined,
  sources: ControlPlaneSources,
): Promise<Problem[]> {
  if (mainCommit === undefined || !sources.readGitOpsRepos) return [];
  const ownPath = ownRepo ? cleanGitOpsPath(ownRepo.path) : undefined;
  const own: GitOpsTarget = { ...ownTarget, path: ownPath?.ok ? ownPath.path : '' };
  const tree = await sources.readCommit(mainCommit);
  const bytes = tree?.get(promotionChainPath);
  if (!bytes) return [];
  let others: string[];
  try {
    others = parsePromotionChain(new TextDecoder().decode(bytes)).environments.filter(
      (e) => e !== environment,
    );
  } catch {
    return [];
  }
  if (others.length === 0) return [];
  const found = await sources.readGitOpsRepos(others);
  const where = ownRepo
    ? {
        file: ownRepo.origin.file,
        line: ownRepo.origin.line,
        object: `GitOpsRepo '${ownRepo.name}'`,
      }
    : {};
  const problems: Problem[] = [];
  for (const other of others) {
    for (const repo of found.get(other) ?? []) {
      const repository = parseGitHubRepositoryUrl(repo.repo)?.fullName;
      const path = cleanGitOpsPath(repo.path);
      if (repository === undefined || !path.ok) continue; // that environment's own run reports it
      const theirs: GitOpsTarget = { repository, branch: repo.branch, path: path.path };
      if (!targetsOverlap(own, theirs)) continue;
      problems.push({
        ...where,
        message: `the GitOps target of environment '${environment}' (${describe(own)}) overlaps the target of environment '${other}' (${describe(theirs)}, GitOpsRepo '${repo.name}' on branch '${other}'): scheduling '${environment}' would remove or overwrite the manifests of '${other}'. Give each environment its own branch, or disjoint paths on a shared branch (e.g. 'clusters/${environment}' and 'clusters/${other}').`,
      });
    }
  }
  return problems;
}
