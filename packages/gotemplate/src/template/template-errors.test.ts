import { describe, expect, it } from 'vitest';
import { data, sprigLike } from './fixtures.test-support.ts';
import { TemplateError, executeTemplate, parseTemplate } from './index.ts';

function failure(run: () => unknown): TemplateError {
  try {
    run();
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('expected a TemplateError');
}

describe('parseTemplate errors', () => {
  it.each<[string, string]>([
    ['{{ .X ', 'template: template:1: unclosed action'],
    ['a\n{{ .X\n\n', 'template: template:4: unclosed action started at template:2'],
    ['{{ end }}', 'template: template:1: unexpected {{end}}'],
    ['{{ else }}', 'template: template:1: unexpected {{else}}'],
    ['{{ if .X }}\nx', 'template: template:2: unexpected EOF'],
    ['{{ if }}', 'template: template:1: missing value for if'],
    [
      '{{ if 1 }}{{ else }}{{ else }}{{ end }}',
      'template: template:1: expected end; found {{else}}',
    ],
    ['{{ 1x }}', 'template: template:1: bad number syntax: "1x"'],
    ['{{ 089 }}', 'template: template:1: integer overflow: "089"'],
    ['{{ 1__0 }}', 'template: template:1: illegal number syntax: "1__0"'],
    ['{{ "abc }}', 'template: template:1: unterminated quoted string'],
    ['{{ `abc }}', 'template: template:1: unterminated raw quoted string'],
    ["{{ 'ab' }}", "template: template:1: malformed character constant: 'ab'"],
    ['{{ "\\q" }}', 'template: template:1: invalid syntax'],
    ['{{ ) }}', 'template: template:1: unexpected right paren'],
    ['{{ ( .X }}', 'template: template:1: unclosed left paren'],
    ['{{ .X | 1 }}', 'template: template:1: non executable command in pipeline stage 2'],
    ['{{ break }}', 'template: template:1: {{break}} outside {{range}}'],
    [
      '{{ range . }}{{ continue 1 }}{{ end }}',
      'template: template:1: unexpected "1" in {{continue}}',
    ],
    ['{{ env "HOME" }}', 'template: template:1: function "env" not defined'],
    ['{{ $nope }}', 'template: template:1: undefined variable "$nope"'],
    ['{{ if 1 }}{{ $x := 1 }}{{ end }}{{ $x }}', 'template: template:1: undefined variable "$x"'],
    ['{{ "a".X }}', 'template: template:1: unexpected . after term "\\"a\\""'],
    ['{{ template .X }}', 'template: template:1: unexpected ".X" in template clause'],
    ['{{ % }}', 'template: template:1: unexpected "%" in command'],
    ['{{ .X \u0001 }}', 'template: template:1: unrecognized character in action: U+0001'],
    ['{{/* open', 'template: template:1: unclosed comment'],
    ['{{/* c */ .X }}', 'template: template:1: comment ends before closing delimiter'],
    [
      '{{ range $a, $b, $c := . }}{{ end }}',
      'template: template:1: too many declarations in range',
    ],
    [
      '{{ define "a" }}x{{ else }}{{ end }}',
      'template: template:1: unexpected {{else}} in define clause',
    ],
    [
      '{{ define "a" }}x{{ end }}{{ define "a" }}y{{ end }}',
      'template: template:1: template: multiple definition of template "a"',
    ],
    ['{{ 1i }}', 'template: template:1: complex constant 1i is not supported'],
  ])('%j fails with Go’s message', (text, message) => {
    const error = failure(() => parseTemplate(text, sprigLike));
    expect(error.phase).toBe('parse');
    expect(error.message).toBe(message);
  });

  it('limits parenthesised nesting', () => {
    const text = '{{ ' + '('.repeat(2000) + '1' + ')'.repeat(2000) + ' }}';
    expect(failure(() => parseTemplate(text, sprigLike)).message).toBe(
      'template: template:1: max expression depth exceeded',
    );
  });

  it('reports deeply nested control structures as a TemplateError, not a crash', () => {
    const text = '{{ if 1 }}'.repeat(50_000) + '{{ end }}'.repeat(50_000);
    const error = failure(() => parseTemplate(text, sprigLike));
    expect(error.phase).toBe('parse');
  });
});

describe('executeTemplate errors', () => {
  // Go positions a multi-field chain (.A.B) at its second field, a quirk of its parser.
  it.each<[string, string]>([
    [
      '{{ .Nope }}',
      'template: template:1:3: executing "template" at <.Nope>: can\'t evaluate field Nope in type scheduler.dataType',
    ],
    [
      'line1\n  {{ .Repo }}',
      'template: template:2:5: executing "template" at <.Repo>: can\'t evaluate field Repo in type scheduler.dataType',
    ],
    [
      '{{ fail "boom" }}',
      'template: template:1:3: executing "template" at <fail "boom">: error calling fail: boom',
    ],
    [
      '{{ len 1 2 }}',
      'template: template:1:3: executing "template" at <len>: wrong number of args for len: want 1 got 2',
    ],
    [
      '{{ index }}',
      'template: template:1:3: executing "template" at <index>: wrong number of args for index: want at least 1 got 0',
    ],
    [
      '{{ "x" | not 1 }}',
      'template: template:1:9: executing "template" at <not>: wrong number of args for not: want 1 got 2',
    ],
    [
      '{{ index .ConfigData.ZONES 5 }}',
      'template: template:1:3: executing "template" at <index .ConfigData.ZONES 5>: error calling index: index out of range: 5',
    ],
    [
      '{{ template "nope" }}',
      'template: template:1:12: executing "template" at <{{template "nope"}}>: template "nope" not defined',
    ],
    [
      '{{ range 1.5 }}{{ end }}',
      'template: template:1:9: executing "template" at <1.5>: range can\'t iterate over 1.5',
    ],
    [
      '{{ lt 1 "a" }}',
      'template: template:1:3: executing "template" at <lt 1 "a">: error calling lt: incompatible types for comparison: int and string',
    ],
    [
      '{{ eq 1 1.0 }}',
      'template: template:1:3: executing "template" at <eq 1 1.0>: error calling eq: incompatible types for comparison: int and float64',
    ],
    [
      '{{ lt true false }}',
      'template: template:1:3: executing "template" at <lt true false>: error calling lt: invalid type for comparison',
    ],
    [
      '{{ eq .Labels .Labels }}',
      'template: template:1:3: executing "template" at <eq .Labels .Labels>: error calling eq: non-comparable type map[workload:lift-status workspace:ski]: map[string]string',
    ],
    [
      '{{ printf 1 }}',
      'template: template:1:10: executing "template" at <1>: expected string; found 1',
    ],
    ['{{ nil }}', 'template: template:1:3: executing "template" at <nil>: nil is not a command'],
    [
      '{{ .ConfigData.DATABASE.password.x }}',
      'template: template:1:14: executing "template" at <.ConfigData.DATABASE.password.x>: nil pointer evaluating interface {}.x',
    ],
    [
      '{{ .Workload.x }}',
      'template: template:1:12: executing "template" at <.Workload.x>: can\'t evaluate field x in type string',
    ],
    [
      '{{ .Labels.workload "a" }}',
      'template: template:1:10: executing "template" at <.Labels.workload>: workload is not a method but has arguments',
    ],
    [
      '{{ "x" | .Workload }}',
      'template: template:1:9: executing "template" at <.Workload>: Workload has arguments but cannot be invoked as function',
    ],
    [
      '{{ 18446744073709551615 }}',
      'template: template:1:3: executing "template" at <18446744073709551615>: 18446744073709551615 overflows int',
    ],
    [
      '{{ len .Labels.nope }}',
      'template: template:1:3: executing "template" at <len .Labels.nope>: error calling len: reflect: call of reflect.Value.Type on zero Value',
    ],
    [
      '{{ define "t" }}{{ .Nope }}{{ end }}{{ template "t" . }}',
      'template: template:1:19: executing "t" at <.Nope>: can\'t evaluate field Nope in type scheduler.dataType',
    ],
    [
      '{{ range $i, $e := 3 }}{{ end }}',
      'template: template:1:19: executing "template" at <3>: can\'t use 3 to iterate over more than one variable',
    ],
  ])('%j fails with Go’s message', (text, message) => {
    const template = parseTemplate(text, sprigLike);
    const error = failure(() => executeTemplate(template, data));
    expect(error.phase).toBe('exec');
    expect(error.message).toBe(message);
  });

  it('stops recursive templates at the maximum template depth', () => {
    const template = parseTemplate(
      '{{ define "a" }}{{ template "a" . }}{{ end }}{{ template "a" . }}',
      sprigLike,
    );
    const error = failure(() => executeTemplate(template, data));
    expect(error.phase).toBe('exec');
    expect(error.message).toBe(
      'template: template:1:28: executing "a" at <{{template "a" .}}>: exceeded maximum template depth (1000)',
    );
  });

  it('stops recursion through nested control structures too', () => {
    const text =
      '{{ define "a" }}{{ range $i := until 1 }}{{ with $ }}{{ if 1 }}{{ template "a" . }}{{ end }}{{ end }}{{ end }}{{ end }}{{ template "a" . }}';
    const error = failure(() => executeTemplate(parseTemplate(text, sprigLike), data));
    expect(error.message).toContain('exceeded maximum template depth');
  });
});
