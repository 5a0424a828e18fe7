// `npm run compat:functions -- [--operator PATH] [--sprig3 PATH] [--filter NAME] [--all]`: the
// function audit. Runs every expression of scripts/compat/expressions.ts through the reference
// built on the operator's libraries (sprig 2.22, semver 1.5.0, xstrings 1.4.0), the sprig 3.2.3
// reference and this project, and prints
//   1. the functions whose behaviour differs between the two sprig versions (what a team switching
//      from the operator to a sprig-3 renderer would see), with an example for each input class;
//   2. every expression where the project disagrees with the reference that decides: the operator
//      build where it renders, the sprig-3 build where the operator cannot (a function it does not
//      define, or an error where sprig 3 renders: docs/decisions/sprig3-function-set.md).
// Exit status 1 when (2) is not empty.
//
// The references: --operator / KALYPSO_ORACLE_OPERATOR (default
// /work/shared/tools/oracle/bin/oracle-operator is not assumed; pass it) and --sprig3 /
// KALYPSO_ORACLE (the Debian build, see scripts/compat/run.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblem } from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { templateFunctions } from '@kalypso/gotemplate';
import { readEnvironmentSources } from '../../packages/cli/src/environment-input.ts';
import { CONFIG, EXPRESSIONS } from './expressions.ts';
import { renderCaseWith } from './oracle-render.ts';

const { values } = parseArgs({
  options: {
    operator: { type: 'string' },
    sprig3: { type: 'string' },
    filter: { type: 'string' },
    all: { type: 'boolean', default: false },
    jobs: { type: 'string', default: '2' },
  },
  strict: true,
});

const operator = values.operator ?? process.env.KALYPSO_ORACLE_OPERATOR;
const sprig3 = values.sprig3 ?? process.env.KALYPSO_ORACLE;
for (const [name, path] of [
  ['--operator (KALYPSO_ORACLE_OPERATOR)', operator],
  ['--sprig3 (KALYPSO_ORACLE)', sprig3],
] as const) {
  if (!path || !existsSync(path)) {
    console.error(
      `compat:functions: ${name} must name a reference binary${path ? ` ('${path}' does not exist)` : ''}; see scripts/compat/run.ts for how to build them.`,
    );
    process.exit(2);
  }
}

/** The result of one expression: its output, or `error: …`. */
interface Result {
  readonly ok: boolean;
  readonly text: string;
  /** The operator's library does not define the function. */
  readonly undefinedFunction: boolean;
  readonly warnings: readonly string[];
}

const API = 'scheduler.kalypso.io/v1alpha1';

