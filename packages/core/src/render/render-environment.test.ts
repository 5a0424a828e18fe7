import { describe, expect, it } from 'vitest';
import { formatProblem } from '../model/problem.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import { renderEnvironment } from './render-environment.ts';

const templates = (reconciler: string) => `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: flux}
spec:
  type: reconciler
  manifests:
    - ${JSON.stringify(reconciler)}
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
`;

function environment(reconciler: string, extraEnvironment = ''): EnvironmentSources {
  return {
    environment: 'dev',
    base: {
      origin: { kind: 'base' },
      files: [
        { path: 'main/templates.yaml', text: templates(reconciler) },
        {
          path: 'main/registrations.yaml',
          text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata: {name: app}
spec: {workload: {repo: r, branch: main, path: .}, workspace: team}
`,
        },
      ],
    },
    controlPlane: {
      origin: { kind: 'environment' },
      files: [
        {
          path: 'dev/objects.yaml',
          text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: edge, labels: {edge: "true"}}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata: {name: all}
spec:
  deploymentTargetSelector: {labelSelector: {}}
  clusterTypeSelector: {labelSelector: {}}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: GitOpsRepo
metadata: {name: dev}
spec: {repo: https://example.test/gitops, branch: dev, path: clusters/dev}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: BaseRepo
metadata: {name: main}
spec: {repo: https://example.test/cp, branch: main, path: ., commit: "${'a'.repeat(40)}"}
${extraEnvironment}`,
        },
      ],
    },
    workloads: [
      {
        origin: { kind: 'workload', registration: 'app' },
        files: [
          {
            path: 'app/workload.yaml',
            text: `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Workload
metadata: {name: app}
spec:
  deploymentTargets:
    - {name: api, environment: dev, manifests: {repo: r, branch: dev, path: ./api}}
`,
          },
        ],
      },
    ],
  };
}

function problems(sources: EnvironmentSources): string[] {
  const outcome = renderEnvironment(sources);
  expect(outcome.ok).toBe(false);
  return outcome.ok ? [] : outcome.problems.map(formatProblem);
}

describe('renderEnvironment', () => {
  it('renders the files the scheduler owns below GitOpsRepo spec.path, and the tracking file at the root', () => {
    const outcome = renderEnvironment(
      environment('kind: Flux\nname: {{ .DeploymentTargetName }}\n'),
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const text = (path: string) => new TextDecoder().decode(outcome.rendered.files.get(path));
    expect([...outcome.rendered.files.keys()].sort()).toEqual([
      '.github/tracking/Promoted_Commit_Id',
      'clusters/dev/edge/README.md',
      'clusters/dev/edge/app-api/namespace.yaml',
      'clusters/dev/edge/app-api/platform-config.yaml',
      'clusters/dev/edge/app-api/reconciler.yaml',
    ]);
    expect(text('clusters/dev/edge/app-api/platform-config.yaml')).toBe('{}');
    expect(text('clusters/dev/edge/app-api/reconciler.yaml')).toBe('kind: Flux\nname: app-api\n');
    expect(text('clusters/dev/edge/app-api/namespace.yaml')).toBe('name: dev-edge-app-api\n');
  });

  it('is deterministic: the same input gives the same bytes', () => {
    const a = renderEnvironment(environment('{{ hash .Labels }} {{ toJson .Manifests }}'));
    const b = renderEnvironment(environment('{{ hash .Labels }} {{ toJson .Manifests }}'));
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok)
      expect([...a.rendered.files.entries()]).toEqual([...b.rendered.files.entries()]);
  });

  it('fails a self-recursive template with a clear error instead of overflowing the stack', () => {
    const found = problems(
      environment('{{ define "loop" }}{{ template "loop" . }}{{ end }}{{ template "loop" . }}'),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /^main\/templates\.yaml:1: Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*maximum template depth/,
    );
  });

  it('bounds nested re-rendering of output that keeps producing "{{" (D7)', () => {
    // A quine: every execution prints the template itself again.
    const found = problems(
      environment('{{ $s := "{{ $s := %q }}{{ printf $s $s }}" }}{{ printf $s $s }}'),
    );
    expect(found.join('\n')).toContain('nested re-renders');
  });

  it('refuses functions that read the environment, the clock or randomness (D6), naming them', () => {
    const found = problems(environment('{{ env "GITHUB_TOKEN" }} {{ now }}'));
    expect(found.join('\n')).toContain('function "env" not defined');
  });

  it('does not expand a YAML alias bomb in a structured config value', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const config = `---
apiVersion: v1
kind: ConfigMap
metadata: {name: bomb, labels: {platform-config: "true"}}
data:
  BOMB: |
${bomb.map((l) => `    ${l}`).join('\n')}
`;
    const started = performance.now();
    const outcome = renderEnvironment(environment('{{ toYaml .ConfigData }}', config));
    expect(performance.now() - started).toBeLessThan(5_000); // a guard against a hang, not a speed goal
    // go-yaml's alias guard refuses the value, so it stays the verbatim string (model §5.4).
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const rendered = new TextDecoder().decode(
      outcome.rendered.files.get('clusters/dev/edge/app-api/reconciler.yaml'),
    );
    expect(rendered).toMatch(/^BOMB: \|-?\n {4}a: &a /);
    expect(rendered.length).toBeLessThan(10_000);
  });

  it('reports a load-time problem and the failures of every other assignment in one list, and renders nothing', () => {
    // 'large' names a missing Template (found while loading); 'edge' renders a template that
    // fails. Both appear in the same run's error list.
    const found = problems(
      environment(
        '{{ fail "edge reconciler is broken" }}',
        `---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: large}
spec: {reconciler: flux, namespaceService: ns, configType: missing-template}
`,
      ),
    );
    expect(found).toEqual([
      expect.stringMatching(
        /^dev\/objects\.yaml:\d+: ClusterType 'large': Template 'missing-template' \(spec\.configType\) not found/,
      ),
      expect.stringMatching(
        /^main\/templates\.yaml:1: Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*edge reconciler is broken/,
      ),
    ]);
    const second = problems(environment('{{ .Repo }}'));
    expect(second).toEqual([
      expect.stringContaining("can't evaluate field Repo in type scheduler.dataType"),
    ]);
  });
});
