import { describe, expect, it } from 'vitest';
import type { Clock, Reporter } from '../ports.ts';
import { selectReports, summarizeReports } from './evaluate.ts';
import { resolveComplianceTarget } from './target.ts';
import {
  ComplianceSourceError,
  type ComplianceSource,
  type FluxConfigurationReport,
} from './types.ts';
import { waitForCompliance } from './wait.ts';

const target = resolveComplianceTarget({
  repositoryUrl: 'https://github.com/contoso/gitops',
  branch: 'dev',
  commit: 'a'.repeat(40),
});

function report(
  cluster: string,
  commit: string,
  complianceState: string,
  reason = '',
): FluxConfigurationReport {
  const id = `clusters/${cluster}/configurations/cfg`;
  return {
    id,
    name: 'cfg',
    cluster: { id: `clusters/${cluster}`, name: cluster },
    repositoryUrl: 'https://github.com/contoso/gitops',
    branch: 'dev',
    complianceState,
    provisioningState: 'Succeeded',
    suspended: false,
    sourceSyncedCommitId: `dev@sha1:${commit}`,
    errorMessage: '',
    objects: reason
      ? [
          {
            kind: 'Kustomization',
            namespace: 'flux-system',
            name: 'cfg-apps',
            complianceState,
            conditions: [{ type: 'Ready', status: 'False', reason, message: reason }],
          },
        ]
      : [],
  };
}

class ManualClock implements Clock {
  time = 0;
  sleeps: number[] = [];
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
    return Promise.resolve();
  }
}

class RecordingReporter implements Reporter {
  lines: string[] = [];
  debug(): void {}
  info(message: string): void {
    this.lines.push(`info: ${message}`);
  }
  warning(message: string): void {
    this.lines.push(`warning: ${message}`);
  }
  error(message: string): void {
    this.lines.push(`error: ${message}`);
  }
  group<T>(_title: string, work: () => Promise<T>): Promise<T> {
    return work();
  }
}

/**
 * A source that answers from a script indexed by the clock's time in seconds: the summary is
 * computed from the scripted rows, a listing selects and bounds them. `calls` records each call.
 */
function scripted(
  clock: ManualClock,
  script: (seconds: number) => FluxConfigurationReport[] | Error,
  calls: string[] = [],
): ComplianceSource {
  const answer = () => {
    const rows = script(clock.now() / 1000);
    if (rows instanceof Error) throw rows;
    return rows;
  };
  return {
    summarize: () => {
      calls.push('summarize');
      try {
        return Promise.resolve({ groups: summarizeReports(answer()), requests: 1 });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    listConfigurations: (t, request = { which: 'all' }) => {
      calls.push(`list ${request.which}${request.limit ? ` ${request.limit}` : ''}`);
      try {
        const selected = selectReports(answer(), t, request.which);
        const limit = request.limit ?? selected.length;
        return Promise.resolve({
          configurations: selected.slice(0, limit),
          requests: 1,
          truncated: selected.length > limit,
        });
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
  };
}

const a = 'a'.repeat(40);
const b = 'b'.repeat(40);
const settings = { timeoutSeconds: 600, pollIntervalSeconds: 30, gracePeriodSeconds: 90 };

describe('waitForCompliance', () => {
  it('polls until every configuration is Compliant on the target', async () => {
    const clock = new ManualClock();
    const reporter = new RecordingReporter();
    const source = scripted(clock, (s) => [
      report('one', s >= 60 ? a : b, 'Compliant'),
      report('two', s >= 120 ? a : b, s >= 150 ? 'Compliant' : 'Pending'),
    ]);
    const outcome = await waitForCompliance({ source, clock, reporter, target, ...settings });
    // Five waiting polls ask only for the summary; the last one lists the rows for the report.
    expect(outcome).toMatchObject({
      polls: 6,
      requests: 7,
      maxRequestsPerPoll: 2,
      elapsedSeconds: 150,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(clock.sleeps).toEqual([30_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('measures the grace period from the first poll that saw the configuration Non-Compliant', async () => {
    const clock = new ManualClock();
    const source = scripted(clock, (s) => [
      report('one', s >= 30 ? a : b, s >= 30 ? 'Non-Compliant' : 'Compliant', 'DependencyNotReady'),
    ]);
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
    });
    expect(outcome.verdict.status).toBe('failed');
    expect(outcome.elapsedSeconds).toBe(120);
    expect(outcome.verdict.summary).toContain('stayed Non-Compliant for 90s');
  });

  it('restarts the grace period when a configuration recovers in between', async () => {
    const clock = new ManualClock();
    const states: Record<number, string> = {
      0: 'Non-Compliant',
      30: 'Non-Compliant',
      60: 'Pending',
      90: 'Non-Compliant',
      120: 'Non-Compliant',
      150: 'Compliant',
    };
    const source = scripted(clock, (s) => [
      report('one', a, states[s] ?? 'Compliant', 'DependencyNotReady'),
    ]);
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
      gracePeriodSeconds: 60,
    });
    expect(outcome.verdict.status).toBe('succeeded');
  });

  it('times out with the configurations that are behind', async () => {
    const clock = new ManualClock();
    const source = scripted(clock, () => [
      report('one', a, 'Compliant'),
      report('two', b, 'Compliant'),
    ]);
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
      timeoutSeconds: 100,
    });
    expect(outcome.verdict.status).toBe('timed-out');
    expect(outcome.verdict.summary).toContain("'two/cfg' is still on commit bbbbbbb");
    expect(clock.sleeps).toEqual([30_000, 30_000, 30_000, 10_000]);
    expect(outcome.elapsedSeconds).toBe(100);
  });

  it('polls again after a transient source failure and counts its requests', async () => {
    const clock = new ManualClock();
    const reporter = new RecordingReporter();
    const source = scripted(clock, (s) =>
      s < 30
        ? new ComplianceSourceError('Resource Graph is unavailable (503).', {
            transient: true,
            requests: 4,
          })
        : [report('one', a, 'Compliant')],
    );
    const outcome = await waitForCompliance({ source, clock, reporter, target, ...settings });
    expect(outcome).toMatchObject({ polls: 2, requests: 6 });
    expect(reporter.lines).toContain(
      'warning: Poll 1: Resource Graph is unavailable (503). Polling again.',
    );
  });

  it('throws a failure that polling cannot fix', async () => {
    const clock = new ManualClock();
    const source = scripted(
      clock,
      () => new ComplianceSourceError('Missing Reader role.', { transient: false }),
    );
    await expect(
      waitForCompliance({ source, clock, reporter: new RecordingReporter(), target, ...settings }),
    ).rejects.toThrow('Missing Reader role.');
  });

  it('fails at once when nothing watches the branch, unless allowed', async () => {
    const clock = new ManualClock();
    const source = scripted(clock, () => []);
    const failed = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
    });
    expect(failed).toMatchObject({ polls: 1, verdict: { status: 'failed' } });
    const allowed = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
      allowEmpty: true,
    });
    expect(allowed.verdict.status).toBe('succeeded');
  });
});

