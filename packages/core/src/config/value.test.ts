import { describe, expect, it } from 'vitest';
import { GoMap, type GoKey, type GoValue } from '@kalypso/gotemplate';
import { cloneConfigValue, goTrimSpace, mergeConfigValue, parseConfigValue } from './value.ts';

/** A go-yaml v2 mapping (map[interface{}]interface{}) with the given entries. */
const ym = (...entries: [GoKey, GoValue][]): GoMap =>
  new GoMap(entries, 'map[interface {}]interface {}');

/** A comparable picture of a value: maps become sorted [key, value] lists tagged with their type. */
function plain(value: GoValue): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof GoMap) {
    const entries = [...value.entries].map(([k, v]) => [k, plain(v)] as const);
    return {
      type: value.type,
      entries: entries.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    };
  }
  return value;
}

describe('parseConfigValue (docs/kalypso-compatibility.md#config-value-examples)', () => {
  it.each<[string, GoValue]>([
    ['8080', '8080'],
    ['3.14', '3.14'],
    ['1e3', '1e3'],
    ['0777', '0777'],
    ['0x1F', '0x1F'],
    ['true', 'true'],
    ['false', 'false'],
    ['yes', 'yes'],
    ['on', 'on'],
    ['y', 'y'],
    ['NO', 'NO'],
    ['null', 'null'],
    ['~', '~'],
    ['', ''],
    ['2024-01-01', '2024-01-01'],
    [' padded ', ' padded '],
    ["'quoted'", 'quoted'],
    ["'123'", '123'],
    ["'", ''],
    ["  ''x'''  ", 'x'],
    ['"dq"', '"dq"'],
    ['a: b: c', 'a: b: c'],
    ['line1\nline2', 'line1\nline2'],
    ['#c', '#c'],
    ['@at', '@at'],
    ['*star', '*star'],
    ['!bang', '!bang'],
    ['%pct', '%pct'],
    ['mysql://west:8806/mysql2', 'mysql://west:8806/mysql2'],
  ])('keeps %j as the string %j', (text, expected) => {
    expect(parseConfigValue(text)).toBe(expected);
  });

  it.each<[string, GoValue]>([
    ['Host: foo', ym(['Host', 'foo'])],
    ['[1, 2]', [1n, 2n]],
    ['- x\n- y', ['x', true]],
    ['- single', ['single']],
    ['[eu-west-1, eu-central-1]', ['eu-west-1', 'eu-central-1']],
    [
      'a: 0777\nb: yes\nc: 1_000\nd: 2024-01-01\ne: .inf\nf: ~\ng: 0x1F\nh: 1e3\ni: +5\nj: 012\nk: Off\nn: 3.0\nq: !!str 5',
      ym(
        ['a', 511n],
        ['b', true],
        ['c', 1000n],
        ['d', '2024-01-01'],
        ['e', Infinity],
        ['f', null],
        ['g', 31n],
        ['h', 1000],
        ['i', 5n],
        ['j', 10n],
        ['k', false],
        [false, 3],
        ['q', '5'],
      ),
    ],
  ])('parses %j into a structure', (text, expected) => {
    expect(plain(parseConfigValue(text))).toEqual(plain(expected));
  });

  it('trims with Go TrimSpace before looking for single quotes', () => {
    expect(goTrimSpace('\u0085 x \u00a0')).toBe('x');
    expect(goTrimSpace('\ufeffx')).toBe('\ufeffx');
    expect(parseConfigValue("\t'v'\n")).toBe('v');
  });
});

