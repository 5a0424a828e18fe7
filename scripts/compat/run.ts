// `npm run compat -- [--seeds N] [--start S] [--oracle PATH] [--operator PATH] [--keep DIR]`: the
// differential test. For each seed, generates a random control plane (scripts/compat/generate.ts),
// renders it with both Go references and with this project's `kalypso render` code path (the
// CLI's own modules, in this process), and compares the GitOps trees byte for byte:
//   - the reference built on the operator's own libraries (sprig 2.22, semver 1.5.0, xstrings
//     1.4.0; --operator or KALYPSO_ORACLE_OPERATOR) decides wherever it renders;
//   - where it cannot (a function only sprig 3 has, or a call its library fails on while sprig 3
//     renders), the template snippets that fail alone on it are judged against the sprig 3.2.3
//     reference (--oracle or KALYPSO_ORACLE) and the rest against the operator's
//     (docs/decisions/sprig3-function-set.md).
// Each disagreement is shrunk to a minimal case and printed with the differing bytes; deliberate,
// documented deviations are counted apart; the last line gives the agreement rate.
//
// Both reference binaries are built outside this repository: the sprig 3 one with Go from Debian
// packages (below), the operator one with the reference's build-operator.sh.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { readEnvironmentSources } from '../../packages/cli/src/environment-input.ts';
import { planOutDir } from '../../packages/cli/src/gitops-dir.ts';
import { caseFiles, caseTags, generateCase, type Case, type Snippet } from './generate.ts';
import { renderCaseWith } from './oracle-render.ts';

interface Outcome {
  readonly ok: boolean;
  /** Error text when !ok; otherwise the tree. */
  readonly error: string;
  readonly tree: Map<string, Buffer>;
}

interface Verdict {
  readonly agree: boolean;
  /** 'same-bytes' | 'both-rejected' | 'bytes-differ' | 'only-oracle-rejects' | 'only-kalypso-rejects' */
  readonly kind: string;
  readonly detail: string;
}

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '200' },
    start: { type: 'string', default: '1' },
    oracle: { type: 'string' },
    operator: { type: 'string' },
    keep: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
  strict: true,
});

const oracle = values.oracle ?? process.env.KALYPSO_ORACLE;
const operator = values.operator ?? process.env.KALYPSO_ORACLE_OPERATOR;
if (!oracle || !existsSync(oracle) || !operator || !existsSync(operator)) {
  const missing = (path: string | undefined, how: string) =>
    path ? (existsSync(path) ? '' : `'${path}' does not exist`) : how;
  console.error(
    [
      `compat: both reference implementations are needed: ${[
        missing(oracle, 'pass --oracle <path> or set KALYPSO_ORACLE (sprig 3)'),
        missing(
          operator,
          "pass --operator <path> or set KALYPSO_ORACLE_OPERATOR (the operator's libraries)",
        ),
      ]
        .filter(Boolean)
        .join('; ')}.`,
      "Build the sprig 3 one (Go 1.19 from Debian packages, no network) as the reference's README says, outside this repository:",
      '  apt-get install -y golang-go golang-gopkg-yaml.v2-dev golang-gopkg-yaml.v3-dev golang-github-masterminds-sprig-dev \\',
      '    golang-github-mitchellh-hashstructure-dev golang-github-xeipuuv-gojsonschema-dev golang-github-json-iterator-go-dev',
      '  (cd <oracle sources> && GOPATH=/usr/share/gocode GO111MODULE=off go build -o /tmp/oracle/oracle .)',
      'The operator one is built by its build-operator.sh from sprig v2.22.0, semver v1.5.0 and xstrings v1.4.0.',
      '  npm run compat -- --oracle /tmp/oracle/oracle --operator <oracle-operator> --seeds 2000',
    ].join('\n'),
  );
  process.exit(2);
}

const seeds = Number(values.seeds);
const start = Number(values.start);
if (!Number.isInteger(seeds) || seeds < 1 || !Number.isInteger(start)) {
  console.error('compat: --seeds and --start take whole numbers (--seeds ≥ 1).');
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'kalypso-compat-'));
let counter = 0;

function writeCase(c: Case): string {
  const dir = join(scratch, `case-${counter++}`);
  for (const [path, text] of caseFiles(c)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function treeOf(root: string): Map<string, Buffer> {
  const tree = new Map<string, Buffer>();
  const visit = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else tree.set(path, readFileSync(join(root, path)));
    }
  };
  if (existsSync(root)) visit('');
  return tree;
}

async function renderOracle(dir: string, binary = oracle!, name = 'oracle'): Promise<Outcome> {
  try {
    const out = await renderCaseWith(binary, dir, name);
    return { ok: true, error: '', tree: treeOf(out) };
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    return { ok: false, error: (e.stderr ?? e.message).trim(), tree: new Map() };
  }
}

