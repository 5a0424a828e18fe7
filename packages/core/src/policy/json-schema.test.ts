import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FULL } from './policy.test-support.ts';
import { locksJsonSchema, promotionChainJsonSchema } from './json-schema.ts';
import { addLock, readLockFile } from './locks.ts';

const ajv = new Ajv({ allErrors: true, strict: true });
const chain = ajv.compile(promotionChainJsonSchema());
const locks = ajv.compile(locksJsonSchema());

const errorsOf = (validate: typeof chain, text: string) =>
  validate(parse(text)) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);

describe('the promotion chain schema', () => {
  it.each([
    ['the plain form', 'environments: [dev, stage, prod]\n'],
    ['a complete policy', FULL],
    [
      'a train with its own timezone',
      'environments: [dev, { name: prod, train: { cron: "0 10 * * 2", timezone: UTC } }]\n',
    ],
  ])('accepts %s', (_, text) => {
    expect(errorsOf(chain, text)).toEqual([]);
  });

  it.each([
    [
      'a misspelled rule',
      'environments: [dev, { name: prod, sok: 2h }]\n',
      'must NOT have additional properties',
    ],
    [
      'a duration without unit',
      'environments: [dev, { name: prod, soak: "90" }]\n',
      'must match pattern',
    ],
    [
      'a window that mixes forms',
      'environments: [dev]\nfreezes: [ { from: 2026-12-19, to: 2026-12-20, cron: "@daily", duration: 1h } ]\n',
      'must match exactly one schema',
    ],
    [
      'an unknown onFailure',
      'environments: [dev, { name: prod, onFailure: rollback }]\n',
      'must be equal to one of the allowed values',
    ],
    [
      'a threshold over 100%',
      'environments: [dev, { name: prod, failures: { max: 1000% } }]\n',
      'must match pattern',
    ],
  ])('flags %s', (_, text, message) => {
    expect(errorsOf(chain, text).join('\n')).toContain(message);
  });
});

describe('the locks schema', () => {
  it('accepts what addLock writes', () => {
    const { text } = addLock(readLockFile(undefined), {
      environment: 'prod',
      scope: { type: 'cluster-type', clusterType: 'drone' },
      reason: 'INC-4211',
      by: 'alice',
      since: new Date('2026-11-25T16:00:00Z'),
      until: new Date('2026-11-26T16:00:00Z'),
    });
    expect(errorsOf(locks, text)).toEqual([]);
  });

  it('flags a local expiry and a missing reason', () => {
    expect(
      errorsOf(locks, 'locks:\n  - { scope: environment, until: 2026-11-26T16:00 }\n'),
    ).toEqual([
      "/locks/0 must have required property 'reason'",
      '/locks/0/until must match pattern "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2})?(Z|[+-][0-9]{2}:[0-9]{2})$"',
    ]);
  });
});
