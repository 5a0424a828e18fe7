import { describe, expect, it } from 'vitest';
import { sliceElement, type GoValue } from '../../go/values.ts';
import { templateFunctions } from './index.ts';

const call = (name: string, ...args: GoValue[]): GoValue => templateFunctions.get(name)!.call(args);

describe('regex functions with Go regexp semantics', () => {
  it.each<[string, GoValue[], GoValue]>([
    // Golden case template-sprig-functions.
    ['regexReplaceAll', ['[^a-z0-9]+', 'bookstore-catalog-api', '_'], 'bookstore_catalog_api'],
    ['regexReplaceAll', ['a(x*)b', '-ab-axxb-', '${1}W'], '-W-xxW-'],
    ['regexReplaceAll', ['a(x*)b', '-ab-axxb-', '$1W'], '---'],
    ['regexReplaceAll', ['(?P<n>x+)', 'axxb', '<$n>'], 'a<xx>b'],
    ['regexReplaceAll', ['a*', 'baaac', '-'], '-b-c-'],
    ['regexReplaceAll', ['x', 'x', '$$'], '$'],
    ['regexReplaceAllLiteral', ['a(x*)b', '-ab-axxb-', '${1}'], '-${1}-${1}-'],
    ['regexMatch', ['^[a-z]+\\[[0-9]+\\]$', 'adam[23]'], true],
    ['regexMatch', ['(', 'x'], false],
    ['regexMatch', ['(?i)^ABC$', 'abc'], true],
    ['regexMatch', ['a.c', 'a\rc'], true],
    ['regexMatch', ['a.c', 'a\nc'], false],
    ['regexMatch', ['(?s)a.c', 'a\nc'], true],
    ['regexMatch', ['^b$', 'a\nb'], false],
    ['regexMatch', ['(?m)^b$', 'a\nb'], true],
    ['regexMatch', ['\\s', '\u00a0'], false],
    ['regexMatch', ['[[:alpha:]]+', '123abc'], true],
    ['regexMatch', ['\\pL', 'é'], true],
    ['regexMatch', ['a(?i)b|c', 'C'], true],
    ['regexMatch', ['\\Aab\\z', 'ab'], true],
    // The empty match right after "aaa" is dropped, as in Go.
    ['regexFindAll', ['a*', 'baaac', -1n], ['', 'aaa', '']],
    ['regexFindAll', ['[2,4,6,8]', '123456789', -1n], ['2', '4', '6', '8']],
    ['regexFindAll', ['[2,4,6,8]', '123456789', 2n], ['2', '4']],
    ['regexFind', ['[a-zA-Z][1-9]', 'abcd1234'], 'd1'],
    ['regexFind', ['x', 'abc'], ''],
    ['regexSplit', ['z+', 'pizza', -1n], ['pi', 'a']],
    ['regexSplit', ['', 'abc', -1n], ['a', 'b', 'c']],
    ['regexSplit', ['a', 'banana', 2n], ['b', 'nana']],
    ['regexQuoteMeta', ['1.2.3'], '1\\.2\\.3'],
    ['regexFindAll', ['(?U)a+', 'aaa', -1n], ['a', 'a', 'a']],
  ])('%s %o', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('matches in linear time: a pattern that backtracks exponentially still answers', () => {
    // A backtracking engine takes tens of seconds here (2^28 paths); RE2 walks the input once.
    const value = 'a'.repeat(28) + 'b';
    expect(call('regexMatch', '^(a+)+$', value)).toBe(false);
    expect(call('regexMatch', '^(a+)+$', 'a'.repeat(29))).toBe(true);
    expect(call('regexFindAll', '(a|aa)+$', value, -1n)).toEqual([]);
    expect(call('regexReplaceAll', '(x+x+)+y', 'x'.repeat(40), '-')).toBe('x'.repeat(40));
  });

  it('keeps Go semantics: leftmost-first, Unicode case folding, ASCII classes, group names', () => {
    expect(call('regexFind', '(a|ab)(c|bcd)', 'abcd')).toBe('abcd');
    expect(call('regexMatch', '(?i)k', '\u212a')).toBe(true);
    expect(call('regexMatch', '\\w', 'é')).toBe(false);
    expect(call('regexReplaceAll', '(?<y>\\d{4})-(?P<m>\\d\\d)', '2024-05', '$m/$y')).toBe(
      '05/2024',
    );
    expect(call('regexFindAll', '.', 'a😀b', -1n)).toEqual(['a', '😀', 'b']);
  });

  it('returns []string from regexFindAll and regexSplit', () => {
    const found = call('regexFindAll', 'a', 'aa', -1n) as GoValue[];
    expect(sliceElement(found)).toBe('string');
    expect(sliceElement(call('regexSplit', 'a', 'bab', -1n) as GoValue[])).toBe('string');
  });

  it('rejects Perl-only syntax like RE2', () => {
    expect(() => call('mustRegexFind', 'a(?=b)', 'ab')).toThrow(
      'error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    );
    expect(() => call('regexFind', '(a)\\1', 'aa')).toThrow(
      'regexp: Compile(`(a)\\1`): error parsing regexp: invalid escape sequence: `\\1`',
    );
  });
});
