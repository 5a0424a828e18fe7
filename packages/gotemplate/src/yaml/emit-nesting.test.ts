import { describe, expect, it } from 'vitest';
import { GoMap, GoStruct, type GoKey, type GoValue } from '../go/values.ts';
import { marshalYaml } from './emit.ts';
import { compareYamlKeys } from './key-order.ts';
import { parseYaml11 } from './yaml11.ts';

const iface = (entries: [GoKey, GoValue][]) => new GoMap(entries, 'map[interface {}]interface {}');
const rec = (record: Record<string, GoValue>) => GoMap.fromRecord(record);
const toYaml = (v: GoValue) => marshalYaml(v).replace(/\n$/, '');
const keysOf = (text: string) =>
  text.split('\n').map((line) => line.slice(0, line.lastIndexOf(':')));

describe('marshalYaml: key order (docs/kalypso-compatibility.md#key-order)', () => {
  it('sorts string keys in go-yaml natural order, not byte order', () => {
    const keys = 'b B a10 a2 A _x Z a 1 10 2 x-y x_y x.y aa a1b a01'.split(' ');
    const map = new GoMap(keys.map((k) => [k, 1n]));
    expect(keysOf(toYaml(map))).toEqual(
      '_x "1" "2" "10" A B Z a a1b a01 a2 a10 aa b x-y x.y x_y'.split(' '),
    );
  });

  it.each<[string, string]>([
    ['a2', 'a10'],
    ['a1b', 'a01'],
    ['a01', 'a2'],
    ['a1b', 'a10'], // a letter after a digit run sorts first
    ['_x', 'A'],
    ['A', 'Z'],
    ['Z', 'a'],
    ['x-y', 'x.y'],
    ['x.y', 'x_y'],
    ['a', 'aa'],
    ['v1.2', 'v1.10'],
    ['file9.txt', 'file10.txt'],
    ['x0', 'x00'],
    ['10a', '10b'],
    ['1a', '1-'], // after a digit the letter wins
    ['a-', 'aa'],
    ['é', 'ö'],
    ['', 'a'],
  ])('%j before %j', (first, second) => {
    expect(compareYamlKeys(first, second)).toBeLessThan(0);
    expect(compareYamlKeys(second, first)).toBeGreaterThan(0);
  });

  it('puts bool and number keys first, by value, then nil, then strings', () => {
    const map = iface([
      ['b', 1n],
      [true, 2n],
      [null, 3n],
      [2n, 4n],
      [false, 5n],
      [1.5, 6n],
      ['1', 7n],
      [0n, 8n],
      [-1, 9n],
    ]);
    expect(keysOf(toYaml(map))).toEqual([
      '-1',
      'false',
      '0',
      'true',
      '1.5',
      '2',
      'null',
      '"1"',
      'b',
    ]);
  });

  it('quotes keys like values', () => {
    const map = rec({ N: 1n, y: 2n, '1': 3n, 'a: b': 4n, '': 5n, 'a\tb': 6n });
    expect(toYaml(map)).toBe('"": 5\n"1": 3\n"N": 1\n"a\\tb": 6\n\'a: b\': 4\n"y": 2');
  });
});

describe('marshalYaml: nested emission (docs/kalypso-compatibility.md#nested-emission)', () => {
  it('reproduces the appendix document', () => {
    const data = rec({
      A_SIMPLE: 'value',
      B_NESTED: parseYaml11(
        'db:\n  host: h\n  ports: [1, 2]\n  users:\n    - name: u1\n      roles: [r1]\n    - name: u2\nflag: true\n',
      ),
      C_LIST: parseYaml11('- name: a\n  v: 1\n- [x, y2]\n- plain\n'),
      D_MULTI: 'line1\nline2\n',
      E_TAB: 'a\tb',
      G_LEAD: '-dash',
      I_COLONEND: 'x:',
      J_BRACE: '{not: json',
    });
    expect(marshalYaml(data)).toBe(
      [
        'A_SIMPLE: value',
        'B_NESTED:',
        '    db:',
        '        host: h',
        '        ports:',
        '            - 1',
        '            - 2',
        '        users:',
        '            - name: u1',
        '              roles:',
        '                - r1',
        '            - name: u2',
        '    flag: true',
        'C_LIST:',
        '    - name: a',
        '      v: 1',
        '    - - x',
        '      - y2',
        '    - plain',
        'D_MULTI: |',
        '    line1',
        '    line2',
        'E_TAB: "a\\tb"',
        'G_LEAD: -dash',
        "I_COLONEND: 'x:'",
        "J_BRACE: '{not: json'",
        '',
      ].join('\n'),
    );
  });

  it.each<[string, GoValue, string]>([
    ['top-level list', ['a', 'b'], '- a\n- b'],
    ['list of lists', [['a', ['b', 'c']], 'd'], '- - a\n  - - b\n    - c\n- d'],
    ['list of maps', [rec({ a: 1n, b: 2n })], '- a: 1\n  b: 2'],
    ['map in map in list', [rec({ a: rec({ b: 1n }) })], '- a:\n    b: 1'],
    ['list in map in list', [rec({ a: ['x'] })], '- a:\n    - x'],
    ['map in map', rec({ a: rec({ b: rec({ c: 'd' }) }) }), 'a:\n    b:\n        c: d'],
    [
      'list of maps of lists',
      rec({ l: [rec({ m: [rec({ k: 1n })] })] }),
      'l:\n    - m:\n        - k: 1',
    ],
    ['in-item map under a key of an in-item map', [rec({ a: rec({ b: 'c' }) })], '- a:\n    b: c'],
    [
      'deep in-item nesting',
      [rec({ a: [rec({ b: rec({ c: 'd' }) })] })],
      '- a:\n    - b:\n        c: d',
    ],
    ['empty string key and value', rec({ '': '' }), '"": ""'],
    ['nil value', rec({ a: null }), 'a: null'],
  ])('%s', (_name, value, expected) => {
    expect(toYaml(value)).toBe(expected);
  });

  it('writes long and multi-line keys as complex keys', () => {
    const long = 'k'.repeat(129);
    expect(toYaml(rec({ [long]: 'v' }))).toBe(`? ${long}\n: v`);
    expect(toYaml(rec({ ['k'.repeat(128)]: 'v' }))).toBe(`${'k'.repeat(128)}: v`);
    expect(toYaml(rec({ 'a\nb': rec({ c: 'd' }) }))).toBe('? |-\n    a\n    b\n:   c: d');
    expect(toYaml(rec({ ['é'.repeat(65)]: 1n }))).toBe(`? ${'é'.repeat(65)}\n: 1`);
  });

  it('writes struct fields in order under lowercased names', () => {
    const struct = new GoStruct('dataType', [
      ['Namespace', 'dev'],
      ['ConfigData', rec({})],
      ['Labels', GoMap.ofStrings({ a: '1' })],
    ]);
    expect(toYaml(struct)).toBe('namespace: dev\nconfigdata: {}\nlabels:\n    a: "1"');
  });

  it('refuses cyclic values', () => {
    const list: GoValue[] = [];
    list.push(list);
    expect(() => marshalYaml(list)).toThrow(/cyclic/);
  });

  it('stays linear on large maps', () => {
    const big = new GoMap(Array.from({ length: 5000 }, (_, i) => [`key${i}`, `v${i}`] as const));
    const text = marshalYaml(big);
    expect(text.split('\n')).toHaveLength(5001);
    expect(text.startsWith('key0: v0\nkey1: v1\nkey2: v2\n')).toBe(true);
  });
});
