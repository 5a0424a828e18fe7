// Each rule breaks one real file of the sample control plane (examples/control-plane) the way a
// user would, and asserts the exact warning (file:line: object: message) that every action and
// `kalypso validate` show.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EnvironmentSources } from '../model/environment.ts';
import type { SourceFile } from '../model/source.ts';
import { formatProblem } from '../model/problem.ts';
import { renderEnvironment } from '../render/render-environment.ts';

// The sample's files, read as the CLI reads them (dot folders left out as main's .sourceignore does).

const root = join(import.meta.dirname, '..', '..', '..', '..', 'examples', 'control-plane');

function filesOf(folder: string): SourceFile[] {
  const out: SourceFile[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (entry.name.startsWith('.')) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else out.push({ path: relative(root, full), text: readFileSync(full, 'utf8') });
    }
  };
  visit(join(root, folder));
  return out;
}

export type Edit = (path: string, text: string) => string | undefined;

/** The sample's sources for one environment, each file passed through `edit` (undefined drops it). */
export function sampleSources(environment: string, edit: Edit = (_, t) => t): EnvironmentSources {
  const apply = (files: SourceFile[]) =>
    files.flatMap((f) => {
      const text = edit(f.path, f.text);
      return text === undefined ? [] : [{ path: f.path, text }];
    });
  return {
    environment,
    base: { origin: { kind: 'base' }, files: apply(filesOf('main')) },
    controlPlane: { origin: { kind: 'environment' }, files: apply(filesOf(environment)) },
    workloads: ['lift-ops', 'guest-services', 'platform-svc'].map((registration) => ({
      origin: { kind: 'workload' as const, registration },
      files: apply(filesOf(`workloads/${registration}`)),
    })),
  };
}

/** Replaces `from` by `to` in the file at `path` (which must contain it). */
export function replaceIn(path: string, from: string, to: string): Edit {
  return (p, text) => {
    if (p !== path) return text;
    if (!text.includes(from)) throw new Error(`${path} does not contain ${JSON.stringify(from)}`);
    return text.replace(from, to);
  };
}

function run(environment: string, edit?: Edit) {
  const outcome = renderEnvironment(sampleSources(environment, edit));
  return {
    ok: outcome.ok,
    warnings: outcome.warnings.map(formatProblem),
    problems: outcome.ok ? [] : outcome.problems.map(formatProblem),
  };
}

const EDGE = 'dev/cluster-types/alps/edge-alps.yaml';
const DEV_CONFIG = 'dev/configs/dev-config.yaml';
const LIFT_POLICY = 'dev/scheduling/lift-ops/lift-control-on-edge.yaml';
const LIFT_WORKLOAD = 'workloads/lift-ops/lift-control.yaml';
const NAMESPACE_TEMPLATE = 'main/templates/namespace.yaml';

describe('lint on the sample control plane', () => {
  it.each(['dev', 'stage', 'prod'])('%s has no warnings', (environment) => {
    expect(run(environment)).toEqual({ ok: true, warnings: [], problems: [] });
  });
});

