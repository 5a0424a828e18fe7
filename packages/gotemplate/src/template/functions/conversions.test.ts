import { describe, expect, it } from 'vitest';
import { GoInt, GoMap, int64, type GoValue } from '../../go/values.ts';
import { excludedFunctions, templateFunctions } from './index.ts';

const call = (name: string, ...args: GoValue[]): GoValue => templateFunctions.get(name)!.call(args);

describe('where the operator fails and sprig 3 renders', () => {
  const noticed = (name: string, ...args: GoValue[]) => {
    const notices: string[] = [];
    const result = templateFunctions
      .get(name)!
      .call(args, { notice: (kind, message) => notices.push(`${kind}: ${message}`) });
    return { result, notices };
  };

  it('div by a divisor only base 0 reads as non-zero renders sprig 3 and says so', () => {
    const { result, notices } = noticed('div', 7n, '0x2');
    expect(result).toEqual(int64(3n));
    expect(notices).toEqual([
      `operator-fails: the operator's sprig 2.22 reads the divisor 0x2 as 0 and fails with "integer divide by zero"; sprig 3 reads it as 2`,
    ]);
  });

  it('div by zero fails in both', () => {
    expect(() => noticed('div', 7n, '0')).toThrow('integer divide by zero');
  });

  it('a negative trunc renders and says so; a positive one raises nothing', () => {
    expect(noticed('trunc', -3n, 'hello')).toEqual({
      result: 'llo',
      notices: [
        `operator-fails: the operator's sprig 2.22 fails on a negative length ("slice bounds out of range [:-3]"); sprig 3 keeps the last 3 bytes`,
      ],
    });
    expect(noticed('trunc', 3n, 'hello')).toEqual({ result: 'hel', notices: [] });
  });
});

