import type { Problem } from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import {
  formatProblemGroup,
  formatProblems,
  groupProblems,
  problemCount,
  SHOWN_PLACES,
} from './problem-groups.ts';

const schema = 'Config data validation failed:\n- ENVIRONMENT is required\nFix the ConfigMaps.';

/** The same ConfigSchema failure on `n` assignments, one per target and cluster type. */
function assignments(n: number, message = schema): Problem[] {
  return Array.from({ length: n }, (_, i) => ({
    file: `workloads/w${i % 3}.yaml`,
    line: 10 + i,
    object: `Assignment of deployment target 't${i}' on cluster type 'c${i}'`,
    message,
  }));
}

describe('groupProblems', () => {
  it('groups by severity and message, in the order first found', () => {
    const typo = { file: 'a.yaml', line: 1, message: 'is not valid YAML.' };
    const warning = { ...typo, severity: 'warning' as const };
    const groups = groupProblems([typo, ...assignments(3), { ...typo, file: 'b.yaml' }, warning]);
    expect(groups.map((g) => g.problems.length)).toEqual([2, 3, 1]);
    expect(groups[0]!.problems.map((p) => p.file)).toEqual(['a.yaml', 'b.yaml']);
    expect(groups[2]!.problems[0]).toBe(warning);
  });
});

describe('formatProblemGroup', () => {
  it('prints a single problem as before: file:line: object: message, later lines indented', () => {
    const [group] = groupProblems(assignments(1));
    expect(formatProblemGroup(group!)).toBe(
      "workloads/w0.yaml:10: Assignment of deployment target 't0' on cluster type 'c0': Config data validation failed:\n    - ENVIRONMENT is required\n    Fix the ConfigMaps.",
    );
  });

  it('prints 13 alike problems of different objects once, with a count and the first places', () => {
    const [group] = groupProblems(assignments(13));
    const text = formatProblemGroup(group!);
    expect(text.split('\n')).toEqual([
      "workloads/w0.yaml:10: Assignment of deployment target 't0' on cluster type 'c0': Config data validation failed:",
      '    - ENVIRONMENT is required',
      '    Fix the ConfigMaps.',
      '    (×13 in all; also at:',
      "      workloads/w1.yaml:11: Assignment of deployment target 't1' on cluster type 'c1'",
      "      workloads/w2.yaml:12: Assignment of deployment target 't2' on cluster type 'c2'",
      "      workloads/w0.yaml:13: Assignment of deployment target 't3' on cluster type 'c3'",
      "      workloads/w1.yaml:14: Assignment of deployment target 't4' on cluster type 'c4'",
      `      and ${13 - SHOWN_PLACES} more)`,
    ]);
  });

  it('lists the places of one object on one line: (×N: file:line, …, and K more)', () => {
    const problems = Array.from({ length: 7 }, (_, i) => ({
      file: `cluster-types/ct${i}.yaml`,
      line: 3,
      object: "ConfigMap 'edge-config'",
      message: "label 'egde' is not 'edge'.",
    }));
    const [group] = groupProblems(problems);
    expect(formatProblemGroup(group!).split('\n')).toEqual([
      "cluster-types/ct0.yaml:3: ConfigMap 'edge-config': label 'egde' is not 'edge'.",
      '    (×7: cluster-types/ct0.yaml:3, cluster-types/ct1.yaml:3, cluster-types/ct2.yaml:3, cluster-types/ct3.yaml:3, cluster-types/ct4.yaml:3, and 2 more)',
    ]);
  });

  it('says when a place has no file, and lists a short group whole', () => {
    const [group] = groupProblems([
      { message: 'no environment found.' },
      { file: 'main:.github/promotion-chain.yaml', message: 'no environment found.' },
    ]);
    expect(formatProblemGroup(group!, { prefix: 'warning: ' })).toBe(
      'warning: no environment found.\n    (×2: (no file), main:.github/promotion-chain.yaml)',
    );
  });
});

describe('formatProblems and problemCount', () => {
  it('give one block per different problem and count them all', () => {
    const problems = [
      ...assignments(11),
      ...assignments(2, 'Config data validation failed:\n- LOG_LEVEL is required'),
    ];
    expect(formatProblems(problems)).toHaveLength(2);
    expect(problemCount(problems)).toBe('13 problems found (2 different)');
    expect(problemCount(problems.slice(0, 1))).toBe('1 problem found');
    expect(problemCount(assignments(2, 'a'), 'in dev')).toBe('2 problems in dev (1 different)');
  });
});
