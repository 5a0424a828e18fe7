import { describe, expect, it } from 'vitest';
import { GoInt, GoMap, type GoKey, type GoValue } from '../go/values.ts';
import { parseYaml11, quoteFlowDashes } from './yaml11.ts';

const iface = (entries: [GoKey, GoValue][]) => new GoMap(entries, 'map[interface {}]interface {}');
/** The single value under key `v`. */
const valueOf = (text: string): GoValue => {
  const parsed = parseYaml11(`v: ${text}`);
  if (!(parsed instanceof GoMap)) throw new Error('not a map');
  return parsed.has('v') ? (parsed.get('v') ?? null) : 'MISSING';
};

describe('parseYaml11: YAML 1.1 scalar typing (docs/kalypso-compatibility.md#value-parsing, docs/kalypso-compatibility.md#config-value-examples)', () => {
  it.each<[string, GoValue]>([
    ...['y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON', 'true', 'True', 'TRUE'].map(
      (s) => [s, true] as [string, GoValue],
    ),
    ...['n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF', 'false', 'False', 'FALSE'].map(
      (s) => [s, false] as [string, GoValue],
    ),
    // Mixed case beyond go-yaml's list stays a string.
    ['yEs', 'yEs'],
    ['oN', 'oN'],
    ['~', null],
    ['null', null],
    ['Null', null],
    ['NULL', null],
    ['', null],
    ['0', 0n],
    ['42', 42n],
    ['-42', -42n],
    ['+5', 5n],
    ['0777', 511n],
    ['012', 10n],
    ['0o17', 15n],
    ['0x1F', 31n],
    ['0X1f', 31n],
    ['-0x10', -16n],
    ['0b101', 5n],
    ['-0b101', -5n],
    ['1_000', 1000n],
    ['1_000_000', 1000000n],
    ['9223372036854775807', 9223372036854775807n],
    ['9223372036854775808', new GoInt(9223372036854775808n, 'uint64')], // ParseUint: uint64
    ['18446744073709551616', 18446744073709551616], // beyond uint64: a float
    ['-9223372036854775809', -9223372036854775809], // below int64: a float
    ['08', 8], // not octal, but a float
    ['1e3', 1000],
    ['3.0', 3],
    ['3.14', 3.14],
    ['1.', 1],
    ['.5', 0.5],
    ['+.5', 0.5],
    ['-1.5e-3', -0.0015],
    ['1_000.5', 1000.5],
    ['.inf', Infinity],
    ['.Inf', Infinity],
    ['+.INF', Infinity],
    ['-.inf', -Infinity],
    // Overflowing floats and odd spellings stay strings.
    ['1e400', '1e400'],
    ['0x', '0x'],
    ['0xZZ', '0xZZ'],
    ['1.2.3', '1.2.3'],
    ['1:20', '1:20'],
    ['2024-01-01', '2024-01-01'],
    ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00Z'],
    ['2001-12-14 21:59:43.10', '2001-12-14 21:59:43.10'],
    ['mysql://west:8806/mysql2', 'mysql://west:8806/mysql2'],
    ['<<', '<<'],
    ['"8080"', '8080'],
    ["'yes'", 'yes'],
    ['"a\\tb"', 'a\tb'],
    ['!!str 5', '5'],
    ['!!str yes', 'yes'],
    ['!!int "12"', 12n],
    ['!!float 5', 5],
    ['!!bool "on"', true],
    ['!!null ""', null],
    ['!!timestamp 2024-01-01', '2024-01-01'],
    ['!custom 5', '5'],
    ['! 5', '5'],
    ['!!binary aGVsbG8=', 'hello'],
  ])('%s', (text, expected) => {
    const actual = valueOf(text);
    if (typeof expected === 'number' && Number.isNaN(expected)) expect(actual).toBeNaN();
    else expect(actual).toStrictEqual(expected);
  });

  it('reads .nan as NaN', () => {
    expect(valueOf('.nan')).toBeNaN();
    expect(valueOf('.NaN')).toBeNaN();
  });

  it('types keys too, and keeps the structure of docs/kalypso-compatibility.md#config-value-examples', () => {
    const parsed = parseYaml11(
      'a: 0777\nb: yes\nc: 1_000\nd: 2024-01-01\ne: .inf\nf: ~\ng: 0x1F\nh: 1e3\ni: +5\nj: 012\nk: Off\nn: 3.0\nq: !!str 5\n',
    );
    expect(parsed).toStrictEqual(
      iface([
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
      ]),
    );
  });

  it.each<[string, GoKey]>([
    ['n: 1', false],
    ['Y: 1', true],
    ['~: 1', null],
    ['1: 1', 1n],
    ['1.5: 1', 1.5],
    ['"1": 1', '1'],
    [': 1', null],
  ])('key of %j', (text, key) => {
    const parsed = parseYaml11(text);
    expect(parsed instanceof GoMap && [...parsed.entries.keys()]).toStrictEqual([key]);
  });
});