describe('waitForCompliance, summary first', () => {
  /** `n` configurations: the first `onTarget` on the target commit, the rest behind. */
  const fleet = (n: number, onTarget: number, failing = -1) =>
    Array.from({ length: n }, (_, i) =>
      i === failing
        ? report(`c${String(i).padStart(5, '0')}`, a, 'Non-Compliant', 'HealthCheckFailed')
        : report(`c${String(i).padStart(5, '0')}`, i < onTarget ? a : b, 'Compliant'),
    );

  it('asks only for the summary while a large fleet is waiting, and lists rows at the end', async () => {
    const clock = new ManualClock();
    const calls: string[] = [];
    const source = scripted(clock, (s) => fleet(10_000, s >= 90 ? 10_000 : 9_000 + s), calls);
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
    });
    expect(outcome.verdict.status).toBe('succeeded');
    expect(calls).toEqual(['summarize', 'summarize', 'summarize', 'summarize', 'list all 200']);
    expect(outcome).toMatchObject({ polls: 4, requests: 5, maxRequestsPerPoll: 2 });
    expect(outcome.verdict.counts).toMatchObject({ total: 10_000, compliant: 10_000 });
    expect(outcome.verdict.configurations).toHaveLength(200);
    expect(outcome.verdict.clusters).toEqual({ compliant: 10_000, total: 10_000, exact: true });
  });

  it('says who is waiting by group from the summary alone', async () => {
    const clock = new ManualClock();
    const reporter = new RecordingReporter();
    const source = scripted(clock, (s) => (s >= 30 ? fleet(1_000, 1_000) : fleet(1_000, 990)));
    await waitForCompliance({ source, clock, reporter, target, ...settings });
    expect(reporter.lines[1]).toBe(
      'info: Poll 1: 990 of 1000 Flux configurations Compliant on commit aaaaaaa; waiting for 10 configurations still on commit bbbbbbb (Compliant there).',
    );
  });

  it('lists the failing rows when the summary shows Non-Compliant on the target, and fails fast naming them', async () => {
    const clock = new ManualClock();
    const calls: string[] = [];
    const source = scripted(clock, () => fleet(10_000, 5_000, 7_777), calls);
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
    });
    expect(calls).toEqual(['summarize', 'list failing 200']);
    expect(outcome.verdict.status).toBe('failed');
    expect(outcome.verdict.summary).toBe(
      "1 of 10000 Flux configurations failed on commit aaaaaaa: cluster 'c07777' configuration 'cfg' is Non-Compliant: HealthCheckFailed (Kustomization flux-system/cfg-apps: HealthCheckFailed: HealthCheckFailed).",
    );
    expect(outcome.verdict.counts).toMatchObject({ total: 10_000, failed: 1, behind: 4_999 });
  });

  it('names who is behind at the time-out with one last bounded listing', async () => {
    const clock = new ManualClock();
    const calls: string[] = [];
    const source = scripted(clock, () => fleet(5_000, 4_990), calls);
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
      timeoutSeconds: 60,
    });
    expect(calls).toEqual(['summarize', 'summarize', 'summarize', 'list pending 200']);
    expect(outcome.verdict.status).toBe('timed-out');
    expect(outcome.verdict.summary).toContain(
      "Timed out after 60s: 4990 of 5000 Flux configurations Compliant on commit aaaaaaa: 'c04990/cfg' is still on commit bbbbbbb (Compliant there);",
    );
  });

  it('ends timed-out without evidence when the source fails until the deadline', async () => {
    const clock = new ManualClock();
    const source = scripted(clock, (s) =>
      s < 30
        ? [report('one', b, 'Compliant')]
        : new ComplianceSourceError('Resource Graph is unavailable (503) after retries.', {
            transient: true,
            requests: 5,
          }),
    );
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
      timeoutSeconds: 90,
    });
    expect(outcome.verdict).toMatchObject({ status: 'timed-out', evidence: 'unavailable' });
    expect(outcome.verdict.summary).toBe(
      "Timed out after 90s without evidence: the compliance source did not answer: Resource Graph is unavailable (503) after retries. Whether 'github.com/contoso/gitops@dev' runs commit aaaaaaa is unknown. The last answer (poll 1) said: 0 of 1 Flux configuration Compliant on commit aaaaaaa; waiting for 1 configuration still on commit bbbbbbb (Compliant there).",
    );
  });

  it('ends timed-out without evidence when the source never answered', async () => {
    const clock = new ManualClock();
    const source = scripted(
      clock,
      () =>
        new ComplianceSourceError('Resource Graph throttled (429) after retries.', {
          transient: true,
        }),
    );
    const outcome = await waitForCompliance({
      source,
      clock,
      reporter: new RecordingReporter(),
      target,
      ...settings,
      timeoutSeconds: 60,
    });
    expect(outcome.verdict).toMatchObject({
      status: 'timed-out',
      evidence: 'unavailable',
      configurations: [],
    });
    expect(outcome.verdict.summary).toContain('Timed out after 60s without evidence');
  });
});

