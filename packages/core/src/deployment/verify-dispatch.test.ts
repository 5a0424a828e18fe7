// The gate's checks as pure functions, and the deployment use cases acting on their verdicts over
// in-memory ports: a mismatch changes nothing, a replay starts nothing, a superseded promotion
// is marked and starts nothing.
import { describe, expect, it } from 'vitest';
import { checkDeployment } from './check-deployment.ts';
import { startNextEnvironment } from './start-next-environment.ts';
import {
  DispatchMismatchError,
  judgeDeploymentDispatch,
  judgePromoteNext,
  trackedCommit,
  type DispatchFacts,
} from './verify-dispatch.ts';
import {
  GITOPS,
  PROMOTED,
  baseRepoNaming,
  compliantOn,
  request,
  world,
} from './memory-deployment.test-support.ts';

const OTHER = 'cc33dd44ee55ff66aa77bb88cc99dd00ee11ff22';
const HEAD = '9'.repeat(40);

function facts(
  overrides: Partial<DispatchFacts> = {},
  gitops: Partial<DispatchFacts['gitops']> = {},
) {
  return {
    environment: 'dev',
    promotedCommit: PROMOTED,
    controlPlane: 'contoso/control-plane',
    baseRepoNames: PROMOTED,
    latest: { state: 'pending', description: 'Promoted' },
    ...overrides,
    gitops: {
      repository: 'contoso/gitops',
      branch: 'dev',
      commit: GITOPS,
      onBranch: true,
      trackedAtCommit: PROMOTED,
      trackedAtHead: PROMOTED,
      ...gitops,
    },
  } satisfies DispatchFacts;
}

describe('judgeDeploymentDispatch', () => {
  it('lets the current promotion through', () => {
    expect(judgeDeploymentDispatch(facts())).toEqual({ kind: 'proceed' });
  });

  it('names a GitOps commit that is not on the branch', () => {
    expect(judgeDeploymentDispatch(facts({}, { onBranch: false }))).toEqual({
      kind: 'mismatch',
      problems: [
        "GitOps commit 4f2a9c1 is not on branch dev of contoso/gitops: pass a commit merged into that branch (the notify action passes the push's commit).",
      ],
    });
  });

  it('names a GitOps commit whose tracking file names another commit: the pull request never merged', () => {
    const verdict = judgeDeploymentDispatch(facts({}, { trackedAtCommit: OTHER }));
    expect(verdict).toEqual({
      kind: 'mismatch',
      problems: [
        'GitOps commit 4f2a9c1 does not promote aa11bb2: its .github/tracking/Promoted_Commit_Id names cc33dd4. Pass the GitOps commit that merged the promotion of aa11bb2 (its pull request may not be merged yet).',
      ],
    });
  });

  it('names every mismatch at once, and a GitOps commit that is not a commit id', () => {
    const both = judgeDeploymentDispatch(
      facts({}, { onBranch: false, trackedAtCommit: undefined }),
    );
    expect(both.kind === 'mismatch' && both.problems).toHaveLength(2);
    const named = judgeDeploymentDispatch(facts({}, { commit: 'dev' }));
    expect(named.kind === 'mismatch' && named.problems[0]).toBe(
      "GitOps commit 'dev' is not a commit id: pass the full 40-character id of the commit merged into branch dev of contoso/gitops.",
    );
  });

  it('refuses a promoted commit when base-repo.yaml names none', () => {
    const verdict = judgeDeploymentDispatch(facts({ baseRepoNames: undefined }));
    expect(verdict.kind === 'mismatch' && verdict.problems).toEqual([
      "Promoted commit aa11bb2 is not promoted to 'dev': base-repo.yaml on branch dev of contoso/control-plane names no commit.",
    ]);
  });

  it('ends a replay of a promotion already Deployed here', () => {
    const latest = { state: 'success' as const, description: 'Deployed' };
    expect(judgeDeploymentDispatch(facts({ latest }))).toEqual({ kind: 'already-deployed' });
    expect(
      judgeDeploymentDispatch(facts({ latest, baseRepoNames: OTHER }, { trackedAtHead: OTHER })),
    ).toEqual({ kind: 'already-deployed', supersededBy: OTHER });
  });

  it('supersedes an older promotion once the GitOps branch has moved past it', () => {
    expect(
      judgeDeploymentDispatch(facts({ baseRepoNames: OTHER }, { trackedAtHead: OTHER })),
    ).toEqual({ kind: 'superseded', by: OTHER, statusSet: false });
    expect(
      judgeDeploymentDispatch(
        facts(
          {
            baseRepoNames: OTHER,
            latest: { state: 'error', description: 'Superseded by cc33dd4' },
          },
          { trackedAtHead: OTHER },
        ),
      ),
    ).toEqual({ kind: 'superseded', by: OTHER, statusSet: true });
  });

  it('checks an older promotion the GitOps branch still deploys (the newer one is not merged yet)', () => {
    expect(judgeDeploymentDispatch(facts({ baseRepoNames: OTHER }))).toEqual({ kind: 'proceed' });
  });

  it('only checks the branch for a merge that is not a promotion', () => {
    expect(
      judgeDeploymentDispatch(facts({ promotedCommit: undefined }, { trackedAtCommit: OTHER })),
    ).toEqual({ kind: 'proceed' });
  });
});

