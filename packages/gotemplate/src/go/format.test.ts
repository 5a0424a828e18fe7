import { describe, expect, it } from 'vitest';
import { formatFloat, formatValue, quote, sprint, sprintf, sprintln } from './format.ts';
import { GoMap, GoStruct, type GoValue } from './values.ts';

const nested = GoMap.fromRecord({ b: true, a: 1n, c: null, d: [1n, 'x'] });
const anyKeys = new GoMap(
  [
    ['b', 1n],
    [2n, 'two'],
    [true, 't'],
    [1.5, 'f'],
    [1n, 'one'],
    ['a', 2n],
  ],
  'map[interface {}]interface {}',
);

describe('formatValue', () => {
  it.each<[string, GoValue, string]>([
    ['nil', null, '<nil>'],
    ['string', 'text', 'text'],
    ['bool', true, 'true'],
    ['int', -42n, '-42'],
    ['float integral', 1000, '1000'],
    ['float fraction', 1.5, '1.5'],
    ['float 1e6 switches to exponent', 1e6, '1e+06'],
    ['float 123456', 123456, '123456'],
    ['float large', 1e21, '1e+21'],
    ['float small', 0.0001, '0.0001'],
    ['float smaller', 0.00001, '1e-05'],
    ['float 3.0', 3, '3'],
    ['negative zero', -0, '-0'],
    ['+Inf', Infinity, '+Inf'],
    ['-Inf', -Infinity, '-Inf'],
    ['NaN', NaN, 'NaN'],
    ['list', [1n, 2n], '[1 2]'],
    ['empty list', [], '[]'],
    ['map sorted, nil inside', nested, 'map[a:1 b:true c:<nil> d:[1 x]]'],
    ['empty map', new GoMap(), 'map[]'],
    ['map[interface{}] mixed keys', anyKeys, 'map[true:t 1.5:f 1:one 2:two a:2 b:1]'],
    [
      'struct',
      new GoStruct('x.T', [
        ['A', 'a'],
        ['B', 2n],
      ]),
      '{a 2}',
    ],
  ])('prints %s', (_name, value, expected) => {
    expect(formatValue(value)).toBe(expected);
  });
});

describe('sprint and sprintln', () => {
  it.each<[GoValue[], string]>([
    [['a', 'b'], 'ab'],
    [[1n, 2n], '1 2'],
    [['a', 1n, 2n, 'b'], 'a1 2b'],
    [[null, 'x'], '<nil>x'],
    [[], ''],
  ])('sprint case %#', (args, expected) => {
    expect(sprint(args)).toBe(expected);
  });

  it('sprintln separates every operand and ends with a newline', () => {
    expect(sprintln(['a', 'b', 1n])).toBe('a b 1\n');
  });
});

