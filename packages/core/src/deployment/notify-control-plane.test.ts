// notifyControlPlane over in-memory ports: which promoted commit a push carries, what it dispatches.
import { DispatchMismatchError } from './verify-dispatch.ts';
import { describe, expect, it } from 'vitest';
import type { Reporter } from '../ports.ts';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { notifyControlPlane, type NotifyRequest } from './notify-control-plane.ts';

const C1 = 'c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1';
const C2 = 'c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2';

const PROMOTED = 'aa11bb22cc33dd44ee55ff66aa77bb88cc99dd00';
const OLDER = 'bb11bb22cc33dd44ee55ff66aa77bb88cc99dd00';
const reporter: Reporter = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_title, work) => work(),
};

/** A GitOps history of `commit` ← `parent` with the tracking file at each. */
function world(tracking: { commit?: string; parent?: string }) {
  const dispatches: Record<string, string>[] = [];
  const files: Record<string, string | undefined> = {
    [C2]: tracking.commit,
    [C1]: tracking.parent,
  };
  return {
    dispatches,
    ports: {
      gitops: {
        repository: 'contoso/gitops',
        fileAt: (path: string, commit: string) =>
          Promise.resolve(path === TRACKING_FILE ? files[commit] : undefined),
        parentOf: (commit: string) => Promise.resolve(commit === C2 ? C1 : undefined),
        isOnBranch: (commit: string, branch: string) =>
          Promise.resolve(branch === 'dev' && (commit === C2 || commit === C1)),
      },
      controlPlane: {
        repository: 'contoso/control-plane',
        defaultBranch: () => Promise.resolve('main'),
        readFile: () => Promise.resolve(undefined),
      },
      dispatcher: {
        dispatch: (d: { workflow: string; ref: string; inputs: Record<string, string> }) => {
          dispatches.push({ workflow: d.workflow, ref: d.ref, ...d.inputs });
          return Promise.resolve();
        },
      },
      reporter,
    },
  };
}

const request: NotifyRequest = {
  environment: 'dev',
  gitopsCommit: C2,
  checkWorkflow: 'check-promote.yaml',
  dryRun: false,
};

describe('notifyControlPlane', () => {
  it('dispatches the check with the promoted commit when the push changed the tracking file', async () => {
    const w = world({ commit: `${PROMOTED}\n`, parent: OLDER });
    const report = await notifyControlPlane(request, w.ports);
    expect(w.dispatches).toEqual([
      {
        workflow: 'check-promote.yaml',
        ref: 'main',
        environment: 'dev',
        commit_id: C2,
        promoted_commit_id: PROMOTED,
      },
    ]);
    expect(report).toMatchObject({
      promotedCommit: PROMOTED,
      dispatched: { workflow: 'check-promote.yaml', repository: 'contoso/control-plane' },
    });
  });

  it('dispatches without a promoted commit when the tracking file did not change', async () => {
    const w = world({ commit: PROMOTED, parent: PROMOTED });
    const report = await notifyControlPlane(request, w.ports);
    expect(w.dispatches[0]?.promoted_commit_id).toBe('');
    expect(report.promotedCommit).toBeUndefined();
  });

  it('in a dry run, reports what it would dispatch and dispatches nothing', async () => {
    const w = world({ commit: PROMOTED });
    const report = await notifyControlPlane({ ...request, dryRun: true }, w.ports);
    expect(w.dispatches).toEqual([]);
    expect(report).toMatchObject({ dryRun: true, dispatched: { ref: 'main' } });
  });

  it('reports a failure in the report, not as a rejection', async () => {
    const w = world({ commit: PROMOTED });
    const failingPorts = {
      ...w.ports,
      controlPlane: {
        ...w.ports.controlPlane,
        defaultBranch: () => Promise.reject(new Error('401')),
      },
    };
    const report = await notifyControlPlane(request, failingPorts);
    expect(String(report.error)).toContain('401');
    expect(report.dispatched).toBeUndefined();
  });

  it('refuses a commit that is not on the environment branch: an input error, nothing dispatched', async () => {
    const w = world({ commit: `${PROMOTED}\n`, parent: OLDER });
    const head = 'feedfeedfeedfeedfeedfeedfeedfeedfeedfeed';
    const report = await notifyControlPlane({ ...request, gitopsCommit: head }, w.ports);
    expect(w.dispatches).toEqual([]);
    expect(report.promotedCommit).toBeUndefined();
    expect(report.error).toBeInstanceOf(DispatchMismatchError);
    expect(String((report.error as Error).message)).toBe(
      "GitOps commit feedfee is not on branch dev of contoso/gitops: pass a commit merged into that branch (the notify action passes the push's commit).",
    );
  });

  it('checks the branch the input names, not the environment', async () => {
    const w = world({ commit: `${PROMOTED}\n`, parent: OLDER });
    const report = await notifyControlPlane({ ...request, gitopsBranch: 'stage' }, w.ports);
    expect(w.dispatches).toEqual([]);
    expect(report.gitops.branch).toBe('stage');
    expect(String((report.error as Error).message)).toContain(
      'is not on branch stage of contoso/gitops',
    );
  });
});