describe('field typos', () => {
  it('a typo in a required field stays an error and names the key that is there', () => {
    const result = run('dev', replaceIn(EDGE, '  namespaceService:', '  namespaceServce:'));
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      `${EDGE}:13: ClusterType 'edge-alps': 'spec.namespaceService' is required, but found 'namespaceServce'; did you mean 'namespaceService'?`,
    ]);
    expect(result.warnings).toEqual([]); // the error already says it
  });

  it('no follow-on warnings when the only cluster type a policy selects is unreadable', () => {
    const gpu = 'dev/cluster-types/westeurope/gpu-westeu.yaml';
    const result = run('dev', replaceIn(gpu, '  namespaceService:', '  namespaceServce:'));
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(
      /'spec.namespaceService' is required, but found 'namespaceServce'; did you mean 'namespaceService'\?$/,
    );
    expect(result.warnings).toEqual([]);
  });

  it('deploymentTarget: for deploymentTargets: is a warning with did-you-mean', () => {
    const result = run(
      'dev',
      replaceIn(LIFT_WORKLOAD, '  deploymentTargets:', '  deploymentTarget:'),
    );
    expect(result.ok).toBe(true);
    expect(result.warnings).toContain(
      `${LIFT_WORKLOAD}:12: Workload 'lift-control': found 'deploymentTarget' under spec; did you mean 'deploymentTargets'? Workload has no such field, so its value is not used.`,
    );
    // …and what it causes: the lift-ops policies now select nothing.
    expect(result.warnings).toContain(
      `${LIFT_POLICY}:1: SchedulingPolicy 'lift-control-on-edge': selects no deployment target of environment 'dev' (spec.deploymentTargetSelector), so it schedules nothing. No deployment target has the label 'edge'. No deployment target has the label 'purpose'. Check the selector against the targets' labels.`,
    );
  });

  it('an optional field typo is a warning (spec.workspace of a registration)', () => {
    const file = 'main/workloads/lift-ops.yaml';
    const result = run(
      'dev',
      replaceIn(file, '  workspace: lift-ops-team', '  workpace: lift-ops-team'),
    );
    expect(result.warnings).toContain(
      `${file}:11: WorkloadRegistration 'lift-ops': found 'workpace' under spec; did you mean 'workspace'? WorkloadRegistration has no such field, so its value is not used.`,
    );
  });

  it('an unknown field without a near miss lists the known ones', () => {
    const result = run(
      'dev',
      replaceIn(EDGE, '  configType: configmap', '  configType: configmap\n  owner: platform'),
    );
    expect(result.warnings).toEqual([
      `${EDGE}:15: ClusterType 'edge-alps': found 'owner' under spec, a field ClusterType does not have, so its value is not used. Known fields there: reconciler, namespaceService, configType.`,
    ]);
  });

  it('a mis-indented label block (labels at the top level) says where labels belong', () => {
    const result = run(
      'dev',
      replaceIn(
        EDGE,
        'metadata:\n  name: edge-alps\n  labels:',
        'metadata:\n  name: edge-alps\nlabels:',
      ),
    );
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      `${EDGE}:5: ClusterType 'edge-alps': found 'labels' at the top level, where ClusterType does not read it: 'labels' belongs at metadata.labels, so its value is not used. Fix the indentation.`,
    ]);
  });

  it('labels under spec', () => {
    const result = run('dev', replaceIn(EDGE, 'spec:\n', 'spec:\n  labels:\n    tier: edge\n'));
    expect(result.warnings).toEqual([
      `${EDGE}:12: ClusterType 'edge-alps': found 'labels' under spec, where ClusterType does not read it: 'labels' belongs at metadata.labels, so its value is not used. Fix the indentation.`,
    ]);
  });

  it('an unknown kind in Kalypso group is an error with did-you-mean', () => {
    const result = run('dev', replaceIn(EDGE, 'kind: ClusterType', 'kind: Clustertype'));
    expect(result.problems).toContain(
      `${EDGE}:2: Clustertype 'edge-alps': kind 'Clustertype' does not exist in scheduler.kalypso.io (Kubernetes would reject it); did you mean 'ClusterType'? Use one of Environment, BaseRepo, GitOpsRepo, ClusterType, Template, WorkloadRegistration, Workload, SchedulingPolicy, ConfigSchema, DeploymentTarget.`,
    );
  });
});

describe('look-alike API group', () => {
  it('schedular.kalypso.io is skipped as foreign: warned', () => {
    const result = run(
      'dev',
      replaceIn(
        EDGE,
        'scheduler.kalypso.io/v1alpha1\nkind: ClusterType',
        'schedular.kalypso.io/v1alpha1\nkind: ClusterType',
      ),
    );
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      `${EDGE}:1: ClusterType 'edge-alps': apiVersion 'schedular.kalypso.io/v1alpha1' is not Kalypso's API group, so this object is skipped as a foreign kind; did you mean 'apiVersion: scheduler.kalypso.io/v1alpha1'?`,
    ]);
  });

  it('a misspelt kind in a misspelt group', () => {
    const result = run(
      'dev',
      replaceIn(
        EDGE,
        'scheduler.kalypso.io/v1alpha1\nkind: ClusterType',
        'kalypso.io/v1alpha1\nkind: ClusterTyp',
      ),
    );
    expect(result.warnings).toEqual([
      `${EDGE}:1: ClusterTyp 'edge-alps': apiVersion 'kalypso.io/v1alpha1' is not Kalypso's API group, so this object is skipped as a foreign kind; did you mean 'apiVersion: scheduler.kalypso.io/v1alpha1' and kind 'ClusterType'?`,
    ]);
  });
});

