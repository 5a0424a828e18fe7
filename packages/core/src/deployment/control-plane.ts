// What a deployment check reads: the control-plane repository (default branch, promotion chain,
// the environment branch's GitOpsRepo) and the GitOps repository's history (the tracking file).
// Ports only: the GitHub implementations live in packages/github/src/repository-contents.ts.
import { loadSource } from '../model/load.ts';
import { ControlPlaneError, ProblemList } from '../model/problem.ts';
import type { GitOpsRepo } from '../model/types.ts';
import type { Reporter } from '../ports.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { isCommitId } from '../promotion/base-repo.ts';
import { nextEnvironment, parsePromotionChain } from '../promotion/chain.ts';
import { environmentPolicy } from '../policy/evaluate.ts';
import type { EnvironmentPolicy } from '../policy/types.ts';

/** The control-plane repository, read-only. */
export interface ControlPlaneRepository {
  /** `owner/name`. */
  readonly repository: string;
  defaultBranch(): Promise<string>;
  /** The text of a file at `ref`, or undefined when the file (or the ref) does not exist. */
  readFile(path: string, ref: string): Promise<string | undefined>;
}

/** The GitOps repository's history, read-only. */
export interface GitOpsHistory {
  readonly repository: string;
  /** A file's text at a commit, or undefined when it does not exist there. */
  fileAt(path: string, commit: string): Promise<string | undefined>;
  /** The first parent of a commit, or undefined for a root commit. */
  parentOf(commit: string): Promise<string | undefined>;
  /**
   * Whether `commit` is reachable from the head of `branch` (false when the repository does not
   * hold it, or the branch does not exist).
   */
  isOnBranch(commit: string, branch: string): Promise<boolean>;
}

/** Where the GitOps repository's environment branch is, from the GitOpsRepo in gitops-repo.yaml. */
export async function readGitOpsRepo(
  controlPlane: ControlPlaneRepository,
  environment: string,
): Promise<{ url: string; branch: string; path: string; file: string }> {
  const file = 'gitops-repo.yaml';
  const text = await controlPlane.readFile(file, environment);
  const where = `'${file}' on branch '${environment}' of '${controlPlane.repository}'`;
  if (text === undefined) {
    throw new ControlPlaneError([
      {
        message: `Input 'gitops-repository' is empty and ${where} does not exist: set 'gitops-repository' (and 'gitops-branch').`,
      },
    ]);
  }
  const problems = new ProblemList();
  const { objects } = loadSource(
    { origin: { kind: 'environment' }, files: [{ path: file, text }] },
    problems,
  );
  problems.throwIfAny();
  const gitOpsRepo = objects.find((o): o is GitOpsRepo => o.kind === 'GitOpsRepo');
  if (!gitOpsRepo || !gitOpsRepo.repo) {
    throw new ControlPlaneError([
      {
        file,
        message: `holds no GitOpsRepo with 'spec.repo' on branch '${environment}': declare one, or set 'gitops-repository'.`,
      },
    ]);
  }
  return {
    url: gitOpsRepo.repo,
    branch: gitOpsRepo.branch || environment,
    path: gitOpsRepo.path,
    file,
  };
}

/** The environment after this one, and where that answer came from. */
export interface NextEnvironment {
  readonly environment: string | undefined;
  readonly source: 'chain' | 'input' | 'none';
  /** The chain file, when it exists. */
  readonly chain?: readonly string[];
  /**
   * The rules of the checked environment, when the chain file declares a policy (its failure
   * thresholds and `onFailure`); absent: today's behaviour.
   */
  readonly policy?: EnvironmentPolicy;
}

/**
 * The next environment from the promotion chain on the default branch; `next-environment` only
 * when there is no chain file (a Kalypso-style setup); none at the end of the chain.
 */
export async function resolveNextEnvironment(
  controlPlane: ControlPlaneRepository,
  request: {
    environment: string;
    chainFile: string;
    fallback: string | undefined;
    reporter: Reporter;
  },
): Promise<NextEnvironment> {
  const ref = await controlPlane.defaultBranch();
  const text = await controlPlane.readFile(request.chainFile, ref);
  if (text === undefined) {
    request.reporter.info(
      `No promotion chain '${request.chainFile}' on '${ref}'; ${request.fallback ? `the next environment is '${request.fallback}' (input 'next-environment')` : "no 'next-environment' either, so this is the last environment"}.`,
    );
    return request.fallback
      ? { environment: request.fallback, source: 'input' }
      : { environment: undefined, source: 'none' };
  }
  const chain = parsePromotionChain(text, request.chainFile);
  const next = nextEnvironment(chain, request.environment);
  if (request.fallback && request.fallback !== next) {
    request.reporter.warning(
      `Input 'next-environment' is '${request.fallback}', but the promotion chain '${request.chainFile}' says ${next ? `'${next}'` : 'none'}; following the chain.`,
    );
  }
  request.reporter.info(
    `Promotion chain ${chain.environments.join(' → ')}: ${next ? `'${next}' follows '${request.environment}'` : `'${request.environment}' is the last environment`}.`,
  );
  return {
    environment: next,
    source: 'chain',
    chain: chain.environments,
    ...(chain.policy ? { policy: environmentPolicy(chain.policy, request.environment) } : {}),
  };
}

/**
 * The promoted commit a push introduced, or "" when the push is not a promotion: a push is one
 * when it changed the tracking file (compared with its first parent), so a merged pull request
 * that changed only the tracking file is one too.
 */
export async function promotedBy(gitops: GitOpsHistory, commit: string): Promise<string> {
  const now = (await gitops.fileAt(TRACKING_FILE, commit))?.trim() ?? '';
  if (!isCommitId(now)) return '';
  const parent = await gitops.parentOf(commit);
  const before = parent ? ((await gitops.fileAt(TRACKING_FILE, parent))?.trim() ?? '') : '';
  return now === before ? '' : now;
}