function caseFiles(expression: string): Map<string, string> {
  const manifest = JSON.stringify(`{{ ${expression} }}`);
  const files = new Map<string, string>();
  files.set(
    'base/templates.yaml',
    `apiVersion: ${API}\nkind: Template\nmetadata:\n  name: reconciler\nspec:\n  type: reconciler\n  manifests:\n    - ${manifest}\n---\napiVersion: ${API}\nkind: Template\nmetadata:\n  name: empty\nspec:\n  type: namespace\n  manifests:\n    - ""\n`,
  );
  files.set(
    'base/registration.yaml',
    `apiVersion: ${API}\nkind: WorkloadRegistration\nmetadata:\n  name: app\nspec:\n  workload:\n    repo: https://git.example/app\n    branch: main\n    path: .\n  workspace: team\n`,
  );
  files.set(
    'env/cluster-type.yaml',
    `apiVersion: ${API}\nkind: ClusterType\nmetadata:\n  name: ct\nspec:\n  reconciler: reconciler\n  namespaceService: empty\n  configType: empty\n`,
  );
  files.set(
    'env/policy.yaml',
    `apiVersion: ${API}\nkind: SchedulingPolicy\nmetadata:\n  name: all\nspec:\n  deploymentTargetSelector:\n    labelSelector: {}\n  clusterTypeSelector:\n    labelSelector: {}\n`,
  );
  files.set(
    'env/config.yaml',
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: platform\n  labels:\n    platform-config: "true"\ndata:\n${Object.entries(
      CONFIG,
    )
      .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`)
      .join('')}`,
  );
  files.set(
    'env/gitops-repo.yaml',
    `apiVersion: ${API}\nkind: GitOpsRepo\nmetadata:\n  name: dev\nspec:\n  repo: https://git.example/gitops\n  branch: dev\n  path: .\n`,
  );
  files.set(
    'workloads/app/workload.yaml',
    `apiVersion: ${API}\nkind: Workload\nmetadata:\n  name: app\nspec:\n  deploymentTargets:\n    - name: t\n      environment: dev\n      labels: {}\n      manifests: {repo: https://git.example/app-gitops, branch: dev, path: ./t}\n`,
  );
  return files;
}

const scratch = mkdtempSync(join(tmpdir(), 'kalypso-compat-functions-'));
let counter = 0;

function writeCase(expression: string): string {
  const dir = join(scratch, `case-${counter++}`);
  for (const [path, text] of caseFiles(expression)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function renderWith(binary: string, dir: string, name: string): Promise<Result> {
  try {
    const out = await renderCaseWith(binary, dir, name);
    return {
      ok: true,
      text: readFileSync(join(out, 'ct', 'app-t', 'reconciler.yaml'), 'utf8'),
      undefinedFunction: false,
      warnings: [],
    };
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    const text = (e.stderr ?? e.message).trim();
    return {
      ok: false,
      text: `error: ${oneLine(text)}`,
      undefinedFunction: /function "[^"]+" not defined/.test(text),
      warnings: [],
    };
  }
}

async function renderProject(dir: string): Promise<Result> {
  try {
    const { sources } = await readEnvironmentSources({
      environment: 'dev',
      base: join(dir, 'base'),
      controlPlane: join(dir, 'env'),
      workloads: new Map([['app', join(dir, 'workloads', 'app')]]),
    });
    const outcome = renderEnvironment(sources);
    const warnings = outcome.warnings.map((w) => oneLine(formatProblem(w)));
    if (!outcome.ok)
      return {
        ok: false,
        text: `error: ${oneLine(outcome.problems.map(formatProblem).join(' / '))}`,
        undefinedFunction: false,
        warnings,
      };
    const file = [...outcome.rendered.files].find(([path]) => path.endsWith('/reconciler.yaml'));
    return {
      ok: true,
      text: new TextDecoder().decode(file?.[1] ?? new Uint8Array()),
      undefinedFunction: false,
      warnings,
    };
  } catch (error) {
    return {
      ok: false,
      text: `error: ${error instanceof Error ? error.message : String(error)}`,
      undefinedFunction: false,
      warnings: [],
    };
  }
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 220 ? `${flat.slice(0, 217)}...` : flat;
}

function show(r: Result): string {
  const text = r.ok ? JSON.stringify(r.text) : r.text;
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/** Same outcome: identical bytes, or both failed (error texts are each implementation's own). */
function same(a: Result, b: Result): boolean {
  return a.ok === b.ok && (!a.ok || a.text === b.text);
}

interface Row {
  readonly fn: string;
  readonly expression: string;
  readonly operator: Result;
  readonly sprig3: Result;
  readonly project: Result;
}

const selected = EXPRESSIONS.filter(([fn]) => !values.filter || fn === values.filter);
const rows: Row[] = [];
const jobs = Math.max(1, Number(values.jobs));
let next = 0;
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (next < selected.length) {
      const [fn, expression] = selected[next++]!;
      const dir = writeCase(expression);
      const [op, s3] = await Promise.all([
        renderWith(operator!, dir, 'operator'),
        renderWith(sprig3!, dir, 'sprig3'),
      ]);
      const project = await renderProject(dir);
      rows.push({ fn, expression, operator: op, sprig3: s3, project });
      rmSync(dir, { recursive: true, force: true });
    }
  }),
);
rmSync(scratch, { recursive: true, force: true });
rows.sort(
  (a, b) =>
    EXPRESSIONS.indexOf(EXPRESSIONS.find((e) => e[1] === a.expression)!) -
    EXPRESSIONS.indexOf(EXPRESSIONS.find((e) => e[1] === b.expression)!),
);

// Every deterministic function of the project's table is probed at least once.
const probed = new Set(selected.map(([fn]) => fn));
const unprobed = values.filter
  ? []
  : [...templateFunctions.keys()].filter((name) => !probed.has(name) && !/^must/.test(name));

const escape = (s: string) => s.replaceAll('|', '\\|');

/** The reference that decides for a row, and why. */
function decidingReference(row: Row): { result: Result; by: string } {
  if (row.operator.undefinedFunction)
    return { result: row.sprig3, by: 'sprig 3 (operator: not defined)' };
  if (!row.operator.ok && row.sprig3.ok)
    return { result: row.sprig3, by: 'sprig 3 (operator fails; kept rendering, warned)' };
  return { result: row.operator, by: 'operator' };
}

