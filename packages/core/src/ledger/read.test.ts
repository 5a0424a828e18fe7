import { describe, expect, it } from 'vitest';
import {
  LEDGER_PAGE_SIZE,
  LEDGER_PAGES,
  LEDGER_STATUS_READS,
  ledgerEntryOf,
  ledgerOver,
  ledgerPayloadOf,
  type DeploymentsReader,
  type RawDeployment,
  type RawDeploymentStatus,
} from './read.ts';
import { chainStateLine, readChainView, waitingText } from './view.ts';

const sha = (n: number) => n.toString(16).padStart(40, '0');

/** An in-memory Deployments API: deployments newest last, statuses oldest first. */
function memoryApi(
  rows: { environment: string; commit: string; states: string[]; task?: string }[],
): DeploymentsReader & { calls: string[] } {
  const calls: string[] = [];
  const deployments = rows.map((r, i) => ({
    deployment: {
      id: i + 1,
      sha: r.commit,
      environment: r.environment,
      created_at: `2026-11-25T10:${String(i).padStart(2, '0')}:00Z`,
      payload: { kalypso: 1 },
      task: r.task ?? 'kalypso:promote',
    },
    statuses: r.states.map((state, j): RawDeploymentStatus => ({
      state,
      created_at: `2026-11-25T11:${String(i).padStart(2, '0')}:${String(j).padStart(2, '0')}Z`,
      log_url: `https://github.com/o/r/actions/runs/${i}${j}`,
    })),
  }));
  return {
    calls,
    listDeployments({ environment, task, sha: commit, page, perPage }) {
      calls.push(`list ${environment} ${page}`);
      const all = [...deployments]
        .reverse()
        .filter(
          (d) =>
            d.deployment.environment === environment &&
            d.deployment.task === task &&
            (!commit || d.deployment.sha === commit),
        )
        .map((d) => d.deployment);
      return Promise.resolve(all.slice((page - 1) * perPage, page * perPage));
    },
    listStatuses(id) {
      calls.push(`statuses ${id}`);
      return Promise.resolve([...deployments[id - 1]!.statuses].reverse());
    },
  };
}

