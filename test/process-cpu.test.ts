// The CPU figures bench/schedule.bench.ts splits a run by (bench/support/process-cpu.ts).
import { describe, expect, it } from 'vitest';
import { cpuOfStat, processCpu, treeCpuSeconds } from '../bench/support/process-cpu.ts';

describe('a process CPU from /proc', () => {
  it('reads utime, stime, cutime and cstime after the command name, whatever it holds', () => {
    // Fields 14–17 are 250, 50, 1000 and 230 ticks (1/100 s); the name has spaces and parentheses.
    const stat =
      '4242 (git (odd) name) S 1 4242 4242 0 -1 4194560 500 0 0 0 250 50 1000 230 20 0 1 0 100 1000000 200 ...';
    expect(cpuOfStat(stat)).toEqual({ own: 3, children: 12.3 });
    expect(cpuOfStat('4242 (cut) S 1 2')).toBeUndefined();
  });

  // Where there is no /proc (not Linux) the bench leaves the figures out.
  it.runIf(process.platform === 'linux')(
    "counts this process's own CPU, and its tree at least as much",
    () => {
      const own = processCpu('self');
      expect(own).toBeDefined();
      const started = process.cpuUsage();
      while (process.cpuUsage(started).user < 100_000); // 0.1 s of CPU
      const after = processCpu('self')!;
      expect(after.own - own!.own).toBeGreaterThanOrEqual(0.05);
      expect(treeCpuSeconds('self')!).toBeGreaterThanOrEqual(after.own + after.children - 0.01);
    },
  );
});
