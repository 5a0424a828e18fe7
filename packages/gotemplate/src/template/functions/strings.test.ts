import { describe, expect, it } from 'vitest';
import { GoMap, type GoValue } from '../../go/values.ts';
import { templateFunctions } from './index.ts';

const call = (name: string, ...args: GoValue[]): GoValue => templateFunctions.get(name)!.call(args);

describe('string functions', () => {
  it.each<[string, GoValue[], GoValue]>([
    // Golden case template-sprig-functions.
    ['trunc', [40n, 'argo-westus-bookstore-catalog-api'], 'argo-westus-bookstore-catalog-api'],
    ['trunc', [5n, 'hello world'], 'hello'],
    ['trunc', [-5n, 'hello world'], 'world'],
    ['trunc', [-20n, 'short'], 'short'],
    ['trimSuffix', ['-', 'abc-'], 'abc'],
    ['trimPrefix', ['https://github.com/', 'https://github.com/contoso/x'], 'contoso/x'],
    ['lower', ['BookStore'], 'bookstore'],
    ['upper', ['storefront-team'], 'STOREFRONT-TEAM'],
    ['upper', ['straße'], 'STRAßE'],
    ['quote', ['bookstore'], '"bookstore"'],
    ['quote', ['a"b\n', null, 1n], '"a\\"b\\n" "1"'],
    ['squote', ['bookstore-catalog-api'], "'bookstore-catalog-api'"],
    ['squote', [1.5, null], "'1.5'"],
    ['kebabcase', ['BookStore Core'], 'book-store-core'],
    ['snakecase', ['apps.catalog-api'], 'apps.catalog_api'],
    ['snakecase', ['FirstName'], 'first_name'],
    ['snakecase', ['HTTPServer'], 'http_server'],
    ['snakecase', ['NoHTTPS'], 'no_https'],
    ['snakecase', ['GO PATH'], 'go_path'],
    ['snakecase', ['http2xx'], 'http_2xx'],
    ['snakecase', ['HTTP20xOK'], 'http_20x_ok'],
    ['snakecase', ['Duration2m3s'], 'duration_2m3s'],
    ['snakecase', ['Bld4Floor3rd'], 'bld4_floor_3rd'],
    ['kebabcase', ['FirstName'], 'first-name'],
    ['camelcase', ['http_server'], 'HttpServer'],
    ['camelcase', ['_a__b'], '_A_B'],
    // xstrings 1.4.0 (the operator's) keeps the case of the other runes; 1.3.3 lowered them.
    ['camelcase', ['HTTPServer'], 'HTTPServer'],
    ['camelcase', ['camelCaseString'], 'CamelCaseString'],
    ['camelcase', ['ALL_CAPS_NAME'], 'ALLCAPSNAME'],
    ['title', ['bookstore on argo-westus in dev'], 'Bookstore On Argo-Westus In Dev'],
    ['untitle', ['Hello World'], 'hello world'],
    ['swapcase', ['This Is A.Test'], 'tHIS iS a.tEST'],
    ['cat', ['bookstore', 'on', null, 2n, ['x']], 'bookstore on 2 [x]'],
    ['abbrev', [16n, 'a very long description of the workload'], 'a very long d...'],
    ['abbrev', [3n, 'hello world'], 'hello world'],
    ['abbrevboth', [5n, 10n, '1234 5678 9123'], '...5678...'],
    ['initials', ['First Try'], 'FT'],
    ['nospace', ['hello w o r l d'], 'helloworld'],
    ['wrap', [5n, 'Hello World'], 'Hello\nWorld'],
    ['wrapWith', [5n, '\t', 'Hello World'], 'Hello\tWorld'],
    ['wrapWith', [3n, '|', 'abcdefg'], 'abc|def|g'],
    ['repeat', [3n, 'ab'], 'ababab'],
    ['substr', [0n, 5n, 'hello world'], 'hello'],
    ['substr', [6n, -1n, 'hello world'], 'world'],
    ['trim', ['  \t hi \n'], 'hi'],
    ['trimAll', ['$', '$5.00$'], '5.00'],
    ['contains', ['cat', 'catch'], true],
    ['hasPrefix', ['cat', 'catch'], true],
    ['hasSuffix', ['cat', 'catch'], false],
    ['replace', [' ', '-', 'Me First'], 'Me-First'],
    ['replace', ['', '-', 'ab'], '-a-b-'],
    ['plural', ['one anchovy', 'many anchovies', 2n], 'many anchovies'],
    ['plural', ['one anchovy', 'many anchovies', 1n], 'one anchovy'],
    ['indent', [2n, 'a\n\nb'], '  a\n  \n  b'],
    ['nindent', [6n, 'line one\nline two'], '\n      line one\n      line two'],
    ['toString', [1.5], '1.5'],
    ['toString', [null], '<nil>'],
    ['toStrings', [[1n, null, 'a']], ['1', 'a']],
    ['splitList', [',', 'values.yaml, values-dev.yaml'], ['values.yaml', ' values-dev.yaml']],
    ['splitList', [' ', '1 2 3'], ['1', '2', '3']],
    ['splitList', ['', 'abc'], ['a', 'b', 'c']],
    ['join', [',', ['owner', 'tier', 'zones']], 'owner,tier,zones'],
    ['join', ['+', 'scalar'], 'scalar'],
    ['hello', [], 'Hello!'],
  ])('%s %o', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('split and splitn return map[string]string keyed _0, _1 …', () => {
    const parts = call('split', '$', 'foo$bar$baz') as GoMap;
    expect(parts.type).toBe('map[string]string');
    expect([...parts.entries]).toEqual([
      ['_0', 'foo'],
      ['_1', 'bar'],
      ['_2', 'baz'],
    ]);
    const limited = call('splitn', '$', 2n, 'foo$bar$baz') as GoMap;
    expect([...limited.entries]).toEqual([
      ['_0', 'foo'],
      ['_1', 'bar$baz'],
    ]);
  });

  it('rejects a value of the wrong Go type like text/template', () => {
    expect(() => call('upper', 1n)).toThrow('wrong type for value; expected string; got int');
    expect(() => call('upper', null)).toThrow('invalid value; expected string');
    expect(() => call('trunc', 'x', 'y')).toThrow('expected int');
  });

  it('fails like Go when substr is out of range', () => {
    expect(() => call('substr', -1n, 10n, 'abc')).toThrow('slice bounds out of range');
    expect(() => call('repeat', -1n, 'x')).toThrow('negative Repeat count');
  });
});
