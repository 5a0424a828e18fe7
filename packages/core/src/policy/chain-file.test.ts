import { describe, expect, it } from 'vitest';
import { ControlPlaneError } from '../model/problem.ts';
import { parsePromotionChain, policyOf } from '../promotion/chain.ts';
import { readPromotionChainFile } from './chain-file.ts';
import { FULL } from './policy.test-support.ts';

const FILE = '.github/promotion-chain.yaml';
const HOUR = 3_600_000;

function problemsOf(text: string) {
  try {
    readPromotionChainFile(text, FILE);
  } catch (error) {
    if (error instanceof ControlPlaneError)
      return error.problems.map((p) => ({ line: p.line, object: p.object, message: p.message }));
    throw error;
  }
  throw new Error('expected problems');
}

function warningsOf(text: string) {
  return readPromotionChainFile(text, FILE).warnings.map((w) => ({
    line: w.line,
    message: w.message,
    severity: w.severity,
  }));
}

describe('readPromotionChainFile', () => {
  it('reads the plain form as before, with no policy', () => {
    const read = readPromotionChainFile('environments: [dev, stage, prod]\n', FILE);
    expect(read.declaresPolicy).toBe(false);
    expect(read.warnings).toEqual([]);
    expect(parsePromotionChain('environments: [dev, stage, prod]\n')).toEqual({
      environments: ['dev', 'stage', 'prod'],
      file: FILE,
    });
    expect(policyOf(parsePromotionChain('environments: [dev, prod]\n'))).toEqual({
      file: FILE,
      timezone: 'UTC',
      freezes: [],
      environments: [
        { name: 'dev', timezone: 'UTC', allow: [], onFailure: 'none' },
        { name: 'prod', timezone: 'UTC', allow: [], onFailure: 'none' },
      ],
    });
  });

  it('reads a complete policy', () => {
    const read = readPromotionChainFile(FULL, FILE);
    expect(read.environments).toEqual(['dev', 'stage', 'prod']);
    expect(read.declaresPolicy).toBe(true);
    expect(read.warnings).toEqual([]);
    const { policy } = read;
    expect(policy.timezone).toBe('Europe/Berlin');
    expect(policy.breakGlass).toEqual({ environment: 'break-glass', label: 'kalypso/break-glass' });
    expect(policy.freezes).toEqual([
      {
        name: 'holiday-2026',
        reason: 'Holiday freeze',
        timezone: 'Europe/Berlin',
        schedule: {
          type: 'once',
          from: new Date('2026-12-19T17:00:00Z'),
          to: new Date('2027-01-04T07:00:00Z'),
        },
        line: 3,
      },
      {
        name: 'month-end',
        timezone: 'Europe/Berlin',
        schedule: { type: 'cron', cron: '0 0 28-31 * *', duration: 96 * HOUR },
        environments: ['prod'],
        line: 4,
      },
    ]);
    const [dev, stage, prod] = policy.environments;
    expect(dev).toEqual({ name: 'dev', timezone: 'Europe/Berlin', allow: [], onFailure: 'none' });
    expect(stage).toMatchObject({ name: 'stage', soak: 2 * HOUR, allow: [], onFailure: 'none' });
    expect(prod).toMatchObject({
      name: 'prod',
      allow: [
        {
          name: 'business-hours',
          timezone: 'Europe/Berlin',
          schedule: { type: 'cron', cron: '0 9 * * 1-4', duration: 8 * HOUR },
        },
      ],
      train: { cron: '0 10 * * 2,4', timezone: 'Europe/Berlin' },
      failures: {
        max: { type: 'percent', percent: 5 },
        unreachable: 'count',
        mandatory: ['payments-*'],
        perClusterType: [{ pattern: 'edge-*', max: { type: 'count', count: 1 } }],
      },
      onFailure: 'revert',
    });
  });

  it('lets an environment and a window have their own timezone', () => {
    const { policy } = readPromotionChainFile(
      `environments:
  - dev
  - name: prod
    timezone: America/New_York
    allow:
      - { cron: "0 9 * * 1-5", duration: 8h }
      - { cron: "0 9 * * 1-5", duration: 8h, timezone: Asia/Tokyo }
    train: { cron: "0 10 * * 2", timezone: UTC }
`,
      FILE,
    );
    const prod = policy.environments[1]!;
    expect(prod.allow.map((w) => w.timezone)).toEqual(['America/New_York', 'Asia/Tokyo']);
    expect(prod.train).toMatchObject({ timezone: 'UTC' });
  });

  it('hands the policy and warnings on through parsePromotionChain', () => {
    const chain = parsePromotionChain(
      'environments: [dev, { name: prod, soak: 1h, colour: red }]\n',
    );
    expect(chain.environments).toEqual(['dev', 'prod']);
    expect(chain.policy?.environments[1]?.soak).toBe(HOUR);
    expect(chain.warnings).toHaveLength(1);
  });

  it.each([
    // [text, line, object, message]
    ['timezone: Europe/Berln\nenvironments: [dev]\n', 1, undefined, "did you mean 'Europe/Berlin'"],
    ['environments: [dev, { soak: 1h }]\n', 1, undefined, "needs 'name'"],
    [
      'environments: [dev, { name: stage, soak: 90 }]\n',
      1,
      "environment 'stage'",
      "duration '90' has no unit",
    ],
    [
      'environments: [{ name: dev, soak: 1h }]\n',
      1,
      "environment 'dev'",
      "'soak' needs a previous environment",
    ],
    [
      'environments: [dev, { name: prod, onFailure: rollback }]\n',
      1,
      "environment 'prod'",
      'write none, hold or revert',
    ],
    [
      'environments: [dev, { name: prod, sok: 1h }]\n',
      1,
      "environment 'prod'",
      "did you mean 'soak'",
    ],
    [
      'environments: [dev]\nfreezs: []\n',
      2,
      undefined,
      "unknown key 'freezs'. Did you mean 'freezes'?",
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, cron: "0 9 * *", duration: 1h }\n',
      3,
      "freeze 'x'",
      'has 4 fields, not 5',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, cron: "0 9 * * *", duration: 1.5h }\n',
      3,
      "freeze 'x'",
      'no fractions',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, from: 2026-12-19T18:00 }\n',
      3,
      "freeze 'x'",
      "needs both 'from' and 'to'",
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, from: 2026-12-19T18:00, to: 2026-12-01T00:00 }\n',
      3,
      "freeze 'x'",
      "'to' must be after 'from'",
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, from: 2026-02-30T18:00, to: 2026-12-01T00:00 }\n',
      3,
      "freeze 'x'",
      'not a real date',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, from: 2026-12-19, to: 2026-12-20, cron: "@daily", duration: 1h }\n',
      3,
      "freeze 'x'",
      'mixes a one-shot window',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, reason: holidays }\n',
      3,
      "freeze 'x'",
      'says nothing about when',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, cron: "@daily", duration: 1h, environments: [prd] }\n',
      3,
      "freeze 'x'",
      'not in the chain (dev)',
    ],
    [
      'environments: [dev, prod]\nfreezes:\n  - { name: x, cron: "@daily", duration: 1h, environments: [prd] }\n',
      3,
      "freeze 'x'",
      "did you mean 'prod'",
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: "bad name", cron: "@daily", duration: 1h }\n',
      3,
      'freeze #1',
      "name 'bad name' must be",
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: a, cron: "@daily", duration: 1h }\n  - { name: a, cron: "@weekly", duration: 1h }\n',
      4,
      "freeze 'a'",
      'is used twice',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, cron: "@daily", duration: 1h, timezone: Mars/Base }\n',
      3,
      "freeze 'x'",
      'is not an IANA timezone',
    ],
    [
      'environments: [dev, { name: prod, train: "0 10 * * 8" }]\n',
      1,
      "environment 'prod'",
      "'train': cron '0 10 * * 8' is not valid",
    ],
    [
      'environments: [dev, { name: prod, failures: { max: 120% } }]\n',
      1,
      "environment 'prod'",
      'percentage from 0% to 100%',
    ],
    [
      'environments: [dev, { name: prod, failures: { max: -1 } }]\n',
      1,
      "environment 'prod'",
      'neither a whole number',
    ],
    [
      'environments: [dev, { name: prod, failures: { unreachable: skip } }]\n',
      1,
      "environment 'prod'",
      "write 'count'",
    ],
    [
      'environments: [dev, { name: prod, failures: { mandatory: ["pay ments"] } }]\n',
      1,
      "environment 'prod'",
      'is not a cluster type pattern',
    ],
    [
      'environments: [dev]\nfreezes:\n  - { name: x, cron: "@daily", duration: 1h, reason: "a\\nb" }\n',
      3,
      "freeze 'x'",
      'must be one line',
    ],
    ['environments: [dev]\nbreakGlass: {}\n', 2, 'breakGlass', "needs an 'environment'"],
    ['environments: [dev]\nfreezes: { name: x }\n', 2, undefined, "'freezes' must be a list"],
  ])('reports %j at line %i', (text, line, object, message) => {
    const problems = problemsOf(text);
    expect(problems[0]).toMatchObject({ line, object });
    expect(problems[0]?.message).toContain(message);
  });

  it('reports every problem of the file at once', () => {
    const problems = problemsOf(`timezone: Nowhere
environments:
  - dev
  - { name: stage, soak: 2 }
  - name: prod
    train: "* *"
    onFailure: maybe
freezes:
  - { name: a, cron: "0 9 * * *", duration: 0m }
`);
    expect(problems.map((p) => p.line)).toEqual([1, 4, 6, 7, 9]);
  });

  it('warns about keys it does not know that are not near misses', () => {
    expect(
      warningsOf(`environments:
  - dev
  - name: prod
    revert: { on: [failed] }
    allow: []
`),
    ).toEqual([
      {
        line: 4,
        message: expect.stringContaining("unknown key 'revert' in an environment is ignored"),
        severity: 'warning',
      },
      { line: 5, message: expect.stringContaining("'allow' is empty"), severity: 'warning' },
    ]);
  });

  it('bounds the work a hostile file can ask for', () => {
    const freezes = Array.from(
      { length: 101 },
      (_, i) => `  - { name: f${i}, cron: "@daily", duration: 1h }`,
    );
    const problems = problemsOf(`environments: [dev]\nfreezes:\n${freezes.join('\n')}\n`);
    expect(problems[0]?.message).toContain('at most 100');
  });
});