describe('the deadline rule (docs/decisions/deadline-rule.md)', () => {
  it('caps the polls at the timeout over the interval, even on a clock that does not move', async () => {
    // A clock whose sleeps end at once without time passing: only the cap ends the wait.
    const clock = new ManualClock();
    const stuck: Clock = { now: () => clock.now(), sleep: () => Promise.resolve() };
    const calls: string[] = [];
    const outcome = await waitForCompliance({
      source: scripted(clock, () => [report('c1', 'b'.repeat(40), 'Compliant')], calls),
      clock: stuck,
      reporter: new RecordingReporter(),
      target,
      timeoutSeconds: 60,
      pollIntervalSeconds: 30,
      gracePeriodSeconds: 0,
    });
    expect(outcome.polls).toBe(4);
    expect(outcome.verdict.status).toBe('timed-out');
  });

  it('passes the deadline to every call; the final look may answer 30 s after it, never wait', async () => {
    const clock = new ManualClock();
    const seen: unknown[] = [];
    const source = scripted(clock, () => [report('c1', 'b'.repeat(40), 'Compliant')]);
    const outcome = await waitForCompliance({
      source: {
        summarize: (t, options) => {
          seen.push({ at: clock.now(), ...options });
          return source.summarize(t, options);
        },
        listConfigurations: (t, request, options) => {
          seen.push({ at: clock.now(), list: true, ...options });
          return source.listConfigurations(t, request, options);
        },
      },
      clock,
      reporter: new RecordingReporter(),
      target,
      timeoutSeconds: 60,
      pollIntervalSeconds: 30,
      gracePeriodSeconds: 0,
    });
    expect(outcome.verdict.status).toBe('timed-out');
    expect(seen).toEqual([
      { at: 0, deadline: 60_000, answerBy: 60_000 },
      { at: 30_000, deadline: 60_000, answerBy: 60_000 },
      { at: 60_000, deadline: 60_000, answerBy: 90_000 },
      { at: 60_000, list: true, deadline: 60_000, answerBy: 90_000 },
    ]);
  });

  it('stops at once when the source cannot answer before the deadline, saying so', async () => {
    const clock = new ManualClock();
    const reporter = new RecordingReporter();
    const error = new ComplianceSourceError('was throttled until 10:00.', {
      transient: true,
      requests: 1,
      notBefore: 3_600_000,
    });
    const outcome = await waitForCompliance({
      source: scripted(clock, () => error),
      clock,
      reporter,
      target,
      timeoutSeconds: 1800,
      pollIntervalSeconds: 30,
      gracePeriodSeconds: 0,
    });
    expect(outcome).toMatchObject({ polls: 1, requests: 1, elapsedSeconds: 0 });
    expect(outcome.verdict).toMatchObject({ status: 'timed-out', evidence: 'unavailable' });
    expect(outcome.verdict.summary).toBe(
      "Stopped after 0s of the 1800s timeout without evidence: the compliance source cannot answer before the deadline: was throttled until 10:00. Whether 'github.com/contoso/gitops@dev' runs commit aaaaaaa is unknown.",
    );
    expect(reporter.lines).toContain('warning: Poll 1: was throttled until 10:00.');
  });
});
