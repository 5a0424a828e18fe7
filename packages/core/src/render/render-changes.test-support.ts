// Random changes to a small synthetic fleet, as pull requests and promotions make them: the
// incremental renders (render-key.test.ts, render-index.test.ts) are compared with full ones over them.
import { syntheticFleet } from '../../bench/fleet.ts';
import type { EnvironmentSources } from '../model/environment.ts';

// Its namespace Template also prints a target label no selector reads, so that a label reaches the
// files on its own.
export const FLEET = editFiles(
  syntheticFleet({
    clusterTypes: 6,
    targets: 40,
    policies: 4,
    regions: 3,
    configMaps: 8,
  }),
  'base',
  (text) =>
    text.replace(
      '          workload: {{ .Workload }}\n',
      '          workload: {{ .Workload }}\n          zone: {{ .Labels.zone | quote }}\n',
    ),
);

export type Mutation = { what: string; apply(sources: EnvironmentSources): EnvironmentSources };

export function editFiles(
  sources: EnvironmentSources,
  part: 'base' | 'controlPlane' | 'workloads',
  edit: (text: string) => string,
): EnvironmentSources {
  if (part === 'workloads')
    return {
      ...sources,
      workloads: sources.workloads.map((w) => ({
        ...w,
        files: w.files.map((f) => ({ ...f, text: edit(f.text) })),
      })),
    };
  const source = sources[part];
  return {
    ...sources,
    [part]: { ...source, files: source.files.map((f) => ({ ...f, text: edit(f.text) })) },
  };
}

/** Replaces the n-th match of `pattern` (global) with `to(match)`. */
function nth(pattern: RegExp, n: number, to: (match: string) => string): (text: string) => string {
  return (text) => {
    let i = 0;
    return text.replace(pattern, (match) => (i++ === n ? to(match) : match));
  };
}

/** The random changes a pull request or a promotion makes, each picked with its own random choice. */
export function mutations(random: () => number): Mutation[] {
  const pick = (n: number) => Math.floor(random() * n);
  const tag = () => `r${pick(1000)}`;
  return [
    {
      what: 'a config value',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/KEY_\d+: value-\d+[^\n]*/g, pick(8), (m) => `${m}-${tag()}`),
        ),
    },
    {
      what: 'a multi-line config value',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/memory: \d+Mi/g, pick(8), (m) => `${m}\n    extra: ${tag()}`),
        ),
    },
    {
      what: 'a reconciler template line',
      apply: (s) =>
        editFiles(s, 'base', (t) => t.replace(/interval: \d+s/, `interval: ${pick(90) + 1}s`)),
    },
    {
      what: 'the config template',
      apply: (s) =>
        editFiles(s, 'base', (t) =>
          t.replace('name: platform-config\n', `name: platform-config-${tag()}\n`),
        ),
    },
    {
      what: 'a target label',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/ring: (canary|stable)/g, pick(40), (m) =>
            m.endsWith('canary') ? 'ring: stable' : 'ring: canary',
          ),
        ),
    },
    {
      what: 'a target label no selector reads',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/ring: (canary|stable)(, zone: z\d+)?\}/g, pick(40), (m) =>
            m.replace(/(, zone: z\d+)?\}$/, `, zone: z${pick(3)}}`),
          ),
        ),
    },
    {
      what: 'a target group (its policy)',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/group: g\d+/g, pick(40), () => `group: g${pick(4)}`),
        ),
    },
    {
      what: 'a target manifests path',
      apply: (s) =>
        editFiles(
          s,
          'workloads',
          nth(/path: \.\/t\d+/g, pick(40), (m) => `${m}-${tag()}`),
        ),
    },
    {
      what: 'a cluster type size',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          nth(/size: (large|small)/g, pick(6), (m) =>
            m.endsWith('large') ? 'size: small' : 'size: large',
          ),
        ),
    },
    {
      what: 'a workspace',
      apply: (s) =>
        editFiles(
          s,
          'base',
          nth(/workspace: team-\d+/g, pick(2), () => `workspace: team-${tag()}`),
        ),
    },
    {
      what: 'the promoted commit',
      apply: (s) =>
        editFiles(s, 'controlPlane', (t) =>
          t.replace(/commit: [0-9a-f]{40}/, `commit: ${pick(16).toString(16).repeat(40)}`),
        ),
    },
    {
      what: 'a ConfigSchema',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          (t) =>
            `${t}\n---\napiVersion: scheduler.kalypso.io/v1alpha1\nkind: ConfigSchema\nmetadata:\n  name: schema-${tag()}\n  labels: {size: ${pick(2) ? 'large' : 'small'}}\nspec:\n  schema: '{"type": "object", "properties": {"KEY_${pick(8)}": {"type": "string"}}}'\n`,
        ),
    },
    {
      what: 'a ConfigSchema that rejects a value (the render fails)',
      apply: (s) =>
        editFiles(
          s,
          'controlPlane',
          (t) =>
            `${t}\n---\napiVersion: scheduler.kalypso.io/v1alpha1\nkind: ConfigSchema\nmetadata:\n  name: strict-${tag()}\n  labels: {size: ${pick(2) ? 'large' : 'small'}}\nspec:\n  schema: '{"type": "object", "properties": {"KEY_${pick(8)}": {"type": "integer"}}}'\n`,
        ),
    },
  ];
}

export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let added = 0;

/** The control plane without cluster type `ct-<n>`, or with a new one. */
export function clusterTypeChange(random: () => number) {
  const n = Math.floor(random() * 6);
  const name = `ct-new-${++added}`;
  return [
    (s: EnvironmentSources) =>
      editFiles(s, 'controlPlane', (t) =>
        t
          .split('\n---\n')
          .filter((d) => !(d.includes('kind: ClusterType') && d.includes(`name: ct-${n}\n`)))
          .join('\n---\n'),
      ),
    (s: EnvironmentSources) =>
      editFiles(s, 'controlPlane', (t) =>
        t.replace(
          'kind: ClusterType\n',
          `kind: ClusterType\nmetadata:\n  name: ${name}\n  labels: {region: r${n % 3}, size: small, edge: "false"}\nspec: {reconciler: flux, namespaceService: namespace, configType: config}\n---\napiVersion: scheduler.kalypso.io/v1alpha1\nkind: ClusterType\n`,
        ),
      ),
  ];
}
