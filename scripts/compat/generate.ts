// Random control planes for the differential test (`npm run compat`), from a seed: templates
// mixing actions, pipelines, variables, sprig functions and printf verbs; ConfigMap values that
// look like YAML 1.1 scalars; scheduling policies using every selector operator. The case is a
// plain data model so the runner can shrink a disagreement by removing parts of it.
//
// Excluded on purpose: `range` over an integer and `{{ else with }}` (Go 1.22+/1.23+, which the
// original's Go 1.25 accepts and the Go 1.19 reference rejects), functions reading the clock,
// the environment or randomness, and inputs large enough to hit a budget.

/** A deterministic pseudo-random generator (mulberry32). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A piece of template text with a tag naming the feature it exercises. */
export interface Snippet {
  readonly tag: string;
  readonly text: string;
}

export interface Requirement {
  readonly key: string;
  readonly operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  readonly values: string[];
}

export interface Selector {
  matchLabels: Record<string, string>;
  matchExpressions: Requirement[];
}

export interface Case {
  seed: number;
  clusterTypes: { name: string; labels: Record<string, string> }[];
  targets: { name: string; labels: Record<string, string> }[];
  workspace: string;
  policies: { name: string; workspace?: string; targets: Selector; clusterTypes: Selector }[];
  configMaps: { name: string; labels: Record<string, string>; data: [string, string][] }[];
  reconciler: Snippet[];
  config: Snippet[];
  /** How the config template emits `.ConfigData`. */
  configTail: Snippet[];
}

const LABEL_VALUES: Record<string, string[]> = {
  region: ['east', 'west', 'north'],
  size: ['small', 'large'],
  ring: ['canary', 'stable'],
  tier: ['web', 'db'],
};

/** ConfigMap values: YAML 1.1 look-alikes, structured values, odd strings. */
const CONFIG_VALUES: readonly [string, string][] = [
  ['yaml11-bool', 'yes'],
  ['yaml11-bool', 'no'],
  ['yaml11-bool', 'on'],
  ['yaml11-bool', 'Off'],
  ['yaml11-bool', 'y'],
  ['yaml11-bool', 'N'],
  ['yaml11-bool', 'True'],
  ['yaml11-bool', 'FALSE'],
  ['yaml11-null', '~'],
  ['yaml11-null', 'null'],
  ['yaml11-null', 'NULL'],
  ['yaml11-int', '0x1F'],
  ['yaml11-int', '0o17'],
  ['yaml11-int', '017'],
  ['yaml11-int', '1_000'],
  ['yaml11-int', '+12'],
  ['yaml11-int', '-0'],
  ['yaml11-int', '0b101'],
  ['yaml11-sexagesimal', '12:30:00'],
  ['yaml11-sexagesimal', '190:20:30'],
  ['yaml11-float', '1e3'],
  ['yaml11-float', '1.5e-3'],
  ['yaml11-float', '.inf'],
  ['yaml11-float', '-.Inf'],
  ['yaml11-float', '.NaN'],
  ['yaml11-float', '0.'],
  ['yaml11-float', '3.14'],
  ['yaml11-float', '1_000.5'],
  ['yaml11-date', '2001-12-14'],
  ['yaml11-date', '2001-12-14t21:59:43.10-05:00'],
  ['number', '42'],
  ['number', '007'],
  ['number', '2.50'],
  ['string', 'plain text'],
  ['string', 'has: colon'],
  ['string', 'ends with colon:'],
  ['string', '#not a comment'],
  ['string', ' leading space'],
  ['string', 'trailing space '],
  ['string', 'tab\there'],
  ['string', 'café ☕ 🚀'],
  ['string', '"double quoted"'],
  ['string', "'single quoted'"],
  ['string', "it's"],
  ['string', '@at'],
  ['string', '`backtick'],
  ['string', '*star'],
  ['string', '&anchor'],
  ['string', '!tag'],
  ['string', '%percent'],
  ['string', '- dash'],
  ['string', '-'],
  ['string', '? question'],
  ['string', '[not, a, list'],
  ['string', '{not: closed'],
  ['string', '<>'],
  ['string', ''],
  ['string', ' '],
  ['multiline', 'line one\nline two\n'],
  ['multiline', 'line one\nline two'],
  ['multiline', '\nleading newline'],
  ['multiline', 'trailing newlines\n\n'],
  ['structured-map', 'a: 1\nb: [x, y]\nc: {d: true}\n'],
  ['structured-map', 'enabled: yes\nport: 0x50\nname: ~\n'],
  ['structured-map', 'nested:\n  deeper:\n    value: "quoted"\n'],
  ['structured-map', 'x: 1.0\ny: 1e3\nz: 12:30\n'],
  ['structured-list', '- a\n- 2\n- true\n'],
  ['structured-list', '[1, two, 3.0, null]'],
  ['structured-list', '- {k: v}\n- [n]\n'],
  ['structured-flow', '{a: b, c: d}'],
  ['structured-invalid', 'a: [unclosed'],
];

