import { describe, expect, it } from 'vitest';
import type { ControlPlaneSources } from '../ports.ts';
import type { GitOpsRepo } from '../model/types.ts';
import { overlappingTargets, targetsOverlap, type GitOpsTarget } from './target-overlap.ts';

const t = (repository: string, branch: string, path: string): GitOpsTarget => ({
  repository,
  branch,
  path,
});

describe('targetsOverlap', () => {
  it.each([
    [t('o/r', 'main', ''), t('o/r', 'main', 'clusters/stage'), true],
    [t('o/r', 'main', 'clusters'), t('o/r', 'main', 'clusters/stage'), true],
    [t('o/r', 'main', 'clusters/dev'), t('O/R', 'main', 'clusters/dev'), true],
    [t('o/r', 'main', 'clusters/dev'), t('o/r', 'main', 'clusters/stage'), false],
    [t('o/r', 'main', 'clusters/dev'), t('o/r', 'main', 'clusters/dev-2'), false],
    [t('o/r', 'dev', ''), t('o/r', 'stage', ''), false],
    [t('o/r', 'main', ''), t('o/other', 'main', ''), false],
  ])('%j and %j: %s', (a, b, overlap) => {
    expect(targetsOverlap(a, b)).toBe(overlap);
    expect(targetsOverlap(b, a)).toBe(overlap);
  });
});

const gitOpsRepo = (name: string, branch: string, path: string, file = 'gitops-repo.yaml') =>
  ({
    kind: 'GitOpsRepo',
    name,
    repo: 'https://github.com/acme/gitops',
    branch,
    path,
    origin: { file, line: 4 },
  }) as unknown as GitOpsRepo;

/** The control plane as the use case reads it: main's chain file and each branch's GitOpsRepos. */
function sources(chain: string | undefined, branches: Record<string, GitOpsRepo[]>) {
  const asked: string[][] = [];
  const port: ControlPlaneSources = {
    readCommit: (commit) =>
      Promise.resolve(
        commit === 'main1'
          ? new Map(
              chain === undefined
                ? []
                : [['.github/promotion-chain.yaml', new TextEncoder().encode(chain)]],
            )
          : undefined,
      ),
    readEnvironment: () => Promise.reject(new Error('not used')),
    readGitOpsRepos: (environments) => {
      asked.push([...environments]);
      return Promise.resolve(
        new Map(environments.filter((e) => e in branches).map((e) => [e, branches[e]!])),
      );
    },
  };
  return { port, asked };
}

describe('overlappingTargets', () => {
  const own = { repository: 'acme/gitops', branch: 'main' };

  it('names the other environment whose target overlaps, at the own GitOpsRepo', async () => {
    const { port, asked } = sources('environments: [dev, stage, prod]\n', {
      stage: [gitOpsRepo('stage', 'main', './clusters/stage/')],
      prod: [gitOpsRepo('prod', 'prod', '.')],
    });
    const problems = await overlappingTargets(
      'dev',
      own,
      gitOpsRepo('dev', 'main', 'clusters'),
      'main1',
      port,
    );
    expect(asked).toEqual([['stage', 'prod']]);
    expect(problems).toEqual([
      {
        file: 'gitops-repo.yaml',
        line: 4,
        object: "GitOpsRepo 'dev'",
        message:
          "the GitOps target of environment 'dev' ('acme/gitops', branch 'main', path 'clusters') overlaps the target of environment 'stage' ('acme/gitops', branch 'main', path 'clusters/stage', GitOpsRepo 'stage' on branch 'stage'): scheduling 'dev' would remove or overwrite the manifests of 'stage'. Give each environment its own branch, or disjoint paths on a shared branch (e.g. 'clusters/dev' and 'clusters/stage').",
      },
    ]);
  });

  it('accepts a shared branch under disjoint paths, and separate branches', async () => {
    const { port } = sources('environments: [dev, stage, prod]\n', {
      stage: [gitOpsRepo('stage', 'main', 'clusters/stage')],
      prod: [gitOpsRepo('prod', 'prod', '.')],
    });
    expect(
      await overlappingTargets(
        'dev',
        own,
        gitOpsRepo('dev', 'main', 'clusters/dev'),
        'main1',
        port,
      ),
    ).toEqual([]);
  });

  it('compares nothing without a chain file, a chain that does not parse, or the port', async () => {
    const overlapping = { stage: [gitOpsRepo('stage', 'main', '.')] };
    for (const chain of [undefined, 'environments: [dev, dev\n']) {
      const { port, asked } = sources(chain, overlapping);
      expect(await overlappingTargets('dev', own, undefined, 'main1', port)).toEqual([]);
      expect(asked).toEqual([]);
    }
    const { port } = sources('environments: [dev, stage]\n', overlapping);
    const withoutPort: ControlPlaneSources = {
      readCommit: (commit) => port.readCommit(commit),
      readEnvironment: (environment) => port.readEnvironment(environment),
    };
    expect(await overlappingTargets('dev', own, undefined, 'main1', withoutPort)).toEqual([]);
    expect(await overlappingTargets('dev', own, undefined, undefined, port)).toEqual([]);
  });
});
