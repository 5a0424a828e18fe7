import { describe, expect, it } from 'vitest';
import type { Clock, Reporter } from '../ports.ts';
import { clusterOf, resolveComplianceTarget } from './target.ts';
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
  const id = `/subscriptions/s1/resourceGroups/rg/providers/Microsoft.ContainerService/managedClusters/${cluster}/providers/Microsoft.KubernetesConfiguration/fluxConfigurations/cfg`;
  return {
    id,
    name: 'cfg',
    cluster: clusterOf(id),
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

/** A source that answers from a script indexed by the clock's time in seconds. */
function scripted(
  clock: ManualClock,
  script: (seconds: number) => FluxConfigurationReport[] | Error,
): ComplianceSource {
  return {
    listConfigurations: () => {
      const answer = script(clock.now() / 1000);
      return answer instanceof Error
        ? Promise.reject(answer)
        : Promise.resolve({ configurations: answer, requests: 1 });
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
    expect(outcome).toMatchObject({ polls: 6, requests: 6, elapsedSeconds: 150 });
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
    expect(outcome).toMatchObject({ polls: 2, requests: 5 });
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
