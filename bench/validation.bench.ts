// `node bench/validation.bench.ts [--large]`: validation cost of hostile input shapes, one JSON
// line per scenario. Each scenario runs in its own process so that peak RSS is its own. Figures,
// not assertions: `floorSeconds` is measured in the same run (parsing the same YAML with the
// `yaml` library alone), so `ratio` shows what validation adds on top of reading the text.
//   validate-configmap-8000-keys  a control plane with one platform ConfigMap of 8,000 keys
//                                 (32,000 with --large), validated and rendered end to end
//   alias-heavy-file              a document whose aliases expand to 9^12 nodes (billion laughs),
//                                 which the loader must refuse without expanding them
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { type EnvironmentSources, type SourceFile } from '../packages/core/src/index.ts';
import { renderEnvironment } from '../packages/core/src/render.ts';

const API = 'apiVersion: scheduler.kalypso.io/v1alpha1';
const large = process.argv.includes('--large');

/** A minimal valid environment plus `extra` files in the environment branch. */
function environment(extra: SourceFile[]): EnvironmentSources {
  return {
    environment: 'dev',
    base: {
      origin: { kind: 'base' },
      files: [
        {
          path: 'main/templates.yaml',
          text: ['reconciler', 'namespace', 'config']
            .map(
              (type) =>
                `${API}\nkind: Template\nmetadata: {name: ${type}}\nspec:\n  type: ${type}\n  manifests: ["name: {{ .DeploymentTargetName }}\\n"]\n`,
            )
            .join('---\n'),
        },
        {
          path: 'main/registration.yaml',
          text: `${API}\nkind: WorkloadRegistration\nmetadata: {name: app}\nspec: {workload: {repo: r, branch: main, path: .}, workspace: team}\n`,
        },
      ],
    },
    controlPlane: {
      origin: { kind: 'environment' },
      files: [
        {
          path: 'dev/objects.yaml',
          text: `${API}\nkind: ClusterType\nmetadata: {name: edge}\nspec: {reconciler: reconciler, namespaceService: namespace, configType: config}\n---\n${API}\nkind: SchedulingPolicy\nmetadata: {name: all}\nspec: {deploymentTargetSelector: {labelSelector: {}}, clusterTypeSelector: {labelSelector: {}}}\n---\n${API}\nkind: GitOpsRepo\nmetadata: {name: dev}\nspec: {repo: https://example.test/gitops, branch: dev, path: .}\n`,
        },
        ...extra,
      ],
    },
    workloads: [
      {
        origin: { kind: 'workload', registration: 'app' },
        files: [
          {
            path: 'app/workload.yaml',
            text: `${API}\nkind: Workload\nmetadata: {name: app}\nspec:\n  deploymentTargets:\n    - {name: api, environment: dev, manifests: {repo: r, branch: dev, path: ./api}}\n`,
          },
        ],
      },
    ],
  };
}

function configMap(keys: number): string {
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: big'];
  lines.push('  labels:', '    platform-config: "true"', 'data:');
  for (let i = 0; i < keys; i++) lines.push(`  KEY_${i}: "value-${i}"`);
  return `${lines.join('\n')}\n`;
}

function aliasBomb(levels: number): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < levels; i++) {
    const [prev, cur] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
    lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
  }
  return `${API}\nkind: SchedulingPolicy\nmetadata: {name: bomb}\nspec:\n  deploymentTargetSelector: {labelSelector: {}}\n  clusterTypeSelector: {labelSelector: {}}\n  laughs:\n${lines.map((l) => `    ${l}`).join('\n')}\n`;
}

interface Scenario {
  readonly file: SourceFile;
  readonly size: Record<string, number>;
  /** True when the run must succeed, false when it must be refused. */
  readonly valid: boolean;
}

const SCENARIOS: Record<string, () => Scenario> = {
  'validate-configmap-8000-keys': () => {
    const keys = large ? 32_000 : 8_000;
    return { file: { path: 'dev/big.yaml', text: configMap(keys) }, size: { keys }, valid: true };
  },
  'alias-heavy-file': () => {
    const levels = large ? 20 : 12;
    return {
      file: { path: 'dev/bomb.yaml', text: aliasBomb(levels) },
      size: { aliasLevels: levels, expandedNodes: 9 ** levels },
      valid: false,
    };
  },
};

/** Best of three, after one warm-up run. */
function timed(work: () => void): number {
  work();
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    work();
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return best;
}

function runScenario(name: string): void {
  const scenario = SCENARIOS[name]!();
  const sources = environment([scenario.file]);
  let outcome = renderEnvironment(sources);
  if (outcome.ok !== scenario.valid)
    throw new Error(
      `scenario ${name}: expected ${scenario.valid ? 'success' : 'refusal'}, got ${outcome.ok ? 'success' : outcome.problems.map((p) => p.message).join('\n')}`,
    );
  const seconds = timed(() => {
    outcome = renderEnvironment(sources);
  });
  // The floor: the `yaml` library parsing the same text (linear duplicate-key handling aside).
  const floorSeconds = timed(() => {
    parseAllDocuments(scenario.file.text, { uniqueKeys: false });
  });
  // For comparison, once: the `yaml` library's own duplicate-key check (every key against every
  // earlier one), which the loader used before it checked duplicates with a set.
  const started = performance.now();
  parseAllDocuments(scenario.file.text, { uniqueKeys: true });
  const quadraticUniqueKeysSeconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      scenario: name,
      ...scenario.size,
      inputBytes: scenario.file.text.length,
      outcome: outcome.ok ? 'valid' : 'refused',
      seconds: round(seconds),
      floorSeconds: round(floorSeconds),
      ratio: floorSeconds > 0 ? round(seconds / floorSeconds) : null,
      quadraticUniqueKeysSeconds: round(quadraticUniqueKeysSeconds),
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

const only = process.argv.find((arg) => arg in SCENARIOS);
if (only) {
  runScenario(only);
} else {
  const self = fileURLToPath(import.meta.url);
  for (const name of Object.keys(SCENARIOS)) {
    const child = spawnSync(process.execPath, [self, name, ...(large ? ['--large'] : [])], {
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
}
