import { describe, expect, it } from 'vitest';
import { GoMap, GoStruct } from '../go/values.ts';
import { templateFunctions } from './functions/index.ts';
import {
  Budget,
  defaultTemplateLimits,
  executeTemplate,
  parseTemplate,
  type TemplateLimits,
} from './index.ts';

const data = new GoStruct('scheduler.dataType', [['ConfigData', GoMap.fromRecord({})]]);

function run(text: string, limits: Partial<TemplateLimits> = {}): string {
  return executeTemplate(parseTemplate(text, templateFunctions, 'reconciler'), data, limits);
}

describe('template budgets', () => {
  it('has defaults', () => {
    expect(defaultTemplateLimits.maxSteps).toBe(10_000_000);
    expect(defaultTemplateLimits.maxOutputBytes).toBe(64 * 1024 * 1024);
  });

  it('refuses to build a huge list before allocating it (range until 100000000)', () => {
    expect(() => run('{{ range until 100000000 }}x{{ end }}')).toThrow(
      /executing "reconciler" at <until 100000000>: error calling until: the result would be a list of 100000000 elements, over the template limit of 2097152/,
    );
  });

  it('refuses to build a huge string (repeat 30000000 "abcdefghij")', () => {
    expect(() => run('{{ repeat 30000000 "abcdefghij" }}')).toThrow(
      /error calling repeat: the result would be 300000000 characters long, over the template limit of 67108864/,
    );
  });

  it('stops a string that doubles in a loop at the first result over the limit', () => {
    expect(() =>
      run('{{ $x := "ab" }}{{ range 40 }}{{ $x = print $x $x }}{{ end }}', {
        maxOutputBytes: 1000,
      }),
    ).toThrow(/error calling print: the result would be 1024 characters long/);
  });

  it('counts steps: loops, nested loops and recursion', () => {
    expect(run('{{ range 10 }}{{ . }}{{ end }}', { maxSteps: 100 })).toBe('0123456789');
    expect(() =>
      run('{{ range 1000 }}{{ range 1000 }}{{ end }}{{ end }}', { maxSteps: 10_000 }),
    ).toThrow(/exceeded its budget of 10000 execution steps/);
    expect(() =>
      run('{{ define "t" }}{{ range 3 }}{{ template "t" }}{{ end }}{{ end }}{{ template "t" }}', {
        maxSteps: 500,
      }),
    ).toThrow(/exceeded its budget of 500 execution steps/);
  });

  it('bounds printing and marshalling of a value whose parts are shared (2^40 leaves)', () => {
    const bomb = '{{ $l := list 1 }}{{ range 40 }}{{ $l = list $l $l }}{{ end }}';
    const limits = { maxSteps: 100_000 };
    for (const use of [
      '{{ $l }}',
      '{{ toYaml $l }}',
      '{{ toJson $l }}',
      '{{ hash $l }}',
      '{{ stringify (dict "a" $l) }}',
      '{{ deepCopy $l }}',
      '{{ print $l }}',
    ]) {
      expect(() => run(bomb + use, limits)).toThrow(
        /exceeded its budget of 100000 execution steps/,
      );
    }
    expect(() => run(bomb + '{{ toYaml $l }}', { maxOutputBytes: 10_000 })).toThrow(
      /error calling toYaml: the result would be \d+ characters long, over the template limit of 10000/,
    );
  });

  it('charges list functions per element', () => {
    expect(() =>
      run('{{ $l := until 1000 }}{{ range 20 }}{{ $l = uniq $l }}{{ end }}', { maxSteps: 10_000 }),
    ).toThrow(/error calling uniq: the template exceeded its budget of 10000/);
  });

  it('bounds the output written', () => {
    expect(run('{{ range 10 }}abcdefghij{{ end }}', { maxOutputBytes: 100 })).toHaveLength(100);
    expect(() => run('{{ range 11 }}abcdefghij{{ end }}', { maxOutputBytes: 100 })).toThrow(
      /the template output exceeded its limit of 100 bytes/,
    );
  });

  it('bounds functions that grow their input: indent, replace, untilStep, seq', () => {
    const limits = { maxOutputBytes: 1000 };
    expect(() => run('{{ indent 2000 "a" }}', limits)).toThrow(/error calling indent/);
    expect(() => run('{{ replace "a" "bbbbbbbbbb" (repeat 200 "a") }}', limits)).toThrow(
      /error calling replace/,
    );
    expect(() => run('{{ untilStep 0 100000 1 }}', limits)).toThrow(/error calling untilStep/);
    expect(() => run('{{ seq 100000 }}', limits)).toThrow(/error calling seq/);
  });

  it('shares one step budget across executions when given a Budget', () => {
    const template = parseTemplate('{{ range 10 }}{{ end }}', templateFunctions, 'reconciler');
    const shared = new Budget({ ...defaultTemplateLimits, maxSteps: 15 });
    expect(executeTemplate(template, data, shared)).toBe('');
    expect(() => executeTemplate(template, data, shared)).toThrow(/budget of 15 execution steps/);
    // A fresh budget per execution (the default) does not accumulate.
    for (let i = 0; i < 3; i++) expect(executeTemplate(template, data, { maxSteps: 15 })).toBe('');
  });

  it('counts the output of finished executions against a shared Budget', () => {
    const template = parseTemplate('{{ repeat 40 "x" }}', templateFunctions, 'reconciler');
    const shared = new Budget({ ...defaultTemplateLimits, maxOutputBytes: 100 });
    expect(executeTemplate(template, data, shared)).toHaveLength(40);
    expect(executeTemplate(template, data, shared)).toHaveLength(40);
    expect(() => executeTemplate(template, data, shared)).toThrow(
      'the template output exceeded its limit of 100 bytes (with the 80 bytes the earlier renders of the same manifest wrote)',
    );
    // A fresh budget per execution (the default) does not accumulate.
    for (let i = 0; i < 3; i++)
      expect(executeTemplate(template, data, { maxOutputBytes: 100 })).toHaveLength(40);
  });

  it('charges derivePassword for its key derivation', () => {
    expect(() => run('{{ derivePassword 1 "pin" "p" "u" "s" }}', { maxSteps: 1000 })).toThrow(
      /error calling derivePassword: the template exceeded its budget/,
    );
  });
});
