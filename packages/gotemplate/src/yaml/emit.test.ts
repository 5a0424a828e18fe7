import { describe, expect, it } from 'vitest';
import { GoMap, type GoValue } from '../go/values.ts';
import { marshalYaml } from './emit.ts';

const rec = (record: Record<string, GoValue>) => GoMap.fromRecord(record);
/** What `toYaml` prints: Marshal with one trailing newline removed. */
const toYaml = (v: GoValue) => marshalYaml(v).replace(/\n$/, '');

describe('marshalYaml: string quoting (docs/kalypso-compatibility.md#yaml-emission)', () => {
  it.each<[string, string]>([
    // Would resolve to a non-string in YAML 1.2 → double quotes.
    ['false', '"false"'],
    ['true', '"true"'],
    ['True', '"True"'],
    ['FALSE', '"FALSE"'],
    ['8080', '"8080"'],
    ['3.14', '"3.14"'],
    ['1e3', '"1e3"'],
    ['0777', '"0777"'],
    ['010', '"010"'],
    ['0x1F', '"0x1F"'],
    ['0o17', '"0o17"'],
    ['0b101', '"0b101"'],
    ['08', '"08"'],
    ['-1', '"-1"'],
    ['+1', '"+1"'],
    ['.5', '".5"'],
    ['1.', '"1."'],
    ['1_000', '"1_000"'],
    ['null', '"null"'],
    ['Null', '"Null"'],
    ['~', '"~"'],
    ['', '""'],
    ['.inf', '".inf"'],
    ['-.Inf', '"-.Inf"'],
    ['.NaN', '".NaN"'],
    ['2024-01-01', '"2024-01-01"'],
    ['2024-1-5', '"2024-1-5"'],
    ['2024-01-01T10:00:00Z', '"2024-01-01T10:00:00Z"'],
    ['2024-01-01t10:00:00.5+02:00', '"2024-01-01t10:00:00.5+02:00"'],
    ['2024-01-01  10:00:00', '"2024-01-01  10:00:00"'],
    // YAML 1.1 booleans and base-60 numbers are quoted for old readers.
    ['yes', '"yes"'],
    ['Yes', '"Yes"'],
    ['on', '"on"'],
    ['OFF', '"OFF"'],
    ['y', '"y"'],
    ['N', '"N"'],
    ['NO', '"NO"'],
    ['1:20', '"1:20"'],
    ['-1:20:30.5', '"-1:20:30.5"'],
    // Not resolvable: plain.
    ['yEs', 'yEs'],
    ['nope', 'nope'],
    ['2024-02-30', '2024-02-30'],
    ['2024-01-01T25:00:00Z', '2024-01-01T25:00:00Z'],
    ['1e400', '1e400'],
    ['0x', '0x'],
    ['0xFFFFFFFFFFFFFFFFFF', '0xFFFFFFFFFFFFFFFFFF'],
    ['1.2.3', '1.2.3'],
    ['1:70', '1:70'],
    ['sunday-02:00', 'sunday-02:00'],
    ['60s', '60s'],
    ['3s', '3s'],
    ['<<', '<<'],
    ['=', '='],
    ['value', 'value'],
  ])('%j', (input, line) => {
    expect(toYaml(input)).toBe(line);
    expect(toYaml(rec({ K: input }))).toBe(`K: ${line}`);
  });

  it.each<[string, string]>([
    // Leading indicators, `: `, ` #`, trailing `:`, surrounding spaces → single quotes.
    [' padded ', "' padded '"],
    ['  spaced out  ', "'  spaced out  '"],
    ['trailing ', "'trailing '"],
    ['#c', "'#c'"],
    ['@at', "'@at'"],
    ['*star', "'*star'"],
    ['&amp', "'&amp'"],
    ['!bang', "'!bang'"],
    ['%pct', "'%pct'"],
    ['|pipe', "'|pipe'"],
    ['>gt', "'>gt'"],
    ['`tick', "'`tick'"],
    ['[x', "'[x'"],
    [']x', "']x'"],
    ['{not: json', "'{not: json'"],
    ['}x', "'}x'"],
    [',x', "',x'"],
    ["'quoted'", "'''quoted'''"],
    ['"dq"', `'"dq"'`],
    ['-', "'-'"],
    ['?', "'?'"],
    [':', "':'"],
    ['- x', "'- x'"],
    ['? x', "'? x'"],
    [': x', "': x'"],
    ['key: v', "'key: v'"],
    ['a: b: c', "'a: b: c'"],
    ['x #y', "'x #y'"],
    ['x:', "'x:'"],
    ['---', "'---'"],
    ['...x', "'...x'"],
    // Plain despite punctuation.
    ['mysql://west:8806/mysql2', 'mysql://west:8806/mysql2'],
    [':x', ':x'],
    ['x]', 'x]'],
    ['a,b', 'a,b'],
    ['-dash', '-dash'],
    ['?q', '?q'],
    ["it's", "it's"],
    ['say "hi"', 'say "hi"'],
    ['a#b', 'a#b'],
    ['x:y', 'x:y'],
    ['--x', '--x'],
    ['é à', 'é à'],
    ['\u00a0nbsp', '\u00a0nbsp'],
  ])('%j', (input, line) => {
    expect(toYaml(rec({ K: input }))).toBe(`K: ${line}`);
  });

  it.each<[string, string]>([
    // Tabs and control characters force double quotes with escapes.
    ['a\tb', '"a\\tb"'],
    ['col1\tcol2', '"col1\\tcol2"'],
    ['\ttab', '"\\ttab"'],
    ['a\rb', '"a\\rb"'],
    ['bell\u0007', '"bell\\a"'],
    ['nul\u0000', '"nul\\0"'],
    ['esc\u001b', '"esc\\e"'],
    ['del\u007f', '"del\\x7F"'],
    ['c1\u0085', '"c1\\N"'],
    ['c1\u0090', '"c1\\x90"'],
    ['bom\ufeff', '"bom\\uFEFF"'],
    ['smile \u{1F600}', '"smile \\U0001F600"'],
    // Quotes and backslashes escaped once double quotes are in use.
    ['"q"\t\\', '"\\"q\\"\\t\\\\"'],
    // A trailing space or space before a break rules out literal style.
    ['a \nb', '"a \\nb"'],
    ['a\nb ', '"a\\nb "'],
  ])('%j', (input, line) => {
    expect(toYaml(rec({ K: input }))).toBe(`K: ${line}`);
  });
});

