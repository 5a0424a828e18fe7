// CPU of a process and of the children it has waited for, from Linux's /proc/<pid>/stat (utime,
// stime, cutime, cstime: fields 14–17, in clock ticks: `getconf CLK_TCK`, 100 on Linux).
// bench/schedule.bench.ts splits a run's CPU between the action, its git processes and the local
// GitHub with it (on one machine they share the cores, on a hosted runner GitHub's share is spent
// elsewhere); bench/schedule-small.bench.ts reads the action's git processes and git's floor.
// Undefined where there is no /proc (the figures are then left out).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** The fields of a /proc/<pid>/stat text from field 3 (state) on: the command name (field 2) is
 * in parentheses and may hold spaces, so they are counted after the last ')'. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds of the process itself and of its waited-for children, or undefined. */
export function processCpu(pid: number | 'self'): { own: number; children: number } | undefined {
  try {
    return cpuOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The same, from the text of a /proc/<pid>/stat file (as a process wrote its own at exit). */
export function cpuOfStat(stat: string): { own: number; children: number } | undefined {
  // fields[0] is field 3 (state): utime is field 14, so index 11.
  const [utime, stime, cutime, cstime] = statFields(stat).slice(11, 15).map(Number);
  if ([utime, stime, cutime, cstime].some((n) => n === undefined || !Number.isFinite(n)))
    return undefined;
  return {
    own: (utime! + stime!) / TICKS_PER_SECOND,
    children: (cutime! + cstime!) / TICKS_PER_SECOND,
  };
}

/**
 * A process tree's CPU seconds: the process and every live descendant (each with the children it
 * has waited for), found by their parent ids in /proc; undefined where there is none. A process
 * that ended counts in its parent's children once reaped, a live one (a long-running
 * `cat-file --batch`) by its own figure.
 */
export function treeCpuSeconds(pid: number | 'self'): number | undefined {
  const root = pid === 'self' ? process.pid : pid;
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const parents = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const name of names) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended while listed
    }
    const used = cpuOfStat(stat);
    const parent = Number(statFields(stat)[1]); // field 4
    if (used === undefined || !Number.isFinite(parent)) continue;
    cpu.set(Number(name), used.own + used.children);
    const siblings = parents.get(parent);
    if (siblings) siblings.push(Number(name));
    else parents.set(parent, [Number(name)]);
  }
  if (!cpu.has(root)) return undefined;
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const next = stack.pop()!;
    total += cpu.get(next) ?? 0;
    stack.push(...(parents.get(next) ?? []));
  }
  return total;
}
