import { describe, expect, it } from 'vitest';
import { resolveComplianceTarget, waitForCompliance } from '@kalypso/core';
import {
  NEW,
  OLD,
  cluster,
  defaultTiming,
  devTarget,
  sourceFor,
  useWorlds,
} from './world-fixtures.ts';

const target = devTarget;
const timing = defaultTiming;

const world = useWorlds();

describe('check-promote compliance against Resource Graph', () => {
  it('succeeds once every cluster is Compliant on the merged commit after staggered delays', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, { pickupSeconds: 45 }),
        cluster('store-002', s!, { pickupSeconds: 100 }),
        cluster('aks-dev-weu', s!, { pickupSeconds: 200, reconcileSeconds: 40 }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const source = sourceFor(w);
    const outcome = await waitForCompliance({
      source,
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.verdict.summary).toBe(
      "All 3 Flux configurations watching 'github.com/contoso/hello-world-gitops@dev' are Compliant on commit 4f2a9c1.",
    );
    expect(outcome.elapsedSeconds).toBe(240);
    // Nine summaries, and the rows once at the end for the report.
    expect(outcome.polls).toBe(9);
    expect(outcome.requests).toBe(10);
    expect((await w.requests('resource-graph')).filter((r) => r.status === 200)).toHaveLength(10);
    expect(w.reporter.lines).toContain(
      'info: Poll 1: 0 of 3 Flux configurations Compliant on commit 4f2a9c1; waiting for 3 configurations still on commit 9b1c0d2 (Compliant there).',
    );
  });

  it('fails fast when a cluster reports HealthCheckFailed, naming the cluster and the object', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, { pickupSeconds: 30 }),
        cluster('store-002', s!, {
          pickupSeconds: 60,
          outcome: {
            kind: 'fails',
            reason: 'HealthCheckFailed',
            object: { kind: 'Kustomization', namespace: 'flux-system', name: 'hello-world-apps' },
            message:
              "health check failed after 9m30s: timeout waiting for: [Deployment/dev-hello-world/hello-world status: 'InProgress']",
          },
        }),
        cluster('store-003', s!, { pickupSeconds: 1200 }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('failed');
    expect(outcome.elapsedSeconds).toBe(90);
    expect(outcome.verdict.summary).toBe(
      "1 of 3 Flux configurations failed on commit 4f2a9c1: cluster 'store-002' configuration 'hello-world' is Non-Compliant: HealthCheckFailed " +
        "(Kustomization flux-system/hello-world-apps: HealthCheckFailed: health check failed after 9m30s: timeout waiting for: [Deployment/dev-hello-world/hello-world status: 'InProgress']).",
    );
    const failed = outcome.verdict.configurations.find((c) => c.cluster.name === 'store-002')!;
    // The Azure adapter maps its resource id onto the source-neutral cluster: an id and a name.
    expect(failed.cluster).toEqual({
      id: `/subscriptions/${w.subscriptions[0]}/resourceGroups/rg-edge-dev/providers/Microsoft.Kubernetes/connectedClusters/store-002`,
      name: 'store-002',
    });
    expect(failed.syncedCommit).toBe(NEW);
  });

  it('waits through a transient DependencyNotReady and succeeds', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, { pickupSeconds: 30 }),
        cluster('store-002', s!, {
          pickupSeconds: 30,
          outcome: {
            kind: 'transient',
            reason: 'DependencyNotReady',
            message: "dependency 'flux-system/hello-world-infra' is not ready",
            seconds: 60,
          },
        }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.elapsedSeconds).toBe(120);
    expect(
      w.reporter.lines.some((l) =>
        l.includes(
          "'store-002/hello-world' is Non-Compliant (DependencyNotReady), within the grace period",
        ),
      ),
    ).toBe(true);
  });

  it('fails a transient reason that outlasts the grace period', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, {
          pickupSeconds: 30,
          outcome: {
            kind: 'transient',
            reason: 'DependencyNotReady',
            message: "dependency 'flux-system/hello-world-infra' is not ready",
            seconds: 3600,
          },
        }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('failed');
    expect(outcome.verdict.summary).toContain(
      'stayed Non-Compliant for 120s, past the grace period of 120s',
    );
  });

  it('keeps waiting while clusters are Compliant on the previous commit', async () => {
    const w = await world({
      clusters: ([s]) => [cluster('store-001', s!, { pickupSeconds: 600 })],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
      timeoutSeconds: 90,
    });
    expect(outcome.verdict.status).toBe('timed-out');
    expect(outcome.verdict.configurations[0]).toMatchObject({
      state: 'behind',
      complianceState: 'Compliant',
      syncedCommit: OLD,
    });
  });

  it('times out naming who is behind and who is still progressing', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, { pickupSeconds: 30 }),
        cluster('store-002', s!, { pickupSeconds: 280, reconcileSeconds: 600 }),
        cluster('store-003', s!, { pickupSeconds: 3600 }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
      timeoutSeconds: 300,
    });
    expect(outcome.verdict.status).toBe('timed-out');
    expect(outcome.verdict.summary).toBe(
      "Timed out after 300s: 1 of 3 Flux configurations Compliant on commit 4f2a9c1: 'store-002/hello-world' is Pending on the target commit; 'store-003/hello-world' is still on commit 9b1c0d2 (Compliant there).",
    );
    expect(outcome.elapsedSeconds).toBe(300);
  });

  it('fails when no configuration watches the branch, unless allowed', async () => {
    const w = await world({
      clusters: ([s]) => [cluster('store-001', s!, { pickupSeconds: 30, branch: 'stage' })],
    });
    const failed = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
    });
    expect(failed.verdict.status).toBe('failed');
    expect(failed.verdict.summary).toMatch(
      /^No Flux configuration watches 'github\.com\/contoso\/hello-world-gitops@dev': check the repository URL and branch/,
    );
    expect(failed.polls).toBe(1);
    const allowed = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target,
      ...timing,
      allowEmpty: true,
    });
    expect(allowed.verdict.status).toBe('succeeded');
  });

  it('matches configurations however the URL is spelled, and only that repository', async () => {
    const w = await world({
      clusters: ([s]) => [
        cluster('store-001', s!, {
          pickupSeconds: 30,
          url: 'https://github.com/Contoso/Hello-World-GitOps.git',
        }),
        cluster('store-002', s!, {
          pickupSeconds: 30,
          url: 'git@github.com:contoso/hello-world-gitops.git',
        }),
        cluster('store-003', s!, {
          pickupSeconds: 30,
          url: 'ssh://git@github.com:22/contoso/hello-world-gitops/',
        }),
        cluster('other', s!, {
          pickupSeconds: 9999,
          url: 'https://github.com/contoso/hello-world-gitops-2',
        }),
      ],
    });
    await w.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const spelled = resolveComplianceTarget({
      repositoryUrl: 'HTTPS://github.com/CONTOSO/hello-world-gitops.git/',
      branch: 'refs/heads/dev',
      commit: NEW.toUpperCase(),
    });
    const outcome = await waitForCompliance({
      source: sourceFor(w),
      clock: w.clock,
      reporter: w.reporter,
      target: spelled,
      ...timing,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(outcome.verdict.configurations.map((c) => c.cluster.name)).toEqual([
      'store-001',
      'store-002',
      'store-003',
    ]);
    expect(outcome.verdict.counts.ignored).toBe(0);
  });
});