describe('mergeConfigValue (docs/kalypso-compatibility.md#merge-examples)', () => {
  it.each<[string, GoValue, GoValue, GoValue]>([
    ['strings: the new one wins', 'one', 'two', 'two'],
    [
      'mappings merge recursively',
      ym(['a', 1n], ['b', ym(['c', 1n], ['d', 2n])]),
      ym(['b', ym(['c', 9n], ['e', 3n])], ['f', 4n]),
      ym(['a', 1n], ['b', ym(['c', 9n], ['d', 2n], ['e', 3n])], ['f', 4n]),
    ],
    [
      'sequences merge mappings by name and append the rest',
      [ym(['name', 'x'], ['v', 1n]), ym(['name', true], ['v', 2n]), 'plain'],
      [ym(['name', 'x'], ['v', 10n], ['w', 11n]), ym(['name', 'z']), 'plain'],
      [
        ym(['name', 'x'], ['v', 10n], ['w', 11n]),
        ym(['name', true], ['v', 2n]),
        'plain',
        ym(['name', 'z']),
        'plain',
      ],
    ],
    [
      'a nameless mapping merges into every nameless mapping',
      [ym(['a', 1n]), ym(['b', 2n])],
      [ym(['c', 3n])],
      [ym(['a', 1n], ['c', 3n]), ym(['b', 2n], ['c', 3n])],
    ],
    [
      'a mapping merges into every element with its name',
      [ym(['name', 'x'], ['v', 1n]), ym(['name', 'x'], ['v', 2n])],
      [ym(['name', 'x'], ['w', 3n])],
      [ym(['name', 'x'], ['v', 1n], ['w', 3n]), ym(['name', 'x'], ['v', 2n], ['w', 3n])],
    ],
    ['a mapping is replaced by a scalar', ym(['a', 1n]), 'scalar', 'scalar'],
    ['a scalar is replaced by a mapping', 'scalar', ym(['a', 1n]), ym(['a', 1n])],
    ['a sequence is replaced by a mapping', ['a'], ym(['a', 1n]), ym(['a', 1n])],
    ['a mapping is replaced by a sequence', ym(['a', 1n]), ['a'], ['a']],
    [
      'scalars are appended even when present',
      ['registry'],
      ['registry', 'mirror'],
      ['registry', 'registry', 'mirror'],
    ],
    [
      'name 1 (int) and 1.0 (float) differ, as in Go',
      [ym(['name', 1n])],
      [ym(['name', 1])],
      [ym(['name', 1n]), ym(['name', 1])],
    ],
    [
      'list-valued names never match (Go would panic)',
      [ym(['name', ['a']])],
      [ym(['name', ['a']])],
      [ym(['name', ['a']]), ym(['name', ['a']])],
    ],
    [
      'later new elements also merge into elements appended earlier',
      ['s'],
      [ym(['name', 'a']), ym(['name', 'a'], ['v', 1n])],
      ['s', ym(['name', 'a'], ['v', 1n])],
    ],
  ])('%s', (_name, first, second, expected) => {
    expect(plain(mergeConfigValue(first, second))).toEqual(plain(expected));
  });

  it('never mutates its inputs', () => {
    const first = [ym(['name', 'x'], ['r', ym(['cpu', '1'])])];
    const second = [ym(['name', 'x'], ['r', ym(['mem', '2'])]), ym(['name', 'y'])];
    const before = [plain(first), plain(second)];
    mergeConfigValue(first, second);
    mergeConfigValue(ym(['k', first]), ym(['k', second]));
    expect([plain(first), plain(second)]).toEqual(before);
  });

  it('cloneConfigValue copies every array and map', () => {
    const original = ym(['l', [ym(['a', 1n])]]);
    const copy = cloneConfigValue(original) as GoMap;
    expect(plain(copy)).toEqual(plain(original));
    ((copy.get('l') as GoValue[])[0] as GoMap).entries.set('a', 2n);
    expect(((original.get('l') as GoValue[])[0] as GoMap).get('a')).toBe(1n);
  });
});

describe('mergeConfigValue on long lists', () => {
  it('merges 8,000 named items by name (indexed, not a scan per item), keeping Go equality', () => {
    const n = 8000;
    const existing = Array.from({ length: n }, (_, i) => ym(['name', `n${i}`], ['a', i]));
    const incoming: GoValue[] = Array.from({ length: n }, (_, i) =>
      ym(['name', `n${n - 1 - i}`], ['b', i]),
    );
    incoming.push(ym(['name', 1], ['c', 'number name: no string matches']));
    incoming.push(ym(['name', '1'], ['c', 'string name']));
    incoming.push(ym(['name', '1'], ['d', 'appended string name matches the one appended before']));
    const merged = mergeConfigValue(existing, incoming) as GoMap[];
    expect(merged).toHaveLength(n + 2);
    expect(plain(merged[0]!)).toEqual(plain(ym(['name', 'n0'], ['a', 0], ['b', n - 1])));
    expect(plain(merged[n - 1]!)).toEqual(plain(ym(['name', `n${n - 1}`], ['a', n - 1], ['b', 0])));
    expect(merged[n]!.get('c')).toBe('number name: no string matches');
    expect(plain(merged[n + 1]!)).toEqual(
      plain(
        ym(
          ['name', '1'],
          ['c', 'string name'],
          ['d', 'appended string name matches the one appended before'],
        ),
      ),
    );
  });
});
