import { describe, expect, it } from 'vitest';
import { GoMap, GoStruct, goStringBytes, type GoValue } from '../go/values.ts';
import { templateFunctions } from './functions/index.ts';
import { executeTemplate, parseTemplate } from './index.ts';

const data = new GoStruct('scheduler.dataType', [
  ['ConfigData', GoMap.fromRecord({ N: 3n, LIST: ['a', 1n] })],
]);

function render(text: string, dot: GoValue = data): string {
  return executeTemplate(parseTemplate(text, templateFunctions, 'reconciler'), dot);
}

describe('Go value kinds seen by every consumer', () => {
  it.each<[string, string, string]>([
    ['int literal', '{{ typeOf 1 }} {{ kindOf 1 }} {{ printf "%T %v" 1 1 }}', 'int int int 1'],
    [
      'sprig arithmetic is int64',
      '{{ typeOf (add 1 2) }} {{ kindOf (sub 5 1) }} {{ kindIs "int64" (mul 2 2) }} {{ printf "%T=%v" (max 1 9) (max 1 9) }}',
      'int64 int64 true int64=9',
    ],
    ['int64 still compares with int', '{{ eq (add 1 2) 3 }} {{ lt (add 1 1) 3 }}', 'true true'],
    ['len is int', '{{ typeOf (len "ab") }}', 'int'],
    ['index of a string is a byte', '{{ typeOf (index "ab" 0) }} {{ index "ab" 0 }}', 'uint8 97'],
    ['until is []int', '{{ typeOf (until 2) }} {{ printf "%#v" (until 2) }}', '[]int []int{0, 1}'],
    [
      'string slices',
      '{{ typeOf (splitList "," "a,b") }} {{ typeOf (sortAlpha (list "b" "a")) }} {{ typeOf (keys (dict "a" 1)) }} {{ typeOf (toStrings (list 1)) }}',
      '[]string []string []string []string',
    ],
    [
      'list is []interface {}',
      '{{ typeOf (list 1) }} {{ kindOf (list 1) }}',
      '[]interface {} slice',
    ],
    [
      'sprig slice keeps the slice type',
      '{{ typeOf (slice (splitList "," "a,b") 1) }}',
      '[]string',
    ],
    [
      'append makes []interface {}',
      '{{ typeOf (append (splitList "," "a") "b") }}',
      '[]interface {}',
    ],
    [
      'config values',
      '{{ typeOf .ConfigData }} {{ typeOf .ConfigData.N }}',
      'map[string]interface {} int',
    ],
    [
      'nil in a dict',
      '{{ dict "a" nil }} {{ toJson (dict "a" nil) }} {{ toYaml (dict "a" nil) }}',
      'map[a:<nil>] {"a":null} a: null',
    ],
    ['dict key without value is ""', '{{ toJson (dict "a") }}', '{"a":""}'],
    [
      'semver object',
      '{{ typeOf (semver "1.2.3") }} {{ kindOf (semver "1.2.3") }} {{ semver "v1.2.3+b" }} {{ (semver "1.2.3").Minor }} {{ toJson (semver "1.2.3") }}',
      '*semver.Version ptr 1.2.3+b 2 "1.2.3"',
    ],
    [
      "semver 1.5.0's object: int64 parts, no MarshalText, methods",
      '{{ typeOf (semver "1.2.3").Major }} {{ toYaml (semver "1.2.3") }} {{ (semver "1.2.3").Compare (semver "1.2.4") }} {{ (semver "1.2.3").LessThan (semver "1.2.4") }} {{ (semver "1.2.3-beta").IncPatch }} {{ (semver "v1.2.3").IncMinor }} {{ (semver "1.2.3").String }} {{ toJson (semver "1.2.3").IncMajor }}',
      'int64 {} -1 true {1 2 3   1.2.3} {1 3 0   v1.3.0} 1.2.3 {}',
    ],
    [
      "%#v of semver 1.5.0's object shows its unexported fields",
      '{{ printf "%#v" (semver "1.2.3-beta.1") }} {{ printf "%#v" (semver "1.2.3").IncMinor }}',
      '&semver.Version{major:1, minor:2, patch:3, pre:"beta.1", metadata:"", original:"1.2.3-beta.1"} semver.Version{major:1, minor:3, patch:0, pre:"", metadata:"", original:"1.3.0"}',
    ],
    [
      'int64 in toYaml and toJson',
      '{{ toYaml (list (add 1 1)) }} {{ toJson (list (add 1 1)) }}',
      '- 2 [2]',
    ],
    [
      'deepEqual tells int from int64',
      '{{ deepEqual 1 1 }} {{ deepEqual (add 1 0) 1 }}',
      'true false',
    ],
  ])('%s', (_, text, expected) => {
    expect(render(text)).toBe(expected);
  });

  it.each<[string, string, string]>([
    [
      'nil slices are null in JSON but print as []',
      '{{ toJson (rest (list)) }} {{ rest (list) }} {{ toJson (regexFindAll "x" "a" -1) }} {{ toJson (rest (list 1)) }}',
      'null [] null []',
    ],
    ['chunk gives [][]interface {}', '{{ typeOf (chunk 1 (until 2)) }}', '[][]interface {}'],
    [
      '%#v of a byte is hexadecimal',
      '{{ printf "%#v %v" (index "a" 0) (index "a" 0) }}',
      '0x61 97',
    ],
    [
      'signed and unsigned integers compare by value',
      '{{ eq (index "a" 0) 97 }} {{ lt 1 (index "a" 0) }} {{ eq -1 (index "a" 0) }}',
      'true true false',
    ],
    ['%x precision counts bytes', '{{ printf "%.2x|%x" "héllo" (trunc 2 "héllo") }}', '68c3|68c3'],
    ['float64 accepts digit underscores', '{{ float64 "1_000.5" }}', '1000.5'],
    [
      'a semver object hashes as its type name (its fields are unexported)',
      '{{ eq (hash (semver "1.2.3")) (hash (semver "9.9.9")) }}',
      'true',
    ],
  ])('%s', (_, text, expected) => {
    expect(render(text)).toBe(expected);
  });

  it('stringify turns []interface {} into text but keeps []int and []string nested', () => {
    expect(
      render('{{ stringify (dict "i" (until 1) "l" (list 1) "s" (splitList "," "x")) }}'),
    ).toBe('i:\n    - 0\nl: |\n    - 1\ns:\n    - x');
  });

  it('an int64 is not an int parameter, as in Go', () => {
    expect(() => render('{{ until (add 1 1) }}')).toThrow(
      'wrong type for value; expected int; got int64',
    );
  });

  it('duration counts seconds only for int64 and strings', () => {
    expect(render('{{ duration 60 }}|{{ duration (int64 60) }}|{{ duration "60" }}')).toBe(
      '0s|1m0s|1m0s',
    );
  });

  it('strings that are not UTF-8 go through consumers as Go handles them', () => {
    const cut = '(trunc 2 "héllo")';
    expect(render(`{{ toYaml ${cut} }}|{{ toYaml (list ${cut}) }}|{{ toJson ${cut} }}`)).toBe(
      '!!binary aMM=|- !!binary aMM=|"h\\ufffd"',
    );
    expect(
      render(`{{ upper ${cut} | len }}|{{ printf "%5s" ${cut} | len }}|{{ js ${cut} | len }}`),
    ).toBe('4|5|2');
    // 70 base64 characters and more: one line break after each line, literal style.
    expect(render(`{{ toYaml (repeat 60 ${cut}) }}`)).toMatch(/^!!binary \|\n {4}aMNo/);
  });

  it('byte-wise string functions keep raw bytes, written back as bytes', () => {
    const out = render(
      '{{ trunc -1 "xü" | quote }}|{{ substr 0 1 "Äb" }}|{{ len (substr 0 1 "Äb") }}',
    );
    expect(out).toBe('"\\xbc"|\udcc3|1');
    expect([...goStringBytes(out).slice(-3)]).toEqual([0xc3, 0x7c, 0x31]);
  });
});

