// What check-promote reads from the control-plane repository: the default branch, the promotion
// chain on it, and the environment branch's GitOpsRepo. Through the REST contents API, so the
// job needs no checkout.
import {
  ControlPlaneError,
  ProblemList,
  loadSource,
  nextEnvironment,
  parsePromotionChain,
  type GitOpsRepo,
  type Reporter,
} from '@kalypso/core';
import { describeFailure, isHttpFailure, type GitHubClient } from '@kalypso/github';

/** The control-plane repository, read-only. */
export interface ControlPlaneRepository {
  readonly repository: string;
  defaultBranch(): Promise<string>;
  /** The text of a file at `ref`, or undefined when the file (or the ref) does not exist. */
  readFile(path: string, ref: string): Promise<string | undefined>;
}

export function createControlPlaneRepository(
  client: GitHubClient,
  repository: string,
): ControlPlaneRepository {
  const [owner = '', repo = ''] = repository.split('/');
  let defaultBranch: string | undefined;
  return {
    repository,
    async defaultBranch() {
      try {
        defaultBranch ??= (await client.octokit.rest.repos.get({ owner, repo })).data
          .default_branch;
        return defaultBranch;
      } catch (error) {
        throw describeFailure(error, {
          activity: 'Reading the default branch',
          repository,
          permission: 'contents: read',
          tokenInput: client.tokenInput,
        });
      }
    },
    async readFile(path, ref) {
      try {
        const { data } = await client.octokit.rest.repos.getContent({ owner, repo, path, ref });
        if (Array.isArray(data) || data.type !== 'file' || !('content' in data)) {
          throw new ControlPlaneError([{ file: path, message: `is not a file on '${ref}'.` }]);
        }
        return Buffer.from(data.content, 'base64').toString('utf8');
      } catch (error) {
        if (isHttpFailure(error) && error.status === 404) return undefined;
        if (error instanceof ControlPlaneError) throw error;
        throw describeFailure(error, {
          activity: `Reading '${path}' on '${ref}'`,
          repository,
          permission: 'contents: read',
          tokenInput: client.tokenInput,
        });
      }
    },
  };
}

/** Where the GitOps repository's environment branch is, from the GitOpsRepo in gitops-repo.yaml. */
export async function readGitOpsRepo(
  controlPlane: ControlPlaneRepository,
  environment: string,
): Promise<{ url: string; branch: string; file: string }> {
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
  return { url: gitOpsRepo.repo, branch: gitOpsRepo.branch || environment, file };
}

/** The environment after this one, and where that answer came from. */
export interface NextEnvironment {
  readonly environment: string | undefined;
  readonly source: 'chain' | 'input' | 'none';
  /** The chain file, when it exists. */
  readonly chain?: readonly string[];
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
  return { environment: next, source: 'chain', chain: chain.environments };
}
