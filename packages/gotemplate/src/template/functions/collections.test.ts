import { describe, expect, it } from 'vitest';
import { GoMap, type GoValue } from '../../go/values.ts';
import type { TemplateFunction } from '../function-table.ts';
import { goJsonTemplateFunctions, templateFunctions } from './index.ts';

const call = (name: string, ...args: GoValue[]): GoValue => templateFunctions.get(name)!.call(args);
const dict = (r: Record<string, GoValue>): GoMap => GoMap.fromRecord(r);
const plain = (v: GoValue): unknown =>
  v instanceof GoMap
    ? Object.fromEntries([...v.entries].map(([k, x]) => [String(k), plain(x)]))
    : Array.isArray(v)
      ? v.map(plain)
      : v;

describe('list functions', () => {
  it.each<[string, GoValue[], GoValue]>([
    ['list', ['a', 1n], ['a', 1n]],
    ['first', [['a', 'b']], 'a'],
    ['first', [[]], null],
    ['last', [['a', 'b']], 'b'],
    ['rest', [['a', 'b', 'c']], ['b', 'c']],
    ['initial', [['a', 'b', 'c']], ['a', 'b']],
    ['append', [['a'], 'b'], ['a', 'b']],
    ['push', [['a'], 'b'], ['a', 'b']],
    ['prepend', [['a'], 'b'], ['b', 'a']],
    ['concat', [['a'], ['b', 'c']], ['a', 'b', 'c']],
    ['reverse', [[1n, 2n, 3n]], [3n, 2n, 1n]],
    ['uniq', [['westus', 'eastus', 'westus']], ['westus', 'eastus']],
    ['uniq', [[1n, 1, 1n]], [1n, 1]],
    ['without', [[1n, 2n, 3n, 4n], 1n, 3n], [2n, 4n]],
    ['has', ['canary', ['canary', 'stable']], true],
    ['has', ['canary', ['']], false],
    ['has', ['x', null], false],
    ['compact', [[1n, '', null, 0n, 'a', false, []]], [1n, 'a']],
    ['slice', [[1n, 2n, 3n, 4n], 1n, 3n], [2n, 3n]],
    ['slice', [[1n, 2n, 3n], 1n], [2n, 3n]],
    ['slice', [[]], null],
    ['chunk', [2n, [1n, 2n, 3n]], [[1n, 2n], [3n]]],
    ['sortAlpha', [['zones', 'owner', 'tier']], ['owner', 'tier', 'zones']],
    [
      'sortAlpha',
      [['PruneLast=true', 'CreateNamespace=true', 'ServerSideApply=true']],
      ['CreateNamespace=true', 'PruneLast=true', 'ServerSideApply=true'],
    ],
    ['sortAlpha', ['x'], ['x']],
  ])('%s %o', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('names the kind it cannot work on', () => {
    expect(() => call('first', dict({}))).toThrow('Cannot find first on type map');
    expect(() => call('append', 'x', 'y')).toThrow('Cannot push on type string');
    expect(() => call('first', null)).toThrow('nil pointer dereference');
  });
});

describe('dict functions', () => {
  it('builds, reads and writes dicts like the golden sprig case', () => {
    const info = call('dict', 'owner', 'platform', 'tier', '') as GoMap;
    expect(call('set', info, 'zones', 3n)).toBe(info);
    expect(call('get', info, 'owner')).toBe('platform');
    expect(call('get', info, 'missing')).toBe('');
    expect(call('keys', info)).toEqual(['owner', 'tier', 'zones']);
    expect(call('toJson', info)).toBe('{"owner":"platform","tier":"","zones":3}');
    expect(call('hasKey', info, 'tier')).toBe(true);
    expect(call('unset', info, 'tier')).toBe(info);
    expect(call('hasKey', info, 'tier')).toBe(false);
    expect(plain(call('dict', 1n, 'a', 'odd'))).toEqual({ '1': 'a', odd: '' });
  });

  it('pluck, pick, omit, values, dig', () => {
    const a = dict({ name: 'a', x: 1n });
    const b = dict({ name: 'b' });
    expect(call('pluck', 'name', a, b)).toEqual(['a', 'b']);
    expect(plain(call('pick', a, 'x', 'nope'))).toEqual({ x: 1n });
    expect(plain(call('omit', a, 'x'))).toEqual({ name: 'a' });
    expect(call('values', a)).toEqual(['a', 1n]);
    const nested = dict({ a: dict({ b: dict({ c: 'deep' }) }) });
    expect(call('dig', 'a', 'b', 'c', 'fallback', nested)).toBe('deep');
    expect(call('dig', 'a', 'x', 'c', 'fallback', nested)).toBe('fallback');
  });

  it('merge keeps destination values, mergeOverwrite replaces them', () => {
    const dst = () => dict({ default: 'default', overwrite: 'me', key: true, n: dict({ a: 1n }) });
    const src = () =>
      dict({ overwrite: 'overwritten', key: false, extra: 'x', n: dict({ b: 2n }) });
    expect(plain(call('merge', dst(), src()))).toEqual({
      default: 'default',
      overwrite: 'me',
      key: true,
      n: { a: 1n, b: 2n },
      extra: 'x',
    });
    expect(plain(call('mergeOverwrite', dst(), src()))).toEqual({
      default: 'default',
      overwrite: 'overwritten',
      key: false,
      n: { a: 1n, b: 2n },
      extra: 'x',
    });
    expect(plain(call('merge', dict({ e: '' }), dict({ e: 'filled' })))).toEqual({ e: 'filled' });
  });

  it('deepCopy copies nested maps', () => {
    const original = dict({ a: dict({ b: 'c' }) });
    const copy = call('deepCopy', original) as GoMap;
    (copy.get('a') as GoMap).entries.set('b', 'changed');
    expect((original.get('a') as GoMap).get('b')).toBe('c');
  });

  it('accepts only map[string]interface{} like Go', () => {
    expect(() => call('hasKey', GoMap.ofStrings({ a: 'b' }), 'a')).toThrow(
      'expected map[string]interface {}; got map[string]string',
    );
    expect(call('hasKey', null, 'a')).toBe(false);
    expect(() => call('set', null, 'a', 'b')).toThrow('assignment to entry in nil map');
  });
});

describe('JSON of mappings with interface{} keys', () => {
  const configMap = new GoMap([['a', 1n]], 'map[interface {}]interface {}');
  const withNotices = (
    table: ReadonlyMap<string, TemplateFunction>,
    name: string,
    value: GoValue,
  ) => {
    const notices: string[] = [];
    const result = table.get(name)!.call([value], { notice: (kind) => notices.push(kind) });
    return { result, notices };
  };

  it('writes the JSON and raises a notice (the operator prints "")', () => {
    expect(
      withNotices(
        templateFunctions,
        'toJson',
        new GoMap([['m', configMap]], 'map[string]interface {}'),
      ),
    ).toEqual({
      result: '{"m":{"a":1}}',
      notices: ['json-interface-map'],
    });
    expect(withNotices(templateFunctions, 'toJson', [1n, 'x'])).toEqual({
      result: '[1,"x"]',
      notices: [],
    });
  });

  it('prints "" with Go\'s encoding/json, as the operator does', () => {
    expect(withNotices(goJsonTemplateFunctions, 'toJson', [configMap])).toEqual({
      result: '',
      notices: [],
    });
    expect(withNotices(goJsonTemplateFunctions, 'toPrettyJson', configMap).result).toBe('');
    expect(() => goJsonTemplateFunctions.get('mustToJson')!.call([configMap])).toThrow(
      'json: unsupported type: map[interface {}]interface {}',
    );
    expect(withNotices(goJsonTemplateFunctions, 'toJson', [1n]).result).toBe('[1]');
  });
});