const changed = new Map<string, Row[]>();
const sprig3Only = new Set<string>();
for (const row of rows) {
  if (row.operator.undefinedFunction) {
    sprig3Only.add(row.fn);
    continue;
  }
  if (!same(row.operator, row.sprig3)) changed.set(row.fn, [...(changed.get(row.fn) ?? []), row]);
}

console.log(`# Function audit: ${rows.length} expressions, ${probed.size} functions`);
console.log(
  '\n## Functions whose behaviour differs between sprig 2.22 (operator) and sprig 3.2.3\n',
);
console.log('| function | expression | operator (sprig 2.22) | sprig 3.2.3 | project |');
console.log('| --- | --- | --- | --- | --- |');
for (const [fn, list] of [...changed].sort((a, b) => a[0].localeCompare(b[0]))) {
  for (const row of values.all ? list : list.slice(0, 4))
    console.log(
      `| \`${fn}\` | \`${escape(row.expression)}\` | ${escape(show(row.operator))} | ${escape(show(row.sprig3))} | ${escape(show(row.project))} |`,
    );
  if (!values.all && list.length > 4)
    console.log(`| \`${fn}\` | … ${list.length - 4} more | | | |`);
}
console.log(`\nsprig-3-only functions probed: ${[...sprig3Only].sort().join(', ') || 'none'}`);

/**
 * The deliberate deviation: a JSON function writes a mapping parsed from config as JSON where the
 * operator prints "" (docs/decisions/json-of-config-mappings.md), and the project warns.
 */
const jsonDeviation = (row: Row): boolean =>
  row.operator.ok &&
  row.operator.text === '' &&
  row.project.ok &&
  row.project.warnings.some((w) => w.includes('received a mapping parsed from a config value'));
/**
 * Functions both references leave out that the project keeps: `durationRound` reads the clock
 * only for a time value, which no template can produce without the excluded date functions
 * (docs/decisions/no-environment-in-templates.md); it is sprig 3 only, so it is warned about.
 */
const KEPT_HERE = new Set(['durationRound']);
const keptHere = (row: Row): boolean =>
  KEPT_HERE.has(row.fn) && !row.operator.ok && !row.sprig3.ok && row.project.ok;
const isDeliberate = (row: Row): boolean => jsonDeviation(row) || keptHere(row);
const deliberate = rows.filter(
  (row) => !same(decidingReference(row).result, row.project) && isDeliberate(row),
);
const wrong = rows.filter(
  (row) => !same(decidingReference(row).result, row.project) && !isDeliberate(row),
);
/** Rendered where the operator fails: the project must say so. */
const unwarned = rows.filter(
  (row) =>
    !row.operator.ok &&
    !row.operator.undefinedFunction &&
    row.sprig3.ok &&
    row.project.ok &&
    !row.project.warnings.some((w) => w.includes('fails on the Kalypso operator')),
);
console.log(`\n## Project disagreements with the deciding reference: ${wrong.length}\n`);
for (const row of wrong) {
  const { result, by } = decidingReference(row);
  console.log(`- \`${row.expression}\`\n  ${by}: ${show(result)}\n  project: ${show(row.project)}`);
}
console.log(
  `\n## Deliberate deviations: ${deliberate.length} (JSON of config mappings; durationRound kept)\n`,
);
for (const row of deliberate) console.log(`- \`${row.expression}\``);
if (unwarned.length > 0) {
  console.log(`\n## Rendered where the operator fails, without a warning: ${unwarned.length}\n`);
  for (const row of unwarned) console.log(`- \`${row.expression}\``);
}
if (unprobed.length > 0) console.log(`\nfunctions not probed: ${unprobed.join(', ')}`);
console.log(
  `\ncompat:functions: ${rows.length - wrong.length - deliberate.length}/${rows.length} expressions agree with the deciding reference, ${deliberate.length} deviate deliberately, ${wrong.length} disagree, ${unwarned.length} render where the operator fails without a warning; ${changed.size} functions differ between sprig 2.22 and sprig 3.2.3; ${sprig3Only.size} sprig-3-only functions probed`,
);
process.exitCode = wrong.length === 0 && unwarned.length === 0 && unprobed.length === 0 ? 0 : 1;