describe('judgePromoteNext', () => {
  const base = {
    environment: 'dev',
    controlPlane: 'contoso/control-plane',
    promotedCommit: PROMOTED,
    baseRepoNames: PROMOTED,
  };

  it('starts the next environment after a check left pending "Deployed"', () => {
    expect(
      judgePromoteNext({ ...base, latest: { state: 'pending', description: 'Deployed' } }),
    ).toEqual({ kind: 'proceed' });
  });

  it('ends a replay of success "Deployed"', () => {
    expect(
      judgePromoteNext({ ...base, latest: { state: 'success', description: 'Deployed' } }),
    ).toEqual({ kind: 'already-deployed' });
  });

  it('refuses a commit that is not deployed, whatever base-repo.yaml names', () => {
    const verdict = judgePromoteNext({
      ...base,
      latest: { state: 'pending', description: 'Promoted' },
    });
    expect(verdict.kind === 'mismatch' && verdict.problems).toEqual([
      `Promoted commit aa11bb2 is not deployed in 'dev': its status 'dev environment' is pending "Promoted". 'mode: promote-next' follows a 'mode: check' step (with 'cd-workflow' empty) that found it deployed.`,
    ]);
    // A newer promotion replaced it on the branch while the check found it deployed: it goes on.
    expect(
      judgePromoteNext({
        ...base,
        baseRepoNames: OTHER,
        latest: { state: 'pending', description: 'Deployed' },
      }),
    ).toEqual({ kind: 'proceed' });
  });
});

describe('trackedCommit', () => {
  it('reads a commit id, nothing else', () => {
    expect(trackedCommit(`${PROMOTED}\n`)).toBe(PROMOTED);
    expect(trackedCommit('main')).toBeUndefined();
    expect(trackedCommit(undefined)).toBeUndefined();
  });
});

describe('the deployment use cases at the gate', () => {
  it('a dispatch whose GitOps pull request never merged: input error, no status, nothing dispatched', async () => {
    const w = world(compliantOn(GITOPS), [], undefined, {
      gitops: { onBranch: [GITOPS], tracked: { [GITOPS]: OTHER, dev: OTHER } },
    });
    const report = await checkDeployment(request(), w.ports);
    expect(report.error).toBeInstanceOf(DispatchMismatchError);
    expect(report.verified).toBe('mismatch');
    expect(w.statuses).toEqual([]);
    expect(w.dispatches).toEqual([]);
    expect(w.records.kept).toEqual([]);
  });

  it('a replay of a deployed promotion: nothing set, nothing dispatched, succeeded', async () => {
    const w = world(compliantOn(GITOPS), [{ state: 'success', description: 'Deployed' }]);
    const report = await checkDeployment(request(), w.ports);
    expect(report.error).toBeUndefined();
    expect(report).toMatchObject({ state: 'succeeded', next: { kind: 'already-deployed' } });
    expect(report.compliance).toBeUndefined();
    expect(w.statuses).toEqual([]);
    expect(w.dispatches).toEqual([]);
  });

  it('a replay of a superseded promotion: "Superseded by", nothing dispatched, no wait', async () => {
    const w = world(
      compliantOn(GITOPS),
      [{ state: 'pending', description: 'Promoted' }],
      {
        '.github/promotion-chain.yaml': 'environments: [dev, stage]\n',
        'base-repo.yaml': baseRepoNaming(OTHER),
      },
      { gitops: { onBranch: [GITOPS, HEAD], tracked: { [GITOPS]: PROMOTED, dev: OTHER } } },
    );
    const report = await checkDeployment(request(), w.ports);
    expect(report.error).toBeUndefined();
    expect(report).toMatchObject({ state: 'superseded', supersededBy: OTHER });
    expect(report.compliance).toBeUndefined();
    expect(w.statuses).toEqual(['dev environment: error Superseded by cc33dd4']);
    expect(w.dispatches).toEqual([]);
  });

  it('promote-next refuses a forged dispatch and leaves the statuses alone', async () => {
    const w = world(compliantOn(GITOPS), [{ state: 'pending', description: 'Promoted' }]);
    const report = await startNextEnvironment(request(), w.ports);
    expect(report.error).toBeInstanceOf(DispatchMismatchError);
    expect(w.statuses).toEqual([]);
    expect(w.dispatches).toEqual([]);
  });

  it('promote-next replayed after success "Deployed" starts nothing again', async () => {
    const w = world(compliantOn(GITOPS), [{ state: 'success', description: 'Deployed' }]);
    const report = await startNextEnvironment(request(), w.ports);
    expect(report.error).toBeUndefined();
    expect(report.next).toEqual({ kind: 'already-deployed' });
    expect(w.dispatches).toEqual([]);
    expect(w.statuses).toEqual([]);
  });
});
