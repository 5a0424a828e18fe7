import { describe, expect, it } from 'vitest';
import type { GitOpsRepo } from '../model/types.ts';
import { readPromotionChainFile } from '../policy/chain-file.ts';
import { readLockFile } from '../policy/locks.ts';
import type { Reporter } from '../ports.ts';
import { pullRequestMarker } from './publish-environment.ts';
import {
  gateWord,
  refreshMergeGates,
  type GitOpsPullRequestHead,
  type MergeGateRefreshPorts,
} from './refresh-merge-gates.ts';

const policy = readPromotionChainFile(
  `freezes:
  - { name: holiday-2026, from: 2026-12-19T18:00, to: 2027-01-04T08:00, environments: [prod] }
environments: [dev, prod]
`,
  'chain.yaml',
).policy;

const repo = (environment: string, url = 'https://github.com/acme/gitops'): GitOpsRepo => ({
  kind: 'GitOpsRepo',
  labels: {},
  name: environment,
  repo: url,
  branch: environment,
  path: '.',
  origin: { file: 'gitops-repo.yaml', line: 1, source: { kind: 'environment' } },
});

/** An in-memory GitOps side: pull requests by head branch, statuses as GitHub keeps them (newest last). */
function world(now: string) {
  const pulls: (GitOpsPullRequestHead & { repository: string; branch: string; base: string })[] =
    [];
  const statuses: {
    repository: string;
    sha: string;
    context: string;
    state: string;
    description: string;
  }[] = [];
  const warnings: string[] = [];
  const reporter: Reporter = {
    debug: () => {},
    info: () => {},
    warning: (m) => void warnings.push(m),
    error: (m) => void warnings.push(m),
    group: (_title, work) => work(),
  };
  const repos = new Map<string, GitOpsRepo[]>([
    ['dev', [repo('dev')]],
    ['prod', [repo('prod')]],
  ]);
  const ports: MergeGateRefreshPorts = {
    gitOpsRepos: (environments) =>
      Promise.resolve(
        new Map(environments.flatMap((e) => (repos.has(e) ? [[e, repos.get(e)!]] : []))),
      ),
    locksOf: () => Promise.resolve(readLockFile(undefined)),
    openGitOps: (repository) => ({
      openPullRequests: (head, base) =>
        Promise.resolve(
          pulls.filter((p) => p.repository === repository && p.branch === head && p.base === base),
        ),
      statuses: {
        latestStatus: (sha, context) => {
          const found = statuses.filter(
            (s) => s.repository === repository && s.sha === sha && s.context === context,
          );
          const last = found.at(-1);
          return Promise.resolve(
            last && { state: last.state as 'pending', description: last.description },
          );
        },
        setStatus: (s) => {
          if (repository === 'acme/denied')
            return Promise.reject(new Error('403 Resource not accessible'));
          statuses.push({ repository, ...s });
          return Promise.resolve();
        },
      },
    }),
    clock: { now: () => Date.parse(now) },
    reporter,
  };
  return { pulls, statuses, warnings, repos, ports };
}

const request = {
  environments: ['dev', 'prod'],
  policy,
  serverUrl: 'https://github.com',
};

describe('refreshMergeGates (the sweeper refreshes kalypso/policy)', () => {
  it('opens the gate of a PR opened during the freeze once it ends, and sets nothing on the next sweep', async () => {
    const w = world('2027-01-05T10:00:00Z');
    const body = `Promotion\n${pullRequestMarker('prod')}`;
    w.pulls.push({
      repository: 'acme/gitops',
      branch: 'kalypso/prod',
      base: 'prod',
      number: 12,
      body,
      head: 'a'.repeat(40),
    });
    // Someone else's pull request from the same branch name (no marker) is left alone.
    w.pulls.push({
      repository: 'acme/gitops',
      branch: 'kalypso/dev',
      base: 'dev',
      number: 13,
      body: 'mine',
      head: 'b'.repeat(40),
    });
    w.statuses.push({
      repository: 'acme/gitops',
      sha: 'a'.repeat(40),
      context: 'kalypso/policy',
      state: 'pending',
      description: 'Frozen: holiday-2026 freeze (opens Mon 4 Jan 08:00 UTC)',
    });
    const first = await refreshMergeGates(request, w.ports);
    expect(first.refreshed).toEqual([
      {
        environment: 'prod',
        pullRequest: 12,
        before: {
          state: 'pending',
          description: 'Frozen: holiday-2026 freeze (opens Mon 4 Jan 08:00 UTC)',
        },
        after: { state: 'success', description: 'Open' },
      },
    ]);
    expect(first.refreshed.map((g) => `${gateWord(g.before)} → ${gateWord(g.after)}`)).toEqual([
      'Frozen → Open',
    ]);
    expect(w.statuses.filter((s) => s.sha === 'b'.repeat(40))).toEqual([]);
    const second = await refreshMergeGates(request, w.ports);
    expect(second).toEqual({ refreshed: [], unchanged: ['prod'], failed: [] });
    expect(w.statuses).toHaveLength(2);
  });

  it('closes the gate of a PR opened while open when the freeze starts', async () => {
    const w = world('2026-12-24T10:00:00Z');
    w.pulls.push({
      repository: 'acme/gitops',
      branch: 'kalypso/prod',
      base: 'prod',
      number: 7,
      body: pullRequestMarker('prod'),
      head: 'c'.repeat(40),
    });
    w.statuses.push({
      repository: 'acme/gitops',
      sha: 'c'.repeat(40),
      context: 'kalypso/policy',
      state: 'success',
      description: 'Open',
    });
    const report = await refreshMergeGates(request, w.ports);
    expect(report.refreshed.map((g) => [g.pullRequest, g.after])).toEqual([
      [
        7,
        {
          state: 'pending',
          description: 'Frozen: holiday-2026 freeze (opens Mon 4 Jan 08:00 UTC)',
        },
      ],
    ]);
  });

  it('a failure in one environment is a warning naming the permissions; the others go on', async () => {
    const w = world('2027-01-05T10:00:00Z');
    w.repos.set('dev', [repo('dev', 'https://github.com/acme/denied')]);
    w.repos.set('prod', [repo('prod', 'https://elsewhere.example/acme/gitops')]);
    w.repos.set('stage', [repo('stage')]);
    w.pulls.push({
      repository: 'acme/denied',
      branch: 'kalypso/dev',
      base: 'dev',
      number: 3,
      body: pullRequestMarker('dev'),
      head: 'd'.repeat(40),
    });
    w.pulls.push({
      repository: 'acme/gitops',
      branch: 'kalypso/stage',
      base: 'stage',
      number: 4,
      body: pullRequestMarker('stage'),
      head: 'e'.repeat(40),
    });
    const report = await refreshMergeGates(
      { ...request, environments: ['dev', 'prod', 'stage'] },
      w.ports,
    );
    expect(report.failed.map((f) => f.environment)).toEqual(['dev', 'prod']);
    expect(report.refreshed.map((g) => [g.environment, g.before, g.after.description])).toEqual([
      ['stage', undefined, 'Open'],
    ]);
    expect(w.warnings).toHaveLength(2);
    expect(w.warnings[0]).toContain("'pull-requests: read' and 'statuses: write'");
    expect(w.warnings[0]).toContain('403 Resource not accessible');
  });
});