const STRING_ARGS: readonly string[] = [
  '.DeploymentTargetName',
  '.ClusterType',
  '.Environment',
  '.Workspace',
  '.Namespace',
  '.Workload',
  '"Hello, World"',
  '"  padded  "',
  '"a-b_c d.e"',
  '"İstanbul ǅemal"',
  '"ünïcödé ☕"',
  '""',
  '"x"',
  '"camelCaseString"',
  '"snake_case_string"',
  '"with\\nnewline"',
  '"tab\\tchar"',
  '"1.5"',
  '"42"',
];

const NUMBER_ARGS: readonly string[] = [
  '0',
  '1',
  '-7',
  '42',
  '3.5',
  '-0.25',
  '1e3',
  '100000',
  '2.0',
  '0.1',
];

const ANY_ARGS: readonly string[] = [
  ...STRING_ARGS,
  ...NUMBER_ARGS,
  'true',
  'false',
  'nil',
  '(list 1 "two" 3.5)',
  '(list)',
  '(dict "b" 2 "a" "x")',
  '(dict)',
  '.Labels',
  '.Manifests',
  '(add 1 2)',
  '(until 3)',
  '(splitList "," "a,b,c")',
  '(sortAlpha (list "b" "a"))',
  '(keys (dict "k" 1))',
  '(div 7 2)',
  '(float64 3)',
  '(int64 5)',
  '(atoi "12")',
  '(semver "1.2.3-beta.1")',
  '(list nil 1)',
];

const VERBS: readonly string[] = [
  '%v',
  '%+v',
  '%#v',
  '%T',
  '%d',
  '%5d',
  '%-5d|',
  '%05d',
  '%+d',
  '%x',
  '%X',
  '%#x',
  '%o',
  '%O',
  '%b',
  '%c',
  '%U',
  '%08U',
  '%q',
  '%#q',
  '%s',
  '%10s|',
  '%-10s|',
  '%.2s',
  '%e',
  '%E',
  '%f',
  '%.2f',
  '%8.3f',
  '%g',
  '%G',
  '%#g',
  '%t',
  '%p',
  '%z',
  '%!',
  '%.3T',
  '%%',
  '%[1]v',
  '%[2]d',
  '%*d',
  '%v %v',
  '%s=%d',
  '%w',
  '%.2U',
  '%8v',
];

type Fn = (r: Random) => string;