describe('parseYaml11: structure', () => {
  it.each<[string, GoValue]>([
    ['Host: foo', iface([['Host', 'foo']])],
    ['[1, 2]', [1n, 2n]],
    ['- x\n- y', ['x', true]],
    ['- single', ['single']],
    ['- [a, [b]]\n- {}\n- []', [['a', ['b']], iface([]), []]],
    ['x:', iface([['x', null]])],
    [
      'a:\n  - b: 1\n    c: [d]',
      iface([
        [
          'a',
          [
            iface([
              ['b', 1n],
              ['c', ['d']],
            ]),
          ],
        ],
      ]),
    ],
    ['8080', 8080n],
    ['plain text', 'plain text'],
    ['line1\nline2', 'line1 line2'],
    ['|\n  x\n  y\n', 'x\ny\n'],
    ['', null],
    ['# only a comment', null],
    ['---\n', null],
    ['a: 1\na: 2', iface([['a', 2n]])],
    ['a: 1\n---\nb: [unclosed', iface([['a', 1n]])],
    ['%YAML 1.1\n---\na: on', iface([['a', true]])],
  ])('%j', (text, expected) => {
    expect(parseYaml11(text)).toStrictEqual(expected);
  });

  it('decodes aliases afresh at every use', () => {
    const parsed = parseYaml11('a: &x {k: [1]}\nb: *x\n') as GoMap;
    expect(parsed.get('b')).toStrictEqual(parsed.get('a'));
    expect(parsed.get('b')).not.toBe(parsed.get('a'));
  });

  it.each<[string, GoValue]>([
    [
      'base: &b {x: 1, w: 1}\nm:\n  <<: *b\n  w: 2',
      iface([
        ['w', 2n],
        ['x', 1n],
      ]),
    ],
    // yaml.v2 applies a merge in place: a later `<<` overrides earlier keys.
    ['base: &b {x: 1}\nm:\n  x: 0\n  <<: *b', iface([['x', 1n]])],
    // In a sequence of merges the earlier mapping wins.
    [
      'm:\n  <<: [{x: 1, z: 1}, {x: 2, q: 2}]',
      iface([
        ['q', 2n],
        ['x', 1n],
        ['z', 1n],
      ]),
    ],
    [
      'm:\n  <<: {a: 1}\n  b: 2',
      iface([
        ['a', 1n],
        ['b', 2n],
      ]),
    ],
    ['m:\n  "<<": {a: 1}', iface([['<<', iface([['a', 1n]])]])],
  ])('merges %j', (text, expected) => {
    const m = (parseYaml11(text) as GoMap).get('m') as GoMap;
    const sorted = (g: GoMap) =>
      [...g.entries].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    expect(sorted(m)).toStrictEqual(sorted(expected as GoMap));
  });
});

describe('parseYaml11: errors', () => {
  it.each<[string, RegExp]>([
    ['a: b: c', /^yaml: line 1: /],
    ['{not: json', /^yaml: line 1: /],
    ['a:\n\t- b', /^yaml: line 2: /],
    ['@at', /^yaml: /],
    ['- a\n-b', /^yaml: /],
    ['key: "unterminated', /^yaml: /],
    ['*nowhere', /^yaml: /],
    ['&a [*a]', /^yaml: anchor 'a' value contains itself$/],
    ['<<: 5', /^yaml: map merge requires map or sequence of maps as the value$/],
    ['<<: [a]', /^yaml: map merge requires map or sequence of maps as the value$/],
    ['? [a]\n: b', /^yaml: invalid map key/],
    ['? {a: 1}\n: b', /^yaml: invalid map key/],
    ['a: !!int abc', /^yaml: cannot decode !!str `abc` as a !!int$/],
    ['a: !!bool 5', /^yaml: cannot decode !!int `5` as a !!bool$/],
    ['a: !!timestamp soon', /^yaml: cannot decode !!str `soon` as a !!timestamp$/],
    ['a: !!binary "!!!"', /^yaml: !!binary value contains invalid base64 data$/],
  ])('%j', (text, message) => {
    expect(() => parseYaml11(text)).toThrow(message);
  });

  it('stops alias bombs', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++) {
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    }
    expect(() => parseYaml11(lines.join('\n'))).toThrow(
      'yaml: document contains excessive aliasing',
    );
  });
});

describe('parseYaml11: a plain "-" inside flow collections (libyaml accepts it)', () => {
  it('reads it as the string "-"', () => {
    const value = parseYaml11('{k: -, n: .5, l: [-, x-, "-,"], q: \'-,\'}') as GoMap;
    expect(value.get('k')).toBe('-');
    expect(value.get(false)).toBe(0.5);
    expect(value.get('l')).toEqual(['-', 'x-', '-,']);
    expect(value.get('q')).toBe('-,');
  });

  it('leaves block sequences, comments and quoted text alone', () => {
    expect(quoteFlowDashes('- a\n- -\n')).toBe('- a\n- -\n');
    expect(quoteFlowDashes('[a] # -,\n')).toBe('[a] # -,\n');
    expect(quoteFlowDashes('["-,", \'-]\']')).toBe('["-,", \'-]\']');
    expect(quoteFlowDashes('[-, {a: -}]')).toBe("['-', {a: '-'}]");
  });
});