describe('marshalYaml: literal block scalars', () => {
  it.each<[string, string]>([
    ['line1\nline2', 'K: |-\n    line1\n    line2'],
    ['line1\nline2\n', 'K: |\n    line1\n    line2'],
    ['line1\nline2\n\n', 'K: |+\n    line1\n    line2\n'],
    ['\n', 'K: |4+'],
    ['a\n\nb', 'K: |-\n    a\n\n    b'],
    ['  indented\nnext', 'K: |4-\n      indented\n    next'],
    ['\nleading break', 'K: |4-\n    leading break'],
    ['#!/bin/sh\necho "warming cache"', 'K: |-\n    #!/bin/sh\n    echo "warming cache"'],
    ['tab\tinside\nok', 'K: |-\n    tab\tinside\n    ok'],
    ['a\n b', 'K: |-\n    a\n     b'],
  ])('%j', (input, expected) => {
    expect(toYaml(rec({ K: input }))).toBe(expected);
  });

  it('indents block content relative to the node, 2 past a dash', () => {
    expect(marshalYaml(['a\nb', rec({ k: 'x\ny\n' })])).toBe(
      '- |-\n  a\n  b\n- k: |\n    x\n    y\n',
    );
    expect(marshalYaml('a\nb')).toBe('|-\n    a\n    b\n');
    expect(marshalYaml('a\n')).toBe('|\n    a\n');
  });
});

describe('marshalYaml: scalars of other types', () => {
  it.each<[GoValue, string]>([
    [null, 'null'],
    [true, 'true'],
    [false, 'false'],
    [0n, '0'],
    [8080n, '8080'],
    [-5n, '-5'],
    [18446744073709551615n, '18446744073709551615'],
    [1000, '1000'],
    [3, '3'],
    [1.5, '1.5'],
    [0.05, '0.05'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [100000, '100000'],
    [1e6, '1e+06'],
    [123456789, '1.23456789e+08'],
    [1e21, '1e+21'],
    [-0, '-0'],
    [Infinity, '.inf'],
    [-Infinity, '-.inf'],
    [NaN, '.nan'],
    [[], '[]'],
    [new GoMap(), '{}'],
    ['true', '"true"'],
  ])('%s', (value, expected) => {
    expect(marshalYaml(value)).toBe(expected + '\n');
  });

  it('writes empty collections in flow style wherever they are', () => {
    expect(toYaml(rec({ a: [], b: new GoMap(), c: [[], new GoMap()] }))).toBe(
      'a: []\nb: {}\nc:\n    - []\n    - {}',
    );
  });
});

describe('marshalYaml: remembered styles and key orders', () => {
  it('gives the same bytes on repeated and colliding inputs', () => {
    const first = GoMap.fromRecord({ 'a\u0000': 1n, b: 2n });
    const second = GoMap.fromRecord({ a: 1n, '\u0000b': 2n });
    const one = marshalYaml(first);
    const two = marshalYaml(second);
    // Both maps join their keys to the same text; each still gets its own keys, in order.
    expect(one).toBe('"a\\0": 1\nb: 2\n');
    expect(two).toBe('"\\0b": 2\na: 1\n');
    expect(marshalYaml(first)).toBe(one);
    expect(marshalYaml(second)).toBe(two);
    const styled = GoMap.fromRecord({ k: 'yes', 'k: x': 'a: b', m: 'plain' });
    const text = marshalYaml(styled);
    expect(text).toBe("k: \"yes\"\n'k: x': 'a: b'\nm: plain\n");
    expect(marshalYaml(styled)).toBe(text);
  });
});