/** Sprig and builtin calls returning something printable; each names its function. */
const CALLS: readonly [string, Fn][] = [
  ['upper', (r) => `upper ${r.pick(STRING_ARGS)}`],
  ['lower', (r) => `lower ${r.pick(STRING_ARGS)}`],
  ['title', (r) => `title ${r.pick(STRING_ARGS)}`],
  ['untitle', (r) => `untitle ${r.pick(STRING_ARGS)}`],
  ['swapcase', (r) => `swapcase ${r.pick(STRING_ARGS)}`],
  ['camelcase', (r) => `camelcase ${r.pick(STRING_ARGS)}`],
  ['snakecase', (r) => `snakecase ${r.pick(STRING_ARGS)}`],
  ['kebabcase', (r) => `kebabcase ${r.pick(STRING_ARGS)}`],
  ['trim', (r) => `trim ${r.pick(STRING_ARGS)}`],
  ['trimAll', (r) => `trimAll "-" ${r.pick(STRING_ARGS)}`],
  ['trimPrefix', (r) => `trimPrefix "dev" ${r.pick(STRING_ARGS)}`],
  ['trimSuffix', (r) => `trimSuffix "a" ${r.pick(STRING_ARGS)}`],
  ['trunc', (r) => `trunc ${r.pick(['3', '-3', '0', '100'])} ${r.pick(STRING_ARGS)}`],
  ['substr', (r) => `substr ${r.int(4)} ${r.pick(['2', '5', '-1'])} ${r.pick(STRING_ARGS)}`],
  ['abbrev', (r) => `abbrev ${r.pick(['5', '8'])} ${r.pick(STRING_ARGS)}`],
  ['initials', (r) => `initials ${r.pick(STRING_ARGS)}`],
  ['wrap', (r) => `wrap 5 ${r.pick(STRING_ARGS)}`],
  ['indent', (r) => `indent ${r.pick(['2', '0'])} ${r.pick(STRING_ARGS)}`],
  ['nindent', (r) => `nindent 4 ${r.pick(STRING_ARGS)}`],
  ['replace', (r) => `replace "a" "A" ${r.pick(STRING_ARGS)}`],
  ['repeat', (r) => `repeat ${r.int(4)} ${r.pick(STRING_ARGS)}`],
  ['plural', (r) => `plural "one" "many" ${r.pick(['0', '1', '2'])}`],
  ['quote', (r) => `quote ${r.pick(ANY_ARGS)}`],
  ['squote', (r) => `squote ${r.pick(ANY_ARGS)}`],
  ['cat', (r) => `cat ${r.pick(ANY_ARGS)} ${r.pick(ANY_ARGS)}`],
  ['contains', (r) => `contains "e" ${r.pick(STRING_ARGS)}`],
  ['hasPrefix', (r) => `hasPrefix "d" ${r.pick(STRING_ARGS)}`],
  ['b64enc', (r) => `b64enc ${r.pick(STRING_ARGS)}`],
  ['b32enc', (r) => `b32enc ${r.pick(STRING_ARGS)}`],
  ['sha256sum', (r) => `sha256sum ${r.pick(STRING_ARGS)}`],
  ['sha1sum', (r) => `sha1sum ${r.pick(STRING_ARGS)}`],
  ['adler32sum', (r) => `adler32sum ${r.pick(STRING_ARGS)}`],
  ['toString', (r) => `toString ${r.pick(ANY_ARGS)}`],
  ['toJson', (r) => `toJson ${r.pick(ANY_ARGS)}`],
  ['toPrettyJson', (r) => `toPrettyJson ${r.pick(ANY_ARGS)}`],
  ['toYaml', (r) => `toYaml ${r.pick(ANY_ARGS)}`],
  ['stringify', (r) => `toYaml (stringify ${r.pick(ANY_ARGS)})`],
  ['typeOf', (r) => `typeOf ${r.pick(ANY_ARGS)}`],
  ['kindOf', (r) => `kindOf ${r.pick(ANY_ARGS)}`],
  [
    'kindIs',
    (r) =>
      `kindIs "${r.pick(['string', 'int', 'slice', 'map', 'float64', 'int64'])}" ${r.pick(ANY_ARGS)}`,
  ],
  [
    'len',
    (r) =>
      `len ${r.pick(['.Labels', '(list 1 2)', '"héllo"', '(dict "a" 1)', '.DeploymentTargetName'])}`,
  ],
  [
    'join',
    (r) =>
      `join "${r.pick([',', ' ', ''])}" ${r.pick(['(list 1 "a" 2.5)', '(splitList "-" .ClusterType)', '(keys .Labels | sortAlpha)'])}`,
  ],
  ['splitList', (r) => `splitList "${r.pick(['-', 'e', ''])}" ${r.pick(STRING_ARGS)}`],
  ['split', (r) => `split "-" ${r.pick(STRING_ARGS)}`],
  [
    'list-ops',
    (r) =>
      `${r.pick(['first', 'last', 'rest', 'initial', 'reverse', 'uniq', 'compact'])} ${r.pick(['(list 3 1 2 1)', '(list)', '(list "" "a" nil)'])}`,
  ],
  ['until', (r) => `until ${r.int(5)}`],
  ['untilStep', (r) => `untilStep ${r.int(3)} ${r.int(9)} ${1 + r.int(3)}`],
  ['seq', (r) => `seq ${1 + r.int(4)}`],
  [
    'arith',
    (r) =>
      `${r.pick(['add', 'sub', 'mul', 'max', 'min'])} ${r.pick(NUMBER_ARGS)} ${r.pick(NUMBER_ARGS)}`,
  ],
  [
    'div',
    (r) => `${r.pick(['div', 'mod'])} ${r.pick(['7', '-7', '9'])} ${r.pick(['2', '3', '-2'])}`,
  ],
  [
    'float-arith',
    (r) =>
      `${r.pick(['addf', 'subf', 'mulf', 'divf'])} ${r.pick(NUMBER_ARGS)} ${r.pick(['2', '0.5', '3'])}`,
  ],
  ['round', (r) => `${r.pick(['floor', 'ceil'])} ${r.pick(NUMBER_ARGS)}`],
  ['round', (r) => `round ${r.pick(NUMBER_ARGS)} ${r.int(3)}`],
  [
    'conversions',
    (r) =>
      `${r.pick(['int', 'int64', 'float64', 'atoi'])} ${r.pick(['"12"', '"3.7"', '"x"', '4.9', 'true'])}`,
  ],
  [
    'config-conversions',
    (r) =>
      `${r.pick(['int', 'int64', 'add1', 'float64', 'toString'])} (index .ConfigData ${r.pick(['"K0"', '"K1"', '"K2"', '"K3"'])})`,
  ],
  [
    'numeric-strings',
    (r) =>
      `${r.pick(['int', 'int64', 'add1', 'max 1'])} ${r.pick(['"08"', '"0800"', '"0x1F"', '"1_000"', '"8.0"', '"+7"', '"-09"'])}`,
  ],
  [
    'semver-range',
    (r) =>
      `semverCompare ${r.pick(['"^0.2.3"', '"<=1.2"', '"<1"', '"~1.2"', '">1.x"', '"!=1.2"', '"1.2 - 1.4"', '">= 1.0, < 2.0"', '"=1.2"'])} ${r.pick(['"0.3.0"', '"1.2.5"', '"1.2.3"', '"0.2.4"', '"2.0.0"', '"1.2.3-beta"'])}`,
  ],
  ['default', (r) => `default ${r.pick(['"fallback"', '7'])} ${r.pick(ANY_ARGS)}`],
  ['empty', (r) => `empty ${r.pick(ANY_ARGS)}`],
  ['coalesce', (r) => `coalesce ${r.pick(ANY_ARGS)} ${r.pick(ANY_ARGS)}`],
  ['ternary', (r) => `ternary "yes" "no" ${r.pick(['true', 'false', '(eq .Environment "dev")'])}`],
  [
    'dict-ops',
    (r) =>
      `${r.pick(['get (dict "a" 1) "a"', 'hasKey .Labels "ring"', 'pluck "a" (dict "a" 1) (dict "a" 2)', 'values (dict "x" 1)', 'omit (dict "a" 1 "b" 2) "a"', 'pick (dict "a" 1 "b" 2) "b"'])}`,
  ],
  [
    'semver',
    (r) =>
      `${r.pick(['(semver "1.2.3").Major', '(semver "2.0.0-rc.1").Prerelease', 'semverCompare ">=1.2" "1.3.0"', '(semver "1.2.3")'])}`,
  ],
  [
    'regex',
    (r) =>
      `${r.pick(['regexMatch "^[a-z]+$"', 'regexFind "[0-9]+"', 'regexReplaceAll "[aeiou]" ', 'regexSplit "-" '])}${r.chance(0.5) ? '' : ' "_"'} ${r.pick(STRING_ARGS)}${r.chance(0.3) ? ' -1' : ''}`,
  ],
  ['hash', (r) => `hash ${r.pick(['.ConfigData', '.Labels', '(dict "a" 1)', '"text"'])}`],
  ['unquote', (r) => `unquote ${r.pick(['"\\"quoted\\""', '"plain"', '"\'single\'"'])}`],
  ['print', (r) => `${r.pick(['print', 'println'])} ${r.pick(ANY_ARGS)} ${r.pick(ANY_ARGS)}`],
  [
    'html-js-urlquery',
    (r) =>
      `${r.pick(['html', 'js', 'urlquery'])} ${r.pick(['"<a href=\'x\'>&</a>"', '.Namespace', '"a b+c"'])}`,
  ],
  [
    'index',
    (r) =>
      `${r.pick(['index .Labels "workload"', 'index (list 1 2 3) 1', 'index .Manifests "repo"'])}`,
  ],
  ['slice', (r) => `slice ${r.pick(['"abcdef" 1 3', '(list 1 2 3) 1'])}`],
  [
    'compare',
    (r) =>
      `${r.pick(['eq', 'ne', 'lt', 'le', 'gt', 'ge'])} ${r.pick(['1 2', '"a" "b"', '2.5 2.5', '.Environment "dev"', '1 1'])}`,
  ],
  ['logic', (r) => `${r.pick(['and', 'or'])} ${r.pick(ANY_ARGS)} ${r.pick(ANY_ARGS)}`],
  ['not', (r) => `not ${r.pick(ANY_ARGS)}`],
  [
    'config-value',
    (r) =>
      `${r.pick(['toString', 'quote', 'toJson', 'typeOf', 'print'])} (index .ConfigData ${r.pick(['"K0"', '"K1"', '"K2"', '"MISSING"'])})`,
  ],
];