describe('Go 1.25 template features the original supports', () => {
  it('ranges over an integer, with else, break and a variable', () => {
    expect(render('{{ range 5 }}{{ . }}{{ end }}')).toBe('01234');
    expect(render('{{ range $i := 3 }}[{{ $i }}]{{ end }}')).toBe('[0][1][2]');
    expect(render('{{ range 0 }}x{{ else }}none{{ end }}')).toBe('none');
    expect(render('{{ range 9 }}{{ if eq . 2 }}{{ break }}{{ end }}{{ . }}{{ end }}')).toBe('01');
    expect(render('{{ range .ConfigData.N }}{{ . }}{{ end }}')).toBe('012');
    // The elements keep the integer's type.
    expect(render('{{ range (int64 2) }}{{ typeOf . }} {{ end }}')).toBe('int64 int64 ');
  });

  it('refuses two variables over an integer', () => {
    expect(() => render('{{ range $i, $e := 3 }}{{ end }}')).toThrow(
      "can't use 3 to iterate over more than one variable",
    );
  });

  it('chains else with', () => {
    const text =
      '{{ with .ConfigData.NONE }}a{{ else with .ConfigData.N }}b{{ . }}{{ else }}c{{ end }}';
    expect(render(text)).toBe('b3');
    expect(render('{{ with 0 }}a{{ else with "" }}b{{ else with list 1 }}{{ . }}{{ end }}')).toBe(
      '[1]',
    );
    expect(render('{{ with 0 }}a{{ else with "" }}b{{ else }}c{{ end }}')).toBe('c');
  });
});