describe('math and conversions', () => {
  it.each<[string, GoValue[], GoValue]>([
    ['add', [1n, '2', 3.9], int64(6n)],
    ['add', [], int64(0n)],
    // The operator's sprig 2.22 reads numeric strings in base 10 (golden case operator-numeric-strings).
    ['add1', ['0x10'], int64(1n)],
    ['add1', ['08'], int64(9n)],
    ['add', ['0800', 0n], int64(800n)],
    ['int', ['08'], 8n],
    ['int', ['1_000'], 0n],
    ['int', ['+7'], 7n],
    ['int64', ['0x1F'], int64(0n)],
    ['int64', ['99999999999999999999'], int64(0n)],
    ['int64', [new GoInt(12345678901234567890n, 'uint64')], int64(9223372036854775807n)],
    ['max', ['09', '010'], int64(10n)],
    ['mod', ['010', 3n], int64(1n)],
    ['slice', [['a', 'b', 'c'], '01', '02'], ['b']],
    // sprig 3 only: cast's base-0 reading, a zero decimal part trimmed.
    ['mustSlice', [['a', 'b', 'c'], '0x1', '2.0'], ['b']],
    ['sub', [5n, 7n], int64(-2n)],
    ['mul', [2n, 3n, 4n], int64(24n)],
    ['div', [7n, 2n], int64(3n)],
    ['div', [-7n, 2n], int64(-3n)],
    ['mod', [-7n, 2n], int64(-1n)],
    ['max', [1n, '4', 2n], int64(4n)],
    ['min', [3n, 1n, 2n], int64(1n)],
    ['biggest', [1n, 9n], int64(9n)],
    ['atoi', ['4'], 4n],
    ['atoi', ['x'], 0n],
    ['atoi', ['99999999999999999999'], 9223372036854775807n],
    ['int', ['1.5'], 0n],
    ['int64', [3.99], int64(3n)],
    ['int', [true], 1n],
    ['float64', ['1.5'], 1.5],
    ['toDecimal', ['0777'], int64(511n)],
    ['toDecimal', ['9'], int64(0n)],
    ['addf', [1.1, 2.2], 3.3],
    ['add1f', [1.5], 2.5],
    ['subf', [1.3, 1.1], 0.2],
    ['mulf', [1.1, 3n], 3.3],
    ['divf', [10n, 3n], 3.3333333333333335],
    ['maxf', [1n, 2.5, '3'], 3],
    ['minf', [1.5, 2n], 1.5],
    ['floor', ['1.9'], 1],
    ['ceil', [1.1], 2],
    ['round', [123.5555, 3n], 123.556],
    ['round', [123.5555, 3n, 0.6], 123.555],
    ['seq', [5n], '1 2 3 4 5'],
    ['seq', [-3n], '1 0 -1 -2 -3'],
    ['seq', [0n, 2n], '0 1 2'],
    ['seq', [2n, -2n], '2 1 0 -1 -2'],
    ['seq', [0n, 2n, 10n], '0 2 4 6 8 10'],
    ['seq', [0n, -2n, -5n], '0 -2 -4'],
    ['seq', [10n, 2n, 0n], ''],
    ['until', [3n], [0n, 1n, 2n]],
    ['until', [-2n], [0n, -1n]],
    ['untilStep', [0n, 10n, 3n], [0n, 3n, 6n, 9n]],
    ['duration', ['95'], '1m35s'],
    ['duration', [3600n], '0s'],
    ['duration', [int64(3600n)], '1h0m0s'],
    ['durationRound', ['2h10m5s'], '2h'],
    ['durationRound', ['-400h'], '16d'],
  ])('%s %o', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('wraps int64 and fails on integer division by zero', () => {
    expect(call('add', 9223372036854775807n, 1n)).toEqual(int64(-9223372036854775808n));
    expect(() => call('div', 1n, 0n)).toThrow('integer divide by zero');
  });
});

describe('encoding and checksums', () => {
  it.each<[string, GoValue[], GoValue]>([
    // Golden case template-sprig-functions.
    [
      'b64enc',
      ['https://github.com/contoso/bookstore-gitops'],
      'aHR0cHM6Ly9naXRodWIuY29tL2NvbnRvc28vYm9va3N0b3JlLWdpdG9wcw==',
    ],
    ['b64dec', ['aGVsbG8='], 'hello'],
    ['b64dec', ['aGVs\nbG8='], 'hello'],
    ['b64dec', ['aGVsbG8'], 'illegal base64 data at input byte 4'],
    ['b64dec', ['a!=='], 'illegal base64 data at input byte 1'],
    ['b32enc', ['hello'], 'NBSWY3DP'],
    ['b32enc', ['hi'], 'NBUQ===='],
    ['b32dec', ['NBSWY3DP'], 'hello'],
    ['b32dec', ['NBUQ===='], 'hi'],
    ['b32dec', ['NB!Q===='], 'illegal base32 data at input byte 2'],
    ['sha1sum', ['abc'], 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['sha1sum', [''], 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ['sha256sum', ['abc'], 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'sha256sum',
      ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'],
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['adler32sum', ['Wikipedia'], '300286872'],
    ['toJson', [['a', 1n, 1.5, true, null]], '["a",1,1.5,true,null]'],
    ['toJson', ['<a&b>'], '"\\u003ca\\u0026b\\u003e"'],
    ['toRawJson', ['<a&b>'], '"<a&b>"'],
    ['toJson', [1e21], '1e+21'],
    ['toJson', [0.0000001], '1e-7'],
    ['toJson', [NaN], ''],
    [
      'toPrettyJson',
      [GoMap.fromRecord({ b: [1n], a: GoMap.fromRecord({}) })],
      '{\n  "a": {},\n  "b": [\n    1\n  ]\n}',
    ],
  ])('%s %o', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('hashes the golden short-sha and checksum inputs', () => {
    const repo = 'https://github.com/contoso/bookstore-gitops';
    expect((call('sha1sum', repo) as string).slice(0, 7)).toBe('1f5810a');
    const manifests = GoMap.ofStrings({ repo, branch: 'dev', path: './apps/catalog-api' });
    const json = call('toJson', manifests) as string;
    expect((call('sha256sum', json) as string).slice(0, 12)).toBe('e436250f78ea');
  });

  it('writes nested config maps as JSON objects (docs/decisions/sprig3-function-set.md) and reads JSON back', () => {
    const nested = new GoMap(
      [
        ['b', 1n],
        ['a', true],
      ],
      'map[interface {}]interface {}',
    );
    expect(call('toJson', GoMap.fromRecord({ K: nested }))).toBe('{"K":{"a":true,"b":1}}');
    const parsed = call('fromJson', '{"a":[1,"x"],"b":null}') as GoMap;
    expect(parsed.type).toBe('map[string]interface {}');
    expect(parsed.get('a')).toEqual([1, 'x']);
    expect(call('fromJson', '{bad')).toBeNull();
    expect(() => call('mustFromJson', 'x')).toThrow("invalid character 'x'");
  });
});

describe('paths, reflection and flow control', () => {
  it.each<[string, GoValue[], GoValue]>([
    ['base', ['/a/b/c.yaml'], 'c.yaml'],
    ['base', [''], '.'],
    ['dir', ['/a/b/c'], '/a/b'],
    ['dir', ['c'], '.'],
    ['clean', ['a//b/../c/.'], 'a/c'],
    ['clean', ['/../x'], '/x'],
    ['ext', ['a/b.tar.gz'], '.gz'],
    ['isAbs', ['/x'], true],
    ['osBase', ['a/b'], 'b'],
    ['typeOf', [1n], 'int'],
    ['typeOf', [GoMap.fromRecord({})], 'map[string]interface {}'],
    ['typeIs', ['string', 'x'], true],
    ['typeIsLike', ['float64', 1.5], true],
    ['kindOf', [['x']], 'slice'],
    ['kindOf', [null], 'invalid'],
    ['kindIs', ['map', GoMap.ofStrings({})], true],
    [
      'deepEqual',
      [
        [1n, 'a'],
        [1n, 'a'],
      ],
      true,
    ],
    ['deepEqual', [1n, 1], false],
    ['default', ['unassigned', ''], 'unassigned'],
    ['default', ['unassigned', 'BookStore Core'], 'BookStore Core'],
    ['default', ['x'], 'x'],
    ['default', ['x', 0n], 'x'],
    ['empty', [GoMap.fromRecord({})], true],
    ['empty', [false], true],
    ['empty', [' '], false],
    ['coalesce', [null, '', 'a'], 'a'],
    ['coalesce', [null, ''], null],
    ['all', [1n, 'a'], true],
    ['all', [], true],
    ['any', ['', 0n], false],
    ['ternary', ['true', 'false', true], 'true'],
  ])('%s %o', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('fail returns its message as the error', () => {
    expect(() => call('fail', 'boom')).toThrow('boom');
    expect(() => call('ternary', 'a', 'b', 'true')).toThrow('expected bool');
  });
});

describe('the function table', () => {
  it('contains none of the excluded functions (docs/decisions/no-environment-in-templates.md)', () => {
    for (const name of ['env', 'expandenv', 'now', 'date', 'randAlphaNum', 'uuidv4', 'genCA']) {
      expect(excludedFunctions.has(name)).toBe(true);
    }
    for (const name of excludedFunctions) expect(templateFunctions.has(name)).toBe(false);
  });

  it('has the sprig-3-only functions, the custom ones, and no Helm or sprig-3.3 additions', () => {
    for (const name of ['get', 'seq', 'dig', 'fromJson', 'toRawJson', 'mustFirst', 'hash']) {
      expect(templateFunctions.has(name)).toBe(true);
    }
    for (const name of ['required', 'tpl', 'include', 'sha512sum']) {
      expect(templateFunctions.has(name)).toBe(false);
    }
  });
});