describe('platform-config labels that nearly match', () => {
  it.each([
    ['platfrom-config: "true"', 'platfrom-config'],
    ['platform_config: "true"', 'platform_config'],
    ['Platform-Config: "true"', 'Platform-Config'],
  ])('%s', (label, key) => {
    const result = run('dev', replaceIn(DEV_CONFIG, 'platform-config: "true"', label));
    expect(result.warnings).toEqual([
      `${DEV_CONFIG}:7: ConfigMap 'dev-config': label '${key}' is not 'platform-config', so this ConfigMap is not platform config and its data is not used; did you mean 'platform-config: "true"'?`,
    ]);
    // What it causes: the ConfigSchemas now miss the keys this ConfigMap supplied.
    expect(result.problems.join('\n')).toContain('ENVIRONMENT is required');
  });

  it('platform-config: "True"', () => {
    const result = run(
      'dev',
      replaceIn(DEV_CONFIG, 'platform-config: "true"', 'platform-config: "True"'),
    );
    expect(result.warnings).toEqual([
      `${DEV_CONFIG}:7: ConfigMap 'dev-config': label 'platform-config' is 'True', but only the exact string "true" makes a ConfigMap platform config, so its data is not used; write platform-config: "true".`,
    ]);
  });

  it.each(['"false"', '"off"', 'disabled'])(
    'platform-config: %s is deliberate: no warning',
    (value) => {
      const result = run(
        'dev',
        replaceIn(DEV_CONFIG, 'platform-config: "true"', `platform-config: ${value}`),
      );
      expect(result.warnings).toEqual([]);
    },
  );

  it('platform-config: " yes" is a near miss', () => {
    const result = run(
      'dev',
      replaceIn(DEV_CONFIG, 'platform-config: "true"', 'platform-config: " yes"'),
    );
    expect(result.warnings).toEqual([
      `${DEV_CONFIG}:7: ConfigMap 'dev-config': label 'platform-config' is ' yes', but only the exact string "true" makes a ConfigMap platform config, so its data is not used; write platform-config: "true".`,
    ]);
  });

  it('a label block at the top level of a ConfigMap', () => {
    const result = run(
      'dev',
      replaceIn(DEV_CONFIG, '  name: dev-config\n  labels:', '  name: dev-config\nlabels:'),
    );
    expect(result.warnings).toEqual([
      `${DEV_CONFIG}:6: ConfigMap 'dev-config': found a labels block at the top level, where Kubernetes does not read labels, so this ConfigMap is not platform config and its data is not used; move the block under metadata (metadata.labels).`,
    ]);
  });
});

describe('scheduling', () => {
  it('a policy workspace no registration delivers', () => {
    const result = run(
      'dev',
      replaceIn(LIFT_POLICY, 'workspace: lift-ops-team', 'workspace: liftops-team'),
    );
    expect(result.warnings).toEqual([
      `${LIFT_POLICY}:1: SchedulingPolicy 'lift-control-on-edge': spec.deploymentTargetSelector.workspace 'liftops-team' is the workspace of no WorkloadRegistration, so this policy selects nothing; did you mean 'lift-ops-team'? Workspaces delivered here: 'guest-team', 'lift-ops-team', 'platform-team'.`,
      `${LIFT_WORKLOAD}:14: Workload 'lift-control': deployment target 'lift-control-functional-test' is scheduled on no cluster type: no SchedulingPolicy selects it. Its labels: edge=true, family=lifts, purpose=functional-test, type=application, workload=lift-control, workspace=lift-ops-team. Add or fix a SchedulingPolicy whose deploymentTargetSelector matches them.`,
    ]);
  });

  it('a selector key typo: the policy selects no cluster type and the target is scheduled nowhere', () => {
    const result = run(
      'dev',
      replaceIn(LIFT_POLICY, '        - key: region', '        - key: regoin'),
    );
    expect(result.warnings).toEqual([
      `${LIFT_POLICY}:1: SchedulingPolicy 'lift-control-on-edge': selects no cluster type (spec.clusterTypeSelector), so it schedules nothing. No cluster type has the label 'regoin'; did you mean 'region'? Check the selector against the ClusterTypes' metadata.labels.`,
      `${LIFT_WORKLOAD}:14: Workload 'lift-control': deployment target 'lift-control-functional-test' is scheduled on no cluster type: the policies that select it ('lift-control-on-edge') select no cluster type. Its labels: edge=true, family=lifts, purpose=functional-test, type=application, workload=lift-control, workspace=lift-ops-team. Add or fix a SchedulingPolicy whose deploymentTargetSelector matches them.`,
    ]);
  });

  it('a deployment-target label typo', () => {
    const result = run(
      'dev',
      replaceIn(
        LIFT_WORKLOAD,
        '        purpose: functional-test',
        '        purpose: functional-tests',
      ),
    );
    expect(result.warnings).toEqual([
      `${LIFT_POLICY}:1: SchedulingPolicy 'lift-control-on-edge': selects no deployment target of environment 'dev' (spec.deploymentTargetSelector), so it schedules nothing. Check the selector against the targets' labels.`,
      `${LIFT_WORKLOAD}:14: Workload 'lift-control': deployment target 'lift-control-functional-test' is scheduled on no cluster type: no SchedulingPolicy selects it. Its labels: edge=true, family=lifts, purpose=functional-tests, type=application, workload=lift-control, workspace=lift-ops-team. Add or fix a SchedulingPolicy whose deploymentTargetSelector matches them.`,
    ]);
  });
});