async function renderKalypso(dir: string): Promise<Outcome> {
  const out = join(dir, 'out-kalypso');
  mkdirSync(out);
  try {
    const { sources } = await readEnvironmentSources({
      environment: 'dev',
      base: join(dir, 'base'),
      controlPlane: join(dir, 'env'),
      workloads: new Map([['app', join(dir, 'workloads', 'app')]]),
    });
    const outcome = renderEnvironment(sources);
    if (!outcome.ok)
      return { ok: false, error: outcome.problems.map(formatProblem).join('\n'), tree: new Map() };
    await (await planOutDir(out, outcome.rendered.files, outcome.rendered.gitopsPath)).apply();
    return { ok: true, error: '', tree: treeOf(out) };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      tree: new Map(),
    };
  }
}

function compare(a: Outcome, b: Outcome): Verdict {
  if (!a.ok && !b.ok) return { agree: true, kind: 'both-rejected', detail: '' };
  if (!a.ok) return { agree: false, kind: 'only-oracle-rejects', detail: `oracle: ${a.error}` };
  if (!b.ok) return { agree: false, kind: 'only-kalypso-rejects', detail: `kalypso: ${b.error}` };
  const lines: string[] = [];
  for (const path of [...new Set([...a.tree.keys(), ...b.tree.keys()])].sort()) {
    const x = a.tree.get(path);
    const y = b.tree.get(path);
    if (x && y && x.equals(y)) continue;
    if (!x || !y) {
      lines.push(`${path}: only in ${x ? 'oracle' : 'kalypso'}`);
      continue;
    }
    lines.push(`${path}:\n${firstDifference(x.toString('utf8'), y.toString('utf8'))}`);
  }
  return lines.length === 0
    ? { agree: true, kind: 'same-bytes', detail: '' }
    : { agree: false, kind: 'bytes-differ', detail: lines.join('\n') };
}

function firstDifference(a: string, b: string): string {
  const al = a.split('\n');
  const bl = b.split('\n');
  for (let i = 0; i < Math.max(al.length, bl.length); i++) {
    if (al[i] !== bl[i])
      return `  line ${i + 1}\n  oracle : ${JSON.stringify(al[i] ?? '<end>')}\n  kalypso: ${JSON.stringify(bl[i] ?? '<end>')}`;
  }
  return '  (same lines; trailing bytes differ)';
}

/** The outcome of the reference built on the operator's libraries. */
function renderOperator(dir: string): Promise<Outcome> {
  return renderOracle(dir, operator!, 'operator');
}

/** Renders a case with each implementation, keeping (or removing) its folder. */
async function outcomes(
  c: Case,
  which: readonly ('operator' | 'sprig3' | 'kalypso')[],
): Promise<Partial<Record<'operator' | 'sprig3' | 'kalypso', Outcome>>> {
  const dir = writeCase(c);
  try {
    const result: Partial<Record<'operator' | 'sprig3' | 'kalypso', Outcome>> = {};
    for (const w of which)
      result[w] =
        w === 'operator'
          ? await renderOperator(dir)
          : w === 'sprig3'
            ? await renderOracle(dir)
            : await renderKalypso(dir);
    return result;
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}

/** The case with only the template snippets `keep` accepts (the config tail stays). */
function withSnippets(c: Case, keep: (s: Snippet) => boolean): Case {
  return {
    ...structuredClone(c),
    reconciler: c.reconciler.filter(keep),
    config: c.config.filter(keep),
  };
}

/** Snippets that fail alone on the operator's libraries while sprig 3 renders them. */
async function operatorFailingSnippets(c: Case): Promise<Set<string>> {
  const failing = new Set<string>();
  for (const snippet of [...c.reconciler, ...c.config]) {
    if (failing.has(snippet.text)) continue;
    const alone = withSnippets(c, (s) => s === snippet);
    const { operator: op, sprig3 } = await outcomes(alone, ['operator', 'sprig3']);
    if (op && !op.ok && sprig3?.ok) failing.add(snippet.text);
  }
  return failing;
}

/**
 * The verdict for a case: the operator's reference decides where it renders. Where it does not
 * and sprig 3 does, the snippets that fail alone on it are judged against sprig 3 (`kind` then
 * says why: a function the operator does not define, or a call its library fails on) and the
 * others against the operator.
 */
async function judge(c: Case): Promise<Verdict> {
  const all = await outcomes(c, ['operator', 'kalypso']);
  const op = all.operator!;
  const kalypso = all.kalypso!;
  if (op.ok) return compare(op, kalypso);
  const sprig3 = (await outcomes(c, ['sprig3'])).sprig3!;
  if (!sprig3.ok) return compare(op, kalypso);
  const failing = await operatorFailingSnippets(c);
  if (failing.size === 0) return compare(op, kalypso);
  const undefinedFunction = /function "[^"]+" not defined/.test(op.error);
  const rest = withSnippets(c, (s) => !failing.has(s.text));
  const only = withSnippets(c, (s) => failing.has(s.text));
  const restVerdict = compare(...(await pair(rest, 'operator')));
  if (!restVerdict.agree) return restVerdict;
  const onlyVerdict = compare(...(await pair(only, 'sprig3')));
  if (!onlyVerdict.agree) return { ...onlyVerdict, kind: `${onlyVerdict.kind} (sprig 3 decides)` };
  return {
    agree: true,
    kind: undefinedFunction ? 'sprig3-only-function' : 'operator-fails-sprig3-renders',
    detail: '',
  };
}