function call(r: Random): [string, string] {
  const [tag, make] = r.pick(CALLS);
  return [tag, make(r)];
}

/** One template snippet: an action, a pipeline, a printf, a control structure. */
function snippet(r: Random, depth = 0): Snippet {
  const kind = r.int(depth > 0 ? 6 : 11);
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const [tag, text] = call(r);
      return { tag: `fn:${tag}`, text: `{{ ${text} }}` };
    }
    case 3: {
      const verb = r.pick(VERBS);
      const args = Array.from(
        { length: r.int(3) + (verb.includes(' ') || verb.includes('=') ? 1 : 0) },
        () => r.pick(ANY_ARGS),
      );
      return {
        tag: `printf:${verb}`,
        text: `{{ printf ${JSON.stringify(verb)} ${args.join(' ')} }}`,
      };
    }
    case 4: {
      const [tag, text] = call(r);
      const pipe = r.pick([
        'quote',
        'upper',
        'toString',
        'trim',
        'toJson',
        'len',
        'printf "<%v>"',
        'default "d"',
        'b64enc',
        'indent 2',
      ]);
      return { tag: `pipe:${tag}|${pipe.split(' ')[0]}`, text: `{{ ${text} | ${pipe} }}` };
    }
    case 5: {
      const [tag, text] = call(r);
      return {
        tag: `var:${tag}`,
        text: `{{- $v := ${text} }}{{ $v }}{{ $v = "re" }}[{{ $v }}]`,
      };
    }
    case 6: {
      const inner = snippet(r, depth + 1);
      const cond = r.pick([
        '.Labels.ring',
        '(eq .ClusterType "ct-0")',
        '(index .ConfigData "K0")',
        '(list)',
        '0',
        '""',
        '(dict)',
        '.Workspace',
      ]);
      const alt = r.chance(0.5)
        ? `{{ else if ${r.pick(['true', '.Environment', 'false'])} }}elif`
        : '';
      return {
        tag: `if:${inner.tag}`,
        text: `{{ if ${cond} }}${inner.text}${alt}{{ else }}no{{ end }}`,
      };
    }
    case 7: {
      const inner = snippet(r, depth + 1);
      const value = r.pick([
        '.Labels.tier',
        '.ConfigData',
        '(index .ConfigData "K1")',
        '""',
        '(dict "a" 1)',
      ]);
      return {
        tag: `with:${inner.tag}`,
        text: `{{ with ${value} }}[{{ . }}]${inner.text}{{ else }}none{{ end }}`,
      };
    }
    case 8: {
      const over = r.pick([
        '.Labels',
        '(list "x" 2 3.5)',
        '.ConfigData',
        '(until 3)',
        '(dict "b" 1 "a" 2)',
        '(list)',
        '(splitList "," "a,,b")',
      ]);
      const body = r.pick([
        '{{ $k }}={{ $v }};',
        '{{ $k }}:{{ $v | quote }},',
        '{{ if eq (toString $k) "0" }}{{ continue }}{{ end }}{{ $v }}',
        '{{ $v }}{{ break }}',
        '{{ printf "%v/%T " $k $v }}',
      ]);
      return {
        tag: `range:${body.includes('break') ? 'break' : body.includes('continue') ? 'continue' : 'kv'}`,
        text: `{{ range $k, $v := ${over} }}${body}{{ else }}empty{{ end }}`,
      };
    }
    case 9: {
      return {
        tag: 'trim-markers',
        text: r.pick([
          'a {{- " b " -}} c',
          'x\n  {{- .ClusterType }}\n  {{ .Environment -}}\n  y',
          '{{/* comment */}}z',
          '{{- /* trimmed comment */ -}}\n  w',
        ]),
      };
    }
    default: {
      const [tag, text] = call(r);
      return {
        tag: `define:${tag}`,
        text: `{{ define "part" }}<{{ ${text} }}>{{ end }}{{ template "part" . }}{{ block "blk" . }}b:{{ .Environment }}{{ end }}`,
      };
    }
  }
}