describe('rendered output', () => {
  it("'<no value>' in a rendered file", () => {
    const result = run(
      'dev',
      replaceIn(NAMESPACE_TEMPLATE, '{{ .Workload | quote }}', '{{ .Labels.owner }}'),
    );
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      `${NAMESPACE_TEMPLATE}:1: Template 'namespace': the namespace.yaml rendered for deployment target 'lift-control-functional-test' on cluster type 'edge-alps' (and 12 more assignments) contains '<no value>' at line 8: the template reads a field or map key that the assignment does not have. Check the field and key names (e.g. .Manifests.repo, .ConfigData.<key>) or give a default with 'default'.`,
    ]);
  });

  it('a rendered .yaml file that does not parse', () => {
    const result = run(
      'dev',
      replaceIn(NAMESPACE_TEMPLATE, '{{ .Workload | quote }}', '{{ .Workload }}: {{ .Workspace }}'),
    );
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      `${NAMESPACE_TEMPLATE}:1: Template 'namespace': the namespace.yaml rendered for deployment target 'lift-control-functional-test' on cluster type 'edge-alps' (and 12 more assignments) is not valid YAML (line 8: Nested mappings are not allowed in compact mappings), so Flux cannot apply it. Check the indentation (nindent, toYaml) and quoting of the Template.`,
    ]);
  });
});

describe('environment branch files', () => {
  it('missing base-repo.yaml and gitops-repo.yaml', () => {
    const result = run('dev', (p, t) =>
      p === 'dev/base-repo.yaml' || p === 'dev/gitops-repo.yaml' ? undefined : t,
    );
    expect(result.warnings).toEqual([
      `Environment 'dev': the environment branch has no BaseRepo named 'main' (base-repo.yaml at its root, written by cd-promote), so no promoted commit is recorded and the operator would take nothing from main; promote to this environment with cd-promote or add base-repo.yaml.`,
      `Environment 'dev': the environment branch has no GitOpsRepo (gitops-repo.yaml), so there is no GitOps repository and branch to publish to; add gitops-repo.yaml with spec.repo, spec.branch and spec.path.`,
    ]);
  });
});

describe('bounded on hostile input', () => {
  it('thousands of unknown keys give 20 warnings and a count', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => `  extra${i}: x`).join('\n');
    const started = Date.now();
    const result = run(
      'dev',
      replaceIn(EDGE, '  configType: configmap', `  configType: configmap\n${keys}`),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.warnings).toHaveLength(21);
    expect(result.warnings[20]).toBe(
      `${EDGE}:35: ClusterType 'edge-alps': 4980 more unknown or misplaced fields in this object were not listed; compare it with the ClusterType schema (schemas/cluster-type.schema.json).`,
    );
  });

  it('a very long key gets no suggestion and costs nothing', () => {
    const key = `namespaceService${'x'.repeat(900)}`;
    const result = run(
      'dev',
      replaceIn(EDGE, '  configType: configmap', `  configType: configmap\n  ${key}: x`),
    );
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(
      /a field ClusterType does not have, so its value is not used\. Known fields there: reconciler, namespaceService, configType\.$/,
    );
  });
});
