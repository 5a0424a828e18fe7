import { describe, expect, it } from 'vitest';
import { GoMap, type GoValue } from '../go/values.ts';
import { data, sprigLike } from './fixtures.test-support.ts';
import { executeTemplate, parseTemplate } from './index.ts';

function render(text: string, dot: GoValue = data): string {
  return executeTemplate(parseTemplate(text, sprigLike), dot);
}

describe('executeTemplate', () => {
  it.each<[string, string, string]>([
    ['plain text', 'hello\n', 'hello\n'],
    ['empty template', '', ''],
    ['comment', '{{/* c */}}', ''],
    ['trimmed comment', 'a \n {{- /* c */ -}} \n b', 'ab'],
    ['trim markers', 'a  \n{{- "x" -}}\n\t b', 'axb'],
    ['no trim without space', '{{ -1 }}', '-1'],
    ['string', '{{ "a\\tb" }}', 'a\tb'],
    ['raw string', '{{ `a\\n` }}', 'a\\n'],
    ['char constant', "{{ 'a' }}", '97'],
    [
      'hex, octal, binary, underscores',
      '{{ 0x1F }} {{ 0o17 }} {{ 017 }} {{ 0b101 }} {{ 1_000 }}',
      '31 15 15 5 1000',
    ],
    ['floats', '{{ 1.5 }} {{ 1e3 }} {{ .5 }} {{ 1e21 }}', '1.5 1000 0.5 1e+21'],
    ['bools', '{{ true }} {{ false }}', 'true false'],
    ['field', '{{ .Namespace }}', 'dev-base-lodge-lift-status-board'],
    ['missing map key', '{{ .Labels.owner }}', '<no value>'],
    ['nil inside a map', '{{ .ConfigData.DATABASE.password }}', '<no value>'],
    ['missing nested key', '{{ .ConfigData.NOT_THERE.child }}', '<no value>'],
    ['map printing', '{{ .ConfigData.DATABASE }}', 'map[host:lifts-db password:<nil> port:5432]'],
    ['list printing', '{{ .ConfigData.ZONES }}', '[north-face summit village]'],
    ['string map printing', '{{ .Labels }}', 'map[workload:lift-status workspace:ski]'],
    ['variables', '{{ $x := "a" }}{{ $x = "b" }}{{ $x }}', 'b'],
    ['declaration prints nothing', '{{ $x := 1 }}', ''],
    [
      '$ inside with',
      '{{ with .Labels }}{{ $.Workload }}/{{ .workspace }}{{ end }}',
      'lift-status/ski',
    ],
    ['variable fields', '{{ $d := .ConfigData.DATABASE }}{{ $d.host }}', 'lifts-db'],
    ['chain on parenthesised pipeline', '{{ (index .ConfigData "DATABASE").host }}', 'lifts-db'],
    [
      'if / else if / else',
      '{{ if eq .Environment "prod" }}p{{ else if eq .Environment "dev" }}d{{ else }}o{{ end }}',
      'd',
    ],
    [
      'if on empty values',
      '{{ if "" }}a{{ end }}{{ if 0 }}b{{ end }}{{ if .ConfigData.EMPTY }}c{{ end }}{{ if .Labels.nope }}d{{ end }}{{ if .ConfigData.DATABASE.password }}e{{ end }}',
      '',
    ],
    [
      'with / else with',
      '{{ with .Labels.nope }}x{{ else with .Workload }}{{ . }}{{ end }}',
      'lift-status',
    ],
    ['with else', '{{ with .ConfigData.EMPTY }}x{{ else }}none{{ end }}', 'none'],
    [
      'range list',
      '{{ range .ConfigData.ZONES }}<{{ . }}>{{ end }}',
      '<north-face><summit><village>',
    ],
    [
      'range index',
      '{{ range $i, $z := .ConfigData.ZONES }}{{ $i }}={{ $z }} {{ end }}',
      '0=north-face 1=summit 2=village ',
    ],
    ['range map sorted', '{{ range $k, $v := .Manifests }}{{ $k }};{{ end }}', 'branch;path;repo;'],
    ['range else', '{{ range .ConfigData.EMPTY }}x{{ else }}empty{{ end }}', 'empty'],
    ['range missing', '{{ range .ConfigData.NONE }}x{{ else }}none{{ end }}', 'none'],
    ['range nil elements', '{{ range .ConfigData.HOLES }}{{ . }},{{ end }}', '<no value>,a,'],
    [
      'range break',
      '{{ range $i, $z := .ConfigData.ZONES }}{{ if eq $i 2 }}{{ break }}{{ end }}{{ $z }};{{ end }}',
      'north-face;summit;',
    ],
    [
      'range continue',
      '{{ range $i, $z := .ConfigData.ZONES }}{{ if eq $i 1 }}{{ continue }}{{ end }}{{ $z }};{{ end }}',
      'north-face;village;',
    ],
    ['range over int', '{{ range 3 }}{{ . }}{{ end }}', '012'],
    [
      'range variable scope ends',
      '{{ range $z := .ConfigData.ZONES }}{{ end }}{{ $ | printf "%T" }}',
      'scheduler.dataType',
    ],
    ['define and template', '{{ define "t" }}[{{ . }}]{{ end }}{{ template "t" "x" }}', '[x]'],
    ['template without data', '{{ define "t" }}{{ . }}{{ end }}{{ template "t" }}', '<no value>'],
    ['block', '{{ block "b" .Workload }}<{{ . }}>{{ end }}', '<lift-status>'],
    ['and/or', '{{ and 1 0 2 }} {{ and 1 2 }} {{ or 0 "" "x" }} {{ or 0 "" }}|', '0 2 x |'],
    ['and/or short-circuit', '{{ or 1 .Nope }} {{ and 0 .Nope }}', '1 0'],
    ['not', '{{ not "" }} {{ not 1 }}', 'true false'],
    [
      'comparisons',
      '{{ eq "b" "a" "b" }} {{ ne 1 2 }} {{ lt 1 2 }} {{ le 2 2 }} {{ gt "b" "a" }} {{ ge 1.5 2.5 }}',
      'true true true true true false',
    ],
    ['eq on a missing key', '{{ eq .Labels.nope "x" }}', 'false'],
    ['len', '{{ len "héllo" }} {{ len .Labels }} {{ len .ConfigData.ZONES }}', '6 2 3'],
    [
      'index',
      '{{ index .Labels "workspace" }}|{{ index .Labels "zz" }}|{{ index .ConfigData "zz" }}|{{ index "abc" 1 }}',
      'ski||<no value>|98',
    ],
    ['nested index', '{{ index .ConfigData "DATABASE" "port" }}', '5432'],
    [
      'slice',
      '{{ slice "abcdef" 1 3 }} {{ slice .ConfigData.ZONES 1 }} {{ slice .ConfigData.ZONES }}',
      'bc [summit village] [north-face summit village]',
    ],
    [
      'print family',
      '{{ print 1 2 "a" 3 }}|{{ println 1 "x" }}|{{ printf "%05.1f" 3.14159 }}',
      '1 2a3|1 x\n|003.1',
    ],
    ['printf with nil', '{{ printf "%v %s" .Labels.nope nil }}', '<nil> %!s(<nil>)'],
    [
      'golden printf',
      '{{ printf "%v|%s|%d" .ConfigData.ZONES .Workload (len .Labels) }}',
      '[north-face summit village]|lift-status|2',
    ],
    ['html', `{{ html "<a href='x'>&\\"" }}`, '&lt;a href=&#39;x&#39;&gt;&amp;&#34;'],
    ['html of no value', '{{ html .Labels.nope }}', '&lt;no value&gt;'],
    ['js', `{{ js "it's <b>=\\n" }}`, "it\\'s \\u003Cb\\u003E\\u003D\\u000A"],
    ['urlquery', '{{ urlquery "a b&c=d/é" }}', 'a+b%26c%3Dd%2F%C3%A9'],
    ['pipeline final argument', '{{ "x" | printf "%s-%s" "a" }}', 'a-x'],
    ['default with missing key', '{{ .ConfigData.COST | default "cc" }}', 'cc'],
    ['functions override builtins', '{{ len "x" }}', 'override'],
  ])('%s', (name, text, expected) => {
    const functions =
      name === 'functions override builtins'
        ? new Map([['len', { arity: 1, call: () => 'override' }]])
        : sprigLike;
    expect(executeTemplate(parseTemplate(text, functions), data)).toBe(expected);
  });

  it('executes a parsed template many times with independent state', () => {
    const t = parseTemplate('{{ $n := .a }}{{ range .l }}{{ $n }}{{ . }}{{ end }}', new Map());
    const run = (a: string): string => executeTemplate(t, GoMap.fromRecord({ a, l: [1n, 2n] }));
    expect([run('x'), run('y'), run('x')]).toEqual(['x1x2', 'y1y2', 'x1x2']);
  });

  it('renders a nil data value', () => {
    expect(render('{{ . }}|{{ .X }}', null)).toBe('<no value>|<no value>');
  });

  it('handles large templates in linear time', () => {
    const text = '{{ .Workload }}-'.repeat(50_000);
    const out = render(text);
    expect(out.length).toBe('lift-status-'.length * 50_000);
  });
});