function selector(r: Random, labels: string[]): Selector {
  const sel: Selector = { matchLabels: {}, matchExpressions: [] };
  if (r.chance(0.25)) return sel;
  if (r.chance(0.5)) {
    const key = r.pick(labels);
    sel.matchLabels[key] = r.pick(LABEL_VALUES[key]!);
  }
  const count = r.int(3);
  for (let i = 0; i < count; i++) {
    const key = r.pick(labels);
    const operator = r.pick(['In', 'NotIn', 'Exists', 'DoesNotExist'] as const);
    const values =
      operator === 'In' || operator === 'NotIn'
        ? [...new Set(Array.from({ length: 1 + r.int(2) }, () => r.pick(LABEL_VALUES[key]!)))]
        : [];
    sel.matchExpressions.push({ key, operator, values });
  }
  return sel;
}

function labelsFor(r: Random, keys: string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const key of keys) if (r.chance(0.7)) labels[key] = r.pick(LABEL_VALUES[key]!);
  return labels;
}

export function generateCase(seed: number): Case {
  const r = new Random(seed);
  const clusterTypes = Array.from({ length: 1 + r.int(3) }, (_, i) => ({
    name: `ct-${i}`,
    labels: labelsFor(r, ['region', 'size']),
  }));
  const targets = Array.from({ length: 1 + r.int(3) }, (_, i) => ({
    name: `t${i}`,
    labels: labelsFor(r, ['ring', 'tier']),
  }));
  const policies = Array.from({ length: 1 + r.int(3) }, (_, i) => ({
    name: `policy-${i}`,
    ...(r.chance(0.2) ? { workspace: r.pick(['team-a', 'team-b']) } : {}),
    targets: selector(r, ['ring', 'tier']),
    clusterTypes: selector(r, ['region', 'size']),
  }));
  const configMaps = Array.from({ length: 1 + r.int(3) }, (_, i) => {
    const labels: Record<string, string> = {};
    if (r.chance(0.4)) {
      const key = r.pick(['region', 'size', 'ring', 'tier']);
      labels[key] = r.pick(LABEL_VALUES[key]!);
    }
    // Distinct keys (the Kubernetes API rejects a repeated key), in a random order.
    const keys = ['K0', 'K1', 'K2', 'K3'].filter(() => r.chance(0.5));
    if (keys.length === 0) keys.push(`K${r.int(4)}`);
    const data: [string, string][] = keys.map((key) => [key, r.pick(CONFIG_VALUES)[1]]);
    return { name: `${r.pick(['00', '10', '9', 'a'])}-config-${i}`, labels, data };
  });
  return {
    seed,
    clusterTypes,
    targets,
    workspace: r.pick(['team-a', 'team-b', '']),
    policies,
    configMaps,
    reconciler: Array.from({ length: 1 + r.int(4) }, () => snippet(r)),
    config: Array.from({ length: r.int(3) }, () => snippet(r)),
    configTail: [
      r.pick([
        { tag: 'tail:toYaml', text: '{{- toYaml .ConfigData | nindent 2 }}' },
        { tag: 'tail:stringify', text: '{{- toYaml (stringify .ConfigData) | nindent 2 }}' },
        {
          tag: 'tail:range',
          text: '{{- range $k, $v := .ConfigData }}\n  {{ $k }}: {{ $v | toString | quote }}{{ end }}',
        },
        { tag: 'tail:toJson', text: '  json: {{ toJson .ConfigData | quote }}' },
      ]),
    ],
  };
}