describe('sprintf', () => {
  it.each<[string, GoValue[], string]>([
    ['%v|%s|%d', [['a', 'b'], 'w', 2n], '[a b]|w|2'],
    ['%d', ['x'], '%!d(string=x)'],
    ['%s', [5n], '%!s(int=5)'],
    ['%s', [null], '%!s(<nil>)'],
    ['%d', [[1n, 'a']], '[1 %!d(string=a)]'],
    ['%d', [[null]], '[<nil>]'],
    // Golden cases printf-w-composite, printf-nil-element-width, printf-U-precision.
    ['%w', [['a', 1n]], '%!w([]interface {}=[a 1])'],
    ['%w', ['s'], '%!w(string=s)'],
    ['%w', [null], '%!w(<nil>)'],
    [
      '%8v|%08d|%-6v|',
      [[null, 1n], [null, 1n], [null]],
      '[<nil>        1]|[<nil> 00000001]|[<nil>]|',
    ],
    ['%8v|', [null], '   <nil>|'],
    ['%.2U|%5.2U|%.6U', [3n, 3n, 3n], 'U+0003|U+0003|U+000003'],
    // %p: Go prints an address that changes from run to run; here one fixed address.
    [
      '%p|%p|%#p|%p',
      [[1n], GoMap.fromRecord({}), [1n], 'x'],
      '0xc000010000|0xc000010000|c000010000|%!p(string=x)',
    ],
    ['%t', [true], 'true'],
    ['%t', [1n], '%!t(int=1)'],
    ['%q', ['a"b\n'], '"a\\"b\\n"'],
    ['%q', [97n], "'a'"],
    ['%#q', ['ab'], '`ab`'],
    ['%x', [255n], 'ff'],
    ['%X', [255n], 'FF'],
    ['%#x', [255n], '0xff'],
    ['%x', ['hi'], '6869'],
    ['%o', [8n], '10'],
    ['%b', [5n], '101'],
    ['%c', [65n], 'A'],
    ['%U', [65n], 'U+0041'],
    ['%f', [3.14159], '3.141590'],
    ['%5.2f', [3.14159], ' 3.14'],
    ['%.0f', [0.5], '0'],
    ['%.0f', [1.5], '2'],
    ['%.0f', [2.5], '2'],
    ['%.2f', [0.125], '0.12'],
    ['%.2f', [1.005], '1.00'],
    ['%e', [1234.5678], '1.234568e+03'],
    ['%E', [0.000123], '1.230000E-04'],
    ['%g', [1e6], '1e+06'],
    ['%g', [100000], '100000'],
    ['%.3g', [1234.0], '1.23e+03'],
    ['%.3g', [1.0], '1'],
    ['%f', [2n], '%!f(int=2)'],
    ['%d', [1.5], '%!d(float64=1.5)'],
    ['%-10s|', ['ab'], 'ab        |'],
    ['%10s|', ['ab'], '        ab|'],
    ['%05d', [-42n], '-0042'],
    ['%+d', [5n], '+5'],
    ['%.3s', ['abcdef'], 'abc'],
    ['%5.1f|', [-2.25], ' -2.2|'],
    ['%08.3f', [-3.5], '-003.500'],
    ['%x', [-255n], '-ff'],
    ['%6.2v', [3.14159], '   3.1'],
    ['%%', [], '%'],
    ['100%', [], '100%!(NOVERB)'],
    ['%d %d', [1n], '1 %!d(MISSING)'],
    ['%d', [1n, 'x', null], '1%!(EXTRA string=x, <nil>)'],
    ['%T %T %T %T', [1n, 'a', [], null], 'int string []interface {} <nil>'],
    ['%*d', [4n, 7n], '   7'],
    ['%[2]s %[1]s', ['a', 'b'], 'b a'],
    ['%[3]s', ['a'], '%!s(BADINDEX)'],
    ['%v', [GoMap.ofStrings({ b: '2', a: '1' })], 'map[a:1 b:2]'],
    ['%+v', [new GoStruct('x.T', [['A', 'a']])], '{A:a}'],
    ['%#v', ['a'], '"a"'],
    ['%#v', [GoMap.ofStrings({ a: '1' })], 'map[string]string{"a":"1"}'],
    ['%v', [Infinity], '+Inf'],
    ['%f', [-Infinity], '-Inf'],
    ['%5.1f|', [NaN], '  NaN|'],
    ['%s', [true], '%!s(bool=true)'],
    ['%z', ['a'], '%!z(string=a)'],
  ])('sprintf(%j, …)', (format, args, expected) => {
    expect(sprintf(format, args)).toBe(expected);
  });
});

describe('formatFloat', () => {
  it.each<[number, 'e' | 'f' | 'g', number, string]>([
    [0, 'e', 2, '0.00e+00'],
    [0, 'g', -1, '0'],
    [123456789, 'g', -1, '1.23456789e+08'],
    [9.995, 'f', 2, '9.99'],
    [9.9951, 'f', 2, '10.00'],
    [5e-324, 'g', -1, '5e-324'],
    [1.7976931348623157e308, 'g', -1, '1.7976931348623157e+308'],
  ])('%d as %s with precision %d', (x, verb, prec, expected) => {
    expect(formatFloat(x, verb, prec)).toBe(expected);
  });
});

describe('quote', () => {
  it.each<[string, string]>([
    ['plain', '"plain"'],
    ['tab\there', '"tab\\there"'],
    ['\u0001', '"\\x01"'],
    ['é ü', '"é ü"'],
    ['\u200b', '"\\u200b"'],
  ])('quotes %j', (s, expected) => {
    expect(quote(s)).toBe(expected);
  });
});
