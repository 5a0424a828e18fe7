// The deployment use cases at the seams: the promotion policy before the next environment starts,
// the deployment records beside each status (in-memory ports).
import { describe, expect, it } from 'vitest';
import { ComplianceSourceError } from '../compliance/types.ts';
import { memoryRecords, recordLine } from '../ledger/memory-records.test-support.ts';
import { holdingPolicy } from '../policy/memory-policy.test-support.ts';
import { checkDeployment } from './check-deployment.ts';
import {
  compliantOn,
  failing,
  GITOPS,
  PROMOTED,
  request,
  world,
} from './memory-deployment.test-support.ts';
import { startNextEnvironment } from './start-next-environment.ts';

describe('the deployment use cases at the seams', () => {
  it('asks the policy before starting the next environment: held, it dispatches nothing and says so on that environment', async () => {
    const policy = holdingPolicy({
      reason: "the freeze window 'year-end' is open",
      until: '2025-01-06T08:00:00Z',
    });
    const w = world(compliantOn(GITOPS), [], undefined, { policy });
    const report = await checkDeployment(request(), w.ports);
    expect(policy.asked).toEqual([
      { action: 'start', environment: 'stage', commit: PROMOTED, from: 'dev' },
    ]);
    expect(report.state).toBe('succeeded');
    expect(report.next).toEqual({
      kind: 'held',
      environment: 'stage',
      reason: "the freeze window 'year-end' is open",
      until: '2025-01-06T08:00:00Z',
      description: "Held: the freeze window 'year-end' is open (opens 2025-01-06T08:00:00Z)",
    });
    expect(report.error).toBeUndefined();
    expect(w.dispatches).toEqual([]);
    expect(w.statuses).toEqual([
      'dev environment: pending Deploying',
      "stage environment: pending Held: the freeze window 'year-end' is open (opens 2025-01-06T08:00:00Z)",
      'dev environment: success Deployed',
    ]);
  });

  it('promote-next passes the policy too', async () => {
    const policy = holdingPolicy({ reason: 'prod is locked' });
    const deployed = { state: 'pending', description: 'Deployed' };
    const w = world(compliantOn(GITOPS), [deployed], undefined, { policy });
    const report = await startNextEnvironment(request(), w.ports);
    expect(report.next).toMatchObject({
      kind: 'held',
      environment: 'stage',
      reason: 'prod is locked',
    });
    expect(w.dispatches).toEqual([]);
    const last = world(
      compliantOn(GITOPS),
      [{ ...deployed, context: 'prod environment' }],
      undefined,
      {
        policy: holdingPolicy({ reason: 'x' }),
      },
    );
    expect((await startNextEnvironment(request({ environment: 'prod' }), last.ports)).next).toEqual(
      {
        kind: 'complete',
      },
    );
  });

  it('records each state the promotion reaches here, beside its status', async () => {
    const w = world(compliantOn(GITOPS));
    await checkDeployment(request({ runUrl: 'https://run/9' }), w.ports);
    expect(w.records.kept.map(recordLine)).toEqual([
      'in_progress dev aa11bb2',
      'success dev aa11bb2',
    ]);
    // The Deploying record comes before the wait: no counts. Deployed carries what the wait saw.
    expect(w.records.kept[0]!.description).toBe('Deploying');
    expect(w.records.kept[1]).toMatchObject({
      description: 'Deployed · 1 of 1 clusters reporting the commit; evidence: Resource Graph 1',
      logUrl: 'https://run/9',
      gitops: { repository: 'https://github.com/contoso/gitops', commit: GITOPS },
    });
    const unknown = world(
      failing(new ComplianceSourceError('Resource Graph failed (503).', { transient: true })),
    );
    await checkDeployment(request(), unknown.ports);
    expect(unknown.records.kept.map(recordLine)).toEqual([
      'in_progress dev aa11bb2',
      'error dev aa11bb2',
    ]);
    const timedOut = world(compliantOn('b'.repeat(40)));
    await checkDeployment(request(), timedOut.ports);
    expect(timedOut.records.kept.map(recordLine).at(-1)).toBe('failure dev aa11bb2');
    const dry = world(compliantOn(GITOPS));
    await checkDeployment(request({ dryRun: true }), dry.ports);
    expect(dry.records.kept).toEqual([]);
  });

  it('deploys and starts the next environment when the records cannot be written: warnings only', async () => {
    const records = memoryRecords(new Error('ledger down'));
    const w = world(compliantOn(GITOPS), [], undefined, { records });
    const report = await checkDeployment(request(), w.ports);
    expect(report.error).toBeUndefined();
    expect(report.state).toBe('succeeded');
    expect(w.dispatches).toEqual(['cd.yaml@main stage']);
    expect(w.warnings).toEqual([
      "Could not record aa11bb2 in 'dev' as in_progress (the commit status says it): ledger down",
      "Could not record aa11bb2 in 'dev' as success (the commit status says it): ledger down",
    ]);
  });
});
