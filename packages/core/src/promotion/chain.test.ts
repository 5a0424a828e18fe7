import { describe, expect, it } from 'vitest';
import { ControlPlaneError } from '../model/problem.ts';
import {
  MAX_CHAIN_ENVIRONMENTS,
  firstEnvironment,
  isValidBranchName,
  nextEnvironment,
  parsePromotionChain,
} from './chain.ts';

function problemsOf(text: string): { line: number | undefined; message: string }[] {
  try {
    parsePromotionChain(text);
  } catch (error) {
    if (error instanceof ControlPlaneError)
      return error.problems.map((p) => ({ line: p.line, message: p.message }));
    throw error;
  }
  throw new Error('expected problems');
}

describe('parsePromotionChain', () => {
  it.each([
    ['environments: [dev, stage, prod]\n', ['dev', 'stage', 'prod']],
    ['environments:\n  - dev\n  - release/eu\n', ['dev', 'release/eu']],
  ])('reads %j', (text, environments) => {
    expect(parsePromotionChain(text)).toEqual({
      environments,
      file: '.github/promotion-chain.yaml',
    });
  });

  it.each([
    ['environments: []\n', 1, "'environments' must be a non-empty list"],
    ['environments: dev\n', 1, "'environments' must be a non-empty list"],
    ['- dev\n', 1, "must be a mapping with the key 'environments'"],
    ['environments:\n  - dev\n  - dev\n', 3, "environment 'dev' is listed twice"],
    [
      'environments:\n  - dev\n  - "bad name"\n',
      3,
      'environment "bad name" is not a valid branch name',
    ],
    ['environments:\n  - 42\n', 2, 'environment 42 is not a valid branch name'],
    ['envs: [dev]\nenvironments: [dev]\n', 1, "unknown key 'envs'"],
    ['environments: [dev\n', 2, 'is not valid YAML'],
  ])('reports %j at line %i', (text, line, message) => {
    const problems = problemsOf(text);
    expect(problems[0]?.line).toBe(line);
    expect(problems[0]?.message).toContain(message);
  });

  it(`accepts ${MAX_CHAIN_ENVIRONMENTS} environments and refuses one more at its line`, () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `  - env-${i + 1}\n`).join('');
    expect(
      parsePromotionChain(`environments:\n${names(MAX_CHAIN_ENVIRONMENTS)}`).environments,
    ).toHaveLength(MAX_CHAIN_ENVIRONMENTS);
    expect(problemsOf(`environments:\n${names(5000)}`)).toEqual([
      {
        line: MAX_CHAIN_ENVIRONMENTS + 2,
        message: `'environments' lists 5000 environments; a promotion chain has at most 32. Shorten the chain (the environment on this line is number 33).`,
      },
    ]);
    expect(() => parsePromotionChain(`environments:\n${names(40)}`, 'chain.yaml')).toThrow(
      /chain\.yaml:34: 'environments' lists 40 environments; a promotion chain has at most 32\./,
    );
  });

  it('reports every problem at once', () => {
    expect(problemsOf('environments:\n  - dev\n  - dev\n  - a..b\n')).toHaveLength(2);
  });

  it('names the file and line in the error message', () => {
    expect(() => parsePromotionChain('environments: []\n', 'chain.yaml')).toThrow(
      /chain\.yaml:1: 'environments'/,
    );
  });
});

describe('firstEnvironment and nextEnvironment', () => {
  const chain = parsePromotionChain('environments: [dev, stage, prod]\n');

  it('starts with the first environment', () => {
    expect(firstEnvironment(chain)).toBe('dev');
  });

  it.each([
    ['dev', 'stage'],
    ['stage', 'prod'],
    ['prod', undefined],
  ])('follows %s with %s', (env, next) => {
    expect(nextEnvironment(chain, env)).toBe(next);
  });

  it('rejects an environment outside the chain', () => {
    expect(() => nextEnvironment(chain, 'qa')).toThrow(
      /environment 'qa' is not in the promotion chain \(dev → stage → prod\)/,
    );
  });
});

describe('isValidBranchName', () => {
  it.each(['dev', 'stage-eu', 'release/1.0', 'a_b'])('accepts %s', (name) => {
    expect(isValidBranchName(name)).toBe(true);
  });
  it.each([
    '',
    '-x',
    'a..b',
    'a b',
    'a:b',
    'x.lock',
    'x/',
    '/x',
    '.x',
    'a//b',
    'a@{b',
    '@',
    'a~1',
    'a^',
    'a?',
    'a*',
    'a[b',
    'a\\b',
  ])('rejects %j', (name) => {
    expect(isValidBranchName(name)).toBe(false);
  });
});