describe('the ledger read back', () => {
  const api = () =>
    memoryApi([
      { environment: 'dev', commit: sha(1), states: ['queued', 'success', 'inactive'] },
      { environment: 'dev', commit: sha(2), states: ['queued', 'in_progress', 'success'] },
      { environment: 'dev', commit: sha(3), states: ['queued', 'failure'] },
      { environment: 'dev', commit: sha(9), states: ['success'], task: 'deploy' },
    ]);

  it('current: the newest whose latest state is success, GitHub’s own deployments left out', async () => {
    const current = await ledgerOver(api()).current('dev');
    expect(current).toMatchObject({
      commit: sha(2),
      state: 'success',
      since: '2026-11-25T11:01:02Z',
    });
    expect(current?.succeededAt).toBe('2026-11-25T11:01:02Z');
    expect(current?.logUrl).toBe('https://github.com/o/r/actions/runs/12');
  });

  it('deployedSince: the success status’s time, only while it is the latest state', async () => {
    const ledger = ledgerOver(api());
    expect(await ledger.deployedSince('dev', sha(2))).toBe('2026-11-25T11:01:02Z');
    expect(await ledger.deployedSince('dev', sha(1))).toBeUndefined();
    expect(await ledger.deployedSince('dev', sha(3))).toBeUndefined();
    expect(await ledger.deployedSince('stage', sha(2))).toBeUndefined();
  });

  it('lastSuccessful: an inactive deployment that once succeeded counts', async () => {
    const ledger = ledgerOver(api());
    expect((await ledger.lastSuccessful('dev', sha(2)))?.commit).toBe(sha(1));
    expect((await ledger.lastSuccessful('dev'))?.commit).toBe(sha(2));
  });

  it('history: newest first, at most limit', async () => {
    const history = await ledgerOver(api()).history('dev', 2);
    expect(history.map((e) => `${e.commit.slice(-1)} ${e.state}`)).toEqual([
      '3 failure',
      '2 success',
    ]);
  });

  it('reads a bounded number of pages and status lists', async () => {
    const many = memoryApi(
      Array.from({ length: LEDGER_PAGE_SIZE * (LEDGER_PAGES + 1) }, (_, i) => ({
        environment: 'dev',
        commit: sha(i + 1),
        states: ['failure'],
      })),
    );
    expect(await ledgerOver(many).current('dev')).toBeUndefined();
    expect(many.calls.filter((c) => c.startsWith('statuses'))).toHaveLength(LEDGER_STATUS_READS);
    expect(many.calls.filter((c) => c.startsWith('list')).length).toBeLessThanOrEqual(LEDGER_PAGES);
  });

  it('reads a payload field by field, typed, and the GitOps links of the statuses', () => {
    expect(
      ledgerPayloadOf({
        kalypso: 1,
        gitopsRepository: 'o/g',
        pullRequest: '7',
        evidence: { source: 'both', clusters: 3, deployed: 3, failed: 0, unknown: 0 },
        breakGlass: { reason: 'INC-1', by: 7 },
      }),
    ).toEqual({
      gitopsRepository: 'o/g',
      evidence: { source: 'both', clusters: 3, deployed: 3, failed: 0, unknown: 0 },
    });
    expect(ledgerPayloadOf('{"gitopsBranch":"dev"}')).toEqual({ gitopsBranch: 'dev' });
    expect(ledgerPayloadOf('not json')).toEqual({});
    const deployment: RawDeployment = {
      id: 1,
      sha: sha(1),
      environment: 'dev',
      created_at: '2026-11-25T10:00:00Z',
      payload: { kalypso: 1 },
    };
    const entry = ledgerEntryOf(deployment, [
      {
        state: 'success',
        created_at: 't2',
        environment_url: `https://github.com/o/g/commit/${sha(5)}`,
      },
      { state: 'in_progress', created_at: 't1', environment_url: 'https://github.com/o/g/pull/12' },
    ]);
    expect(entry.payload).toEqual({
      gitopsRepository: 'o/g',
      pullRequest: 12,
      gitopsCommit: sha(5),
    });
    expect(ledgerEntryOf(deployment, [])).toMatchObject({
      state: 'queued',
      since: '2026-11-25T10:00:00Z',
    });
  });
});

describe('which version runs where', () => {
  it('shows what runs, what is on its way and what waits, environment by environment', async () => {
    const api = memoryApi([
      { environment: 'dev', commit: sha(1), states: ['success', 'inactive'] },
      { environment: 'stage', commit: sha(1), states: ['success'] },
      { environment: 'dev', commit: sha(2), states: ['success'] },
      { environment: 'dev', commit: sha(3), states: ['queued', 'in_progress'] },
    ]);
    const views = await readChainView(['dev', 'stage', 'prod'], ledgerOver(api), (commit, env) =>
      Promise.resolve(
        commit === sha(2) && env === 'stage'
          ? { state: 'pending', description: 'Held: freeze' }
          : undefined,
      ),
    );
    expect(chainStateLine(views)).toBe(
      `dev ✅ ${sha(2).slice(0, 7)} ⏳ ${sha(3).slice(0, 7)} → stage ✅ ${sha(1).slice(0, 7)} → prod ·`,
    );
    expect(waitingText(views[0]!)).toBe(`${sha(3).slice(0, 7)} in progress`);
    expect(waitingText(views[1]!)).toBe(`${sha(2).slice(0, 7)}: Held: freeze`);
    expect(waitingText(views[2]!)).toBe(
      `${sha(1).slice(0, 7)}: deployed before, not promoted here yet`,
    );
  });

  it('an environment that cannot be read is a mark, not a failure', async () => {
    const broken: DeploymentsReader = {
      listDeployments: () => Promise.reject(new Error('403 Resource not accessible')),
      listStatuses: () => Promise.resolve([]),
    };
    const views = await readChainView(['dev', 'prod'], ledgerOver(broken));
    expect(views.map((v) => v.unreadable)).toEqual([
      '403 Resource not accessible',
      '403 Resource not accessible',
    ]);
    expect(chainStateLine(views)).toBe('dev ❔ → prod ❔');
  });
});
