// A small control plane in memory for the use-case tests: `main` (templates and one workload
// registration), environment branches (cluster types, a policy, a config value) and the
// workload, served through the ControlPlaneSources port as plain objects.
import type { ControlPlaneSources, EnvironmentRead, Reporter } from '../ports.ts';
import { renderBaseRepoYaml } from '../promotion/base-repo.ts';
import type { EnvironmentSources } from './environment.ts';
import { sourceFromTree } from './source-ignore.ts';

export const mainYaml = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: flux}
spec:
  type: reconciler
  manifests: ["name: {{ .DeploymentTargetName }}\\n"]
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: ns}
spec:
  type: namespace
  manifests: ["name: {{ .Namespace }}\\n"]
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: cfg}
spec:
  type: config
  manifests: ["{{ toYaml .ConfigData }}"]
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata: {name: app}
spec: {workload: {repo: r, branch: main, path: .}, workspace: team}
`;

/** A main with a Template that is not valid on its own (no manifests). */
export const brokenMainYaml = `${mainYaml}---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: empty}
spec: {type: reconciler}
`;

/** An environment branch; `gitops` adds a GitOpsRepo (`https://github.com/acme/gitops`). */
export function environmentYaml(options: {
  environment: string;
  logLevel?: string;
  clusterType?: string;
  gitops?: string | false;
  /** Schedule only deployment targets of this workspace (default: every target). */
  workspace?: string;
}): string {
  const gitops =
    options.gitops === false
      ? ''
      : `---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: GitOpsRepo
metadata: {name: ${options.environment}}
spec: {repo: ${options.gitops ?? 'https://github.com/acme/gitops'}, branch: ${options.environment}, path: .}
`;
  return `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: ${options.clusterType ?? 'edge'}, labels: {edge: "true"}}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata: {name: all}
spec:
  deploymentTargetSelector: {labelSelector: {${options.workspace ? `matchLabels: {workspace: ${options.workspace}}` : ''}}}
  clusterTypeSelector: {labelSelector: {}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: platform, labels: {platform-config: "true"}}
data: {LOG_LEVEL: ${options.logLevel ?? 'info'}}
${gitops}`;
}

/** The workload: one deployment target per environment named. */
export function workloadYaml(environments: readonly string[]): string {
  const targets = environments
    .map(
      (e) =>
        `    - {name: api-${e}, environment: ${e}, manifests: {repo: r, branch: ${e}, path: .}}`,
    )
    .join('\n');
  return `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: app}
spec:
  deploymentTargets:
${targets}
`;
}

const encoder = new TextEncoder();
const tree = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)]));

export interface MemoryControlPlane {
  /** `main` commits: id → files. */
  main: Record<string, Record<string, string>>;
  /** Environment branches: name → the branch's text and the `main` commit it promotes. */
  environments: Record<string, { yaml: string; promotes: string; head?: string }>;
  /** The workload repository's text. */
  workload: string;
}

/** ControlPlaneSources over `world`; `reads` records every environment read (`env@main`). */
export function memorySources(world: MemoryControlPlane): ControlPlaneSources & {
  reads: string[];
} {
  const reads: string[] = [];
  return {
    reads,
    readCommit: (commit) =>
      Promise.resolve(world.main[commit] === undefined ? undefined : tree(world.main[commit])),
    readEnvironment(environment, at): Promise<EnvironmentRead> {
      const branch = world.environments[environment];
      const read: EnvironmentRead = {
        environment,
        environmentHead: undefined,
        baseCommit: undefined,
        sources: undefined,
        problems: [],
      };
      if (!branch) {
        read.problems.push({ message: `the environment branch '${environment}' does not exist` });
        return Promise.resolve(read);
      }
      const commit = at?.mainCommit ?? branch.promotes;
      reads.push(`${environment}@${commit}`);
      const files = world.main[commit] ?? {};
      const sources: EnvironmentSources = {
        environment,
        base: sourceFromTree(tree(files), { path: '.', origin: { kind: 'base' } }),
        controlPlane: {
          origin: { kind: 'environment' },
          files: [
            { path: 'objects.yaml', text: branch.yaml },
            {
              path: 'base-repo.yaml',
              text: renderBaseRepoYaml({
                repo: 'https://github.com/acme/cp',
                branch: 'main',
                path: '.',
                commit,
              }),
            },
          ],
        },
        workloads: [
          {
            origin: { kind: 'workload', registration: 'app' },
            files: [{ path: 'workload.yaml', text: world.workload }],
          },
        ],
      };
      return Promise.resolve({
        ...read,
        environmentHead: branch.head ?? `${environment}-head`,
        baseCommit: commit,
        sources,
      });
    },
    describeCommit: (commit) =>
      Promise.resolve(
        world.main[commit] === undefined
          ? undefined
          : { subject: `Change ${commit.slice(0, 7)}`, author: 'Ana Example' },
      ),
  };
}

/** A reporter that keeps what it is told, for assertions on warnings. */
export function recordingReporter(): Reporter & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    debug: () => undefined,
    info: (m) => lines.push(`info: ${m}`),
    warning: (m) => lines.push(`warning: ${m}`),
    error: (m) => lines.push(`error: ${m}`),
    group: (_title, work) => work(),
  };
}