async function pair(c: Case, reference: 'operator' | 'sprig3'): Promise<[Outcome, Outcome]> {
  const r = await outcomes(c, [reference, 'kalypso']);
  return [r[reference]!, r.kalypso!];
}

/** The arrays of a case whose elements can be removed while shrinking, re-read on each call. */
function shrinkableArrays(c: Case): ((c: Case) => unknown[] | undefined)[] {
  const arrays: ((c: Case) => unknown[] | undefined)[] = [
    (x) => x.reconciler,
    (x) => x.config,
    (x) => x.configTail,
    (x) => x.configMaps,
    (x) => x.policies,
    (x) => x.targets,
    (x) => x.clusterTypes,
  ];
  c.configMaps.forEach((_, i) => arrays.push((x) => x.configMaps[i]?.data));
  c.policies.forEach((_, i) => {
    arrays.push((x) => x.policies[i]?.targets.matchExpressions);
    arrays.push((x) => x.policies[i]?.clusterTypes.matchExpressions);
  });
  return arrays;
}

/** Removes parts of the case while the same kind of disagreement remains (greedy, to a fixpoint). */
async function shrink(c: Case, kind: string): Promise<Case> {
  let best = c;
  for (let round = 0, progress = true; progress && round < 4; round++) {
    progress = false;
    for (const get of shrinkableArrays(best)) {
      for (let i = (get(best)?.length ?? 0) - 1; i >= 0; i--) {
        const candidate = structuredClone(best);
        const list = get(candidate);
        if (!list || i >= list.length) continue;
        list.splice(i, 1);
        const verdict = await judge(candidate);
        if (!verdict.agree && verdict.kind === kind) {
          best = candidate;
          progress = true;
        }
      }
    }
    // Drop label maps and selectors' matchLabels too when they do not matter.
    for (const strip of [
      (x: Case) => x.clusterTypes.forEach((ct) => (ct.labels = {})),
      (x: Case) => x.targets.forEach((t) => (t.labels = {})),
      (x: Case) => x.configMaps.forEach((cm) => (cm.labels = {})),
      (x: Case) => (x.workspace = ''),
    ]) {
      const candidate = structuredClone(best);
      strip(candidate);
      if (JSON.stringify(candidate) === JSON.stringify(best)) continue;
      const verdict = await judge(candidate);
      if (!verdict.agree && verdict.kind === kind) best = candidate;
    }
  }
  return best;
}

/**
 * The class of a shrunk disagreement: its kind plus the features left in it, each reduced to its
 * innermost feature (`if:with:fn:trunc` → `fn:trunc`, `pipe:typeOf|printf` → `fn:typeOf|printf`)
 * and ConfigMap values to their kind.
 */
export function classOf(kind: string, c: Case): string {
  const tags = new Set<string>();
  for (const tag of caseTags(c)) {
    if (tag.startsWith('value:')) tags.add(tag.split(':').slice(0, 2).join(':'));
    else for (const t of innermost(tag)) tags.add(t);
  }
  return `${kind} | ${[...tags].sort().join(' + ') || '(structure only)'}`;
}

/** `if:with:fn:trunc` → [`fn:trunc`]; `define:x` → [`define`, `fn:x`]; `pipe:a|b` → [`fn:a|b`]. */
function innermost(tag: string): string[] {
  const out: string[] = [];
  let t = tag;
  for (;;) {
    const wrapper = /^(if|with|var|define):/.exec(t);
    if (!wrapper) break;
    if (wrapper[1] === 'define') out.push('define');
    t = t.slice(wrapper[0].length);
  }
  if (t.startsWith('pipe:')) t = t.slice(5);
  out.push(/^(fn|printf|range|trim-markers|tail):?/.test(t) ? t : `fn:${t}`);
  return out;
}

