import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE_TEMPLATE } from '@kalypso/core';
import { readInputs } from './inputs.ts';

const defaults: Record<string, string> = {
  environment: 'dev',
  'github-token': 'cp',
  repository: 'acme/cp',
  draft: 'false',
  'auto-merge': 'false',
  'merge-method': 'merge',
  status: 'true',
  'dry-run': 'false',
};
const read = (overrides: Record<string, string> = {}) =>
  readInputs((name) => ({ ...defaults, ...overrides })[name] ?? '');

describe('readInputs', () => {
  it('falls back to github-token and to the default templates and branch', () => {
    const inputs = read();
    expect(inputs.gitopsToken).toEqual({ token: 'cp', input: 'github-token' });
    expect(inputs.workloadToken).toEqual({ token: 'cp', input: 'github-token' });
    expect(inputs.pullRequestBranch).toBe('kalypso/dev');
    expect(inputs.templates.title).toBe(DEFAULT_TITLE_TEMPLATE);
    expect(inputs.autoMerge).toBeUndefined();
  });

  it('reads tokens, lists and auto-merge', () => {
    const inputs = read({
      'gitops-token': 'g',
      labels: 'a, b\nc',
      'auto-merge': 'true',
      'merge-method': 'squash',
    });
    expect(inputs.gitopsToken).toEqual({ token: 'g', input: 'gitops-token' });
    expect(inputs.labels).toEqual(['a', 'b', 'c']);
    expect(inputs.autoMerge).toBe('squash');
  });

  it('refuses a label GitHub would refuse (over 50 characters), counting characters', () => {
    expect(read({ labels: `ok, ${'🚀'.repeat(50)}` }).labels).toHaveLength(2);
    expect(() => read({ labels: `ok, ${'x'.repeat(51)}` })).toThrow(
      /Input 'labels' has 'x{51}' \(51 characters\): GitHub refuses label names over 50 characters\. Shorten it\./,
    );
  });

  it('reports every problem at once', () => {
    expect(() =>
      read({
        environment: 'a b',
        'merge-method': 'fast',
        'title-template': '{{#x}}',
        draft: 'yes',
      }),
    ).toThrow(/The inputs have 5 problems:/);
  });

  it('reads KALYPSO_SCHEDULE_MAX_FILES with the inputs, and reports it with their problems', () => {
    const get = (name: string) => defaults[name] ?? '';
    expect(readInputs(get, { KALYPSO_SCHEDULE_MAX_FILES: '500' }).maxFiles).toBe(500);
    expect(readInputs(get, {}).maxFiles).toBeUndefined();
    const wrong = (name: string) => ({ ...defaults, status: 'maybe' })[name] ?? '';
    expect(() => readInputs(wrong, { KALYPSO_SCHEDULE_MAX_FILES: 'lots' })).toThrow(
      /The inputs have 2 problems:\n {2}Input 'status' is 'maybe'.*\n {2}The variable KALYPSO_SCHEDULE_MAX_FILES \(the workflow's `env:`\) is 'lots': write a positive whole number/,
    );
  });
});