/** Every tag of a case's features (snippets and ConfigMap value kinds), for grouping. */
export function caseTags(c: Case): string[] {
  const tags = new Set<string>();
  for (const s of [...c.reconciler, ...c.config, ...c.configTail]) tags.add(s.tag);
  for (const cm of c.configMaps)
    for (const [, value] of cm.data) {
      const kind = CONFIG_VALUES.find(([, v]) => v === value)?.[0] ?? 'value';
      tags.add(`value:${kind}:${JSON.stringify(value)}`);
    }
  return [...tags].sort();
}

// ---------------------------------------------------------------------------------------------
// Writing a case to disk in the golden-case layout.

const API = 'scheduler.kalypso.io/v1alpha1';

/** The case's files: `base/…`, `env/…`, `workloads/app/…` → text. */
export function caseFiles(c: Case): Map<string, string> {
  const files = new Map<string, string>();
  const q = (s: string) => JSON.stringify(s);
  const labelBlock = (labels: Record<string, string>, indent: string) =>
    Object.entries(labels).length === 0
      ? ' {}'
      : Object.entries(labels)
          .map(([k, v]) => `\n${indent}${k}: ${q(v)}`)
          .join('');
  const block = (text: string, indent: string) =>
    text
      .split('\n')
      .map((line) => (line === '' ? '' : `${indent}${line}`))
      .join('\n');
  const template = (name: string, type: string, body: string) =>
    `apiVersion: ${API}\nkind: Template\nmetadata:\n  name: ${name}\nspec:\n  type: ${type}\n  manifests:\n    - |-\n${block(body, '      ')}\n`;
  files.set(
    'base/templates.yaml',
    [
      template(
        'reconciler',
        'reconciler',
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .DeploymentTargetName }}\ndata:\n  out: |\n    ${c.reconciler.map((s) => s.text).join('\n    ')}\n`,
      ),
      template(
        'namespace',
        'namespace',
        'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: {{ .Namespace }}\n  labels:\n    workspace: {{ .Workspace | quote }}\n',
      ),
      template(
        'config',
        'config',
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: platform-config\n  namespace: {{ .Namespace }}\n  annotations:\n    extra: |\n      ${c.config.map((s) => s.text).join('\n      ')}\ndata:\n${c.configTail.map((s) => s.text).join('\n')}\n`,
      ),
    ].join('---\n'),
  );
  files.set(
    'base/registration.yaml',
    `apiVersion: ${API}\nkind: WorkloadRegistration\nmetadata:\n  name: app\nspec:\n  workload:\n    repo: https://git.example/app\n    branch: main\n    path: .\n${c.workspace ? `  workspace: ${c.workspace}\n` : ''}`,
  );
  files.set(
    'env/cluster-types.yaml',
    c.clusterTypes
      .map(
        (ct) =>
          `apiVersion: ${API}\nkind: ClusterType\nmetadata:\n  name: ${ct.name}\n  labels:${labelBlock(ct.labels, '    ')}\nspec:\n  reconciler: reconciler\n  namespaceService: namespace\n  configType: config\n`,
      )
      .join('---\n'),
  );
  const selectorYaml = (s: Selector, indent: string) => {
    const lines = [`${indent}labelSelector:`];
    if (Object.keys(s.matchLabels).length > 0)
      lines.push(`${indent}  matchLabels:${labelBlock(s.matchLabels, `${indent}    `)}`);
    if (s.matchExpressions.length > 0) {
      lines.push(`${indent}  matchExpressions:`);
      for (const e of s.matchExpressions)
        lines.push(
          `${indent}    - {key: ${e.key}, operator: ${e.operator}${e.values.length ? `, values: [${e.values.map(q).join(', ')}]` : ''}}`,
        );
    }
    if (lines.length === 1) lines[0] += ' {}';
    return lines.join('\n');
  };
  files.set(
    'env/policies.yaml',
    c.policies.length === 0
      ? '# no policies\n'
      : c.policies
          .map(
            (p) =>
              `apiVersion: ${API}\nkind: SchedulingPolicy\nmetadata:\n  name: ${p.name}\nspec:\n  deploymentTargetSelector:\n${p.workspace ? `    workspace: ${p.workspace}\n` : ''}${selectorYaml(p.targets, '    ')}\n  clusterTypeSelector:\n${selectorYaml(p.clusterTypes, '    ')}\n`,
          )
          .join('---\n'),
  );
  files.set(
    'env/configs.yaml',
    c.configMaps.length === 0
      ? '# no config\n'
      : c.configMaps
          .map(
            (cm) =>
              `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${cm.name}\n  labels:\n    platform-config: "true"${labelBlock(cm.labels, '    ').replace(/^ \{\}$/, '')}\ndata:${cm.data.length === 0 ? ' {}' : cm.data.map(([k, v]) => `\n  ${k}: ${q(v)}`).join('')}\n`,
          )
          .join('---\n'),
  );
  files.set(
    'env/gitops-repo.yaml',
    `apiVersion: ${API}\nkind: GitOpsRepo\nmetadata:\n  name: dev\nspec:\n  repo: https://git.example/gitops\n  branch: dev\n  path: .\n`,
  );
  files.set(
    'env/base-repo.yaml',
    `apiVersion: ${API}\nkind: BaseRepo\nmetadata:\n  name: main\nspec:\n  repo: https://git.example/control-plane\n  branch: main\n  path: .\n  commit: 0123456789abcdef0123456789abcdef01234567\n`,
  );
  files.set(
    'workloads/app/workload.yaml',
    `apiVersion: ${API}\nkind: Workload\nmetadata:\n  name: app\nspec:\n  deploymentTargets:${c.targets.length === 0 ? ' []' : ''}\n${c.targets
      .map(
        (t) =>
          `    - name: ${t.name}\n      environment: dev\n      labels:${labelBlock(t.labels, '        ')}\n      manifests: {repo: https://git.example/app-gitops, branch: dev, path: ./${t.name}}`,
      )
      .join('\n')}\n`,
  );
  return files;
}
