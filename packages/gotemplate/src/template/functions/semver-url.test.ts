import { describe, expect, it } from 'vitest';
import { GoInt, GoMap, GoStruct, type GoValue } from '../../go/values.ts';
import { templateFunctions } from './index.ts';

const call = (name: string, ...args: GoValue[]): GoValue => templateFunctions.get(name)!.call(args);

describe('semverCompare', () => {
  it.each<[string, string, boolean]>([
    ['>=1.2.3', '1.2.3', true],
    ['>=1.2.3', '1.2.2', false],
    ['1.2.x', '1.2.9', true],
    ['1.2.x', '1.3.0', false],
    ['*', '5.0.0', true],
    ['~1.2.3', '1.2.9', true],
    ['~1.2.3', '1.3.0', false],
    ['~1', '1.9.0', true],
    ['^1.2.3', '1.9.9', true],
    ['^1.2.3', '2.0.0', false],
    // semver 1.5.0, the operator's: ^ pins the major only, a missing patch is not a range.
    ['^0.2.3', '0.2.9', true],
    ['^0.2.3', '0.3.0', true],
    ['^0.0.3', '0.0.4', true],
    ['^0.2.3', '1.0.0', false],
    ['<=1.2', '1.2.5', false],
    ['<=1.2', '1.2.0', true],
    ['<=1.x', '1.9.0', true],
    ['<1', '1.2.3', true],
    ['<1', '2.0.0', false],
    ['>1', '1.2.3', true],
    ['=1.2', '1.2.3', false],
    ['1.x', '1.2.3', true],
    ['!=1.2', '1.2.3', true],
    ['!=1.x', '1.2.3', false],
    ['!=1.2.3', '1.2.3-beta', true],
    ['~1', '1.9.0', true],
    ['~1.2', '1.3.0', false],
    ['<= 2.x', '2.9.9', true],
    ['<= 2.x', '3.0.0', false],
    ['1.2 - 1.4.5', '1.4.5', true],
    ['1.2 - 1.4.5', '1.4.6', false],
    ['>1.0, <2.0 || =3.0.0', '3.0.0', true],
    ['>1.0 <2.0', '1.5.0', true],
    ['!=1.2.3', '1.2.3', false],
    ['>=1.2.3', '1.3.0-beta', false],
    ['>=1.2.3-alpha', '1.3.0-beta', true],
    ['>= 1.19.0', 'v1.21.3', true],
  ])('%s against %s is %s', (constraint, version, expected) => {
    expect(call('semverCompare', constraint, version)).toBe(expected);
  });

  it('rejects an invalid version', () => {
    expect(() => call('semverCompare', '>1', 'banana')).toThrow('Invalid Semantic Version');
  });

  it('falls back to sprig 3 where semver 1.5.0 fails, and says so', () => {
    const notices: string[] = [];
    const context = { notice: (_: string, message: string) => notices.push(message) };
    const compare = templateFunctions.get('semverCompare')!;
    expect(compare.call(['>=1.0 <2.0', '1.5.0'], context)).toBe(true);
    expect(compare.call(['>=1.0 <2.0', '2.5.0'], context)).toBe(false);
    expect(notices[0]).toBe(
      `the operator's semver 1.5.0 fails on ">=1.0 <2.0" and "1.5.0" ("improper constraint: >=1.0 <2.0"); sprig 3's semver 3.2 accepts it`,
    );
    expect(() => compare.call(['abc', '1.0.0'], context)).toThrow('improper constraint: abc');
  });

  it('accepts what semver 1.5.0 accepts and sprig 3 would not', () => {
    expect((call('semver', '1.2.3-01') as GoStruct).text).toBe('1.2.3-01');
  });

  it('semver exposes the parts as int64 fields', () => {
    const v = call('semver', 'v1.2.3-rc.1+b5') as GoStruct;
    expect(Object.fromEntries(v.fields)).toEqual({
      Major: new GoInt(1n, 'int64'),
      Minor: new GoInt(2n, 'int64'),
      Patch: new GoInt(3n, 'int64'),
      Prerelease: 'rc.1',
      Metadata: 'b5',
      Original: 'v1.2.3-rc.1+b5',
    });
  });
});

describe('urlParse and urlJoin', () => {
  it('parses the parts sprig exposes', () => {
    const parts = call(
      'urlParse',
      'http://admin:secret@server.com:8080/api?list=false#anchor',
    ) as GoMap;
    expect(Object.fromEntries(parts.entries)).toEqual({
      scheme: 'http',
      host: 'server.com:8080',
      hostname: 'server.com',
      path: '/api',
      query: 'list=false',
      opaque: '',
      fragment: 'anchor',
      userinfo: 'admin:secret',
    });
  });

  it('joins them back', () => {
    const d = GoMap.fromRecord({
      fragment: 'fragment',
      host: 'host:80',
      path: '/path',
      query: 'query',
      scheme: 'http',
    });
    expect(call('urlJoin', d)).toBe('http://host:80/path?query#fragment');
    expect(call('urlJoin', GoMap.fromRecord({ scheme: 'mailto', opaque: 'a@b.c' }))).toBe(
      'mailto:a@b.c',
    );
  });
});