function reproducer(c: Case): string {
  const files = caseFiles(c);
  const show = ['base/templates.yaml', 'env/configs.yaml'];
  return show.map((p) => `  --- ${p}\n${files.get(p)!.replace(/^/gm, '    ')}`).join('\n');
}

/**
 * Disagreements that are deliberate: Go's sprig `toJson` prints `""` for a mapping parsed from a
 * config value (its keys are `interface{}`), where the project writes the JSON
 * (docs/decisions/sprig3-function-set.md). A shrunk case whose only template feature left is
 * `toJson` over config data, and whose oracle output holds the empty string, is one of them.
 */
export function deliberateDeviation(key: string, detail: string): string | undefined {
  const features = key.split(' | ')[1]?.split(' + ') ?? [];
  const templateFeatures = features.filter((f) => !f.startsWith('value:'));
  if (
    key.startsWith('bytes-differ') &&
    templateFeatures.length > 0 &&
    templateFeatures.every((f) => /toJson$/.test(f)) &&
    detail.includes('""')
  )
    return 'toJson of structured config values writes JSON where the operator prints "" (docs/decisions/json-of-config-mappings.md)';
  // Go's %p prints a memory address, different on every run of the reference itself: nothing
  // can match it byte for byte (kalypso prints one fixed address).
  if (
    key.startsWith('bytes-differ') &&
    templateFeatures.some((f) => f.startsWith('printf:') && f.includes('%p')) &&
    /oracle : .*0x[0-9a-f]{6,}/.test(detail)
  )
    return 'printf %p of a list, map or pointer: the reference prints a memory address that changes from run to run';
  return undefined;
}

const classes = new Map<string, { count: number; seeds: number[]; example: string }>();
const deliberate = new Map<string, number>();
let agreed = 0;
let bothRejected = 0;
let bySprig3 = 0;
let operatorFails = 0;
for (let seed = start; seed < start + seeds; seed++) {
  const c = generateCase(seed);
  const verdict = await judge(c);
  if (verdict.agree) {
    if (verdict.kind === 'operator-fails-sprig3-renders') {
      // Deliberate: rendered where the operator's library fails (warned, documented).
      operatorFails++;
      continue;
    }
    agreed++;
    if (verdict.kind === 'both-rejected') bothRejected++;
    if (verdict.kind === 'sprig3-only-function') bySprig3++;
    continue;
  }
  const small = await shrink(c, verdict.kind);
  const key = classOf(verdict.kind, small);
  const why = deliberateDeviation(key, (await judge(small)).detail);
  if (why !== undefined) {
    deliberate.set(why, (deliberate.get(why) ?? 0) + 1);
    continue;
  }
  const entry = classes.get(key);
  if (entry) {
    entry.count++;
    if (entry.seeds.length < 10) entry.seeds.push(seed);
    continue;
  }
  const detail = (await judge(small)).detail;
  const example = `${detail}\n${reproducer(small)}`;
  classes.set(key, { count: 1, seeds: [seed], example });
  if (!values.quiet) console.log(`\n### seed ${seed}: ${key}\n${example}`);
}
if (operatorFails > 0)
  deliberate.set(
    "rendered with sprig 3's result where the operator's library fails (trunc with a negative length, …), with a warning (docs/decisions/sprig3-function-set.md)",
    operatorFails,
  );

console.log('\n## Disagreement classes (shrunk)');
for (const [key, entry] of [...classes].sort((a, b) => b[1].count - a[1].count))
  console.log(
    `- ${entry.count} × ${key}  (seeds ${entry.seeds.join(', ')}${entry.count > entry.seeds.length ? ', …' : ''})`,
  );
if (deliberate.size > 0) {
  console.log('\n## Deliberate deviations (not counted as disagreements)');
  for (const [why, count] of deliberate) console.log(`- ${count} × ${why}`);
}
if (!values.keep) rmSync(scratch, { recursive: true, force: true });
else console.log(`cases kept in ${scratch}`);
const deviating = [...deliberate.values()].reduce((a, b) => a + b, 0);
const rate = ((agreed / seeds) * 100).toFixed(2);
const withDeviations = (((agreed + deviating) / seeds) * 100).toFixed(2);
console.log(
  `compat: ${agreed}/${seeds} seeds agree byte for byte (${rate}%; ${bothRejected} rejected by both; ${bySprig3} judged by the sprig 3 reference for sprig-3-only functions), ${deviating} differ only by deliberate deviations (${withDeviations}% agree or deviate deliberately), ${seeds - agreed - deviating} disagree in ${classes.size} classes; seeds ${start}..${start + seeds - 1}`,
);
process.exitCode = agreed + deviating === seeds ? 0 : 1;
