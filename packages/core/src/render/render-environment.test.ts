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
      /^main\/templates\.yaml:7: Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*maximum template depth/,
    );
  });

  it('bounds nested re-rendering of output that keeps producing "{{" (docs/decisions/bounded-nested-rerender.md)', () => {
    // A quine: every execution prints the template itself again.
    const found = problems(
      environment('{{ $s := "{{ $s := %q }}{{ printf $s $s }}" }}{{ printf $s $s }}'),
    );
    expect(found.join('\n')).toContain('nested re-renders');
  });

  it('refuses functions that read the environment, the clock or randomness (docs/decisions/no-environment-in-templates.md), naming them', () => {
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
    // go-yaml's alias guard refuses the value, so it stays the verbatim string (docs/kalypso-compatibility.md#value-parsing).
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
        /^main\/templates\.yaml:7: Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*edge reconciler is broken/,
      ),
    ]);
    const second = problems(environment('{{ .Repo }}'));
    expect(second).toEqual([
      expect.stringContaining('`.Repo` is not a field of the template data'),
    ]);
  });
});

function rendered(sources: EnvironmentSources, options = {}) {
  const outcome = renderEnvironment(sources, options);
  if (!outcome.ok) throw new Error(outcome.problems.map(formatProblem).join('\n'));
  return outcome;
}

describe('warnings: what the original accepts is rendered, and reported', () => {
  it('a Template no ClusterType uses that does not parse (or calls a forbidden function) is a warning', () => {
    const outcome = rendered(
      environment(
        'kind: Flux\n',
        `---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata: {name: leftover}
spec:
  type: reconciler
  manifests: ["{{ now }}", "{{ if }}"]
`,
      ),
    );
    expect(outcome.rendered.files.has('clusters/dev/edge/app-api/reconciler.yaml')).toBe(true);
    expect(outcome.warnings.map((w) => w.severity)).toEqual(['warning', 'warning']);
    expect(outcome.warnings.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^dev\/objects\.yaml:\d+: Template 'leftover': manifest 1 does not parse \(its line 1\): function "now".*no scheduled cluster type uses this Template yet, so nothing failed\.$/,
      ),
      expect.stringMatching(
        /^dev\/objects\.yaml:\d+: Template 'leftover': manifest 2 does not parse/,
      ),
    ]);
  });

  it('a ClusterType nothing is scheduled on that names a missing Template is a warning; once scheduled, an error', () => {
    const unscheduled = `---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: spare}
spec: {reconciler: flux, namespaceService: ns, configType: gone}
`;
    // The policy of the fixture selects every cluster type: narrow it to 'edge' by label.
    const narrowed = (extra: string) => {
      const sources = environment('kind: Flux\n', extra);
      const file = sources.controlPlane.files[0]!;
      const text = file.text.replace(
        'clusterTypeSelector: {labelSelector: {}}',
        'clusterTypeSelector: {labelSelector: {matchLabels: {edge: "true"}}}',
      );
      return { ...sources, controlPlane: { ...sources.controlPlane, files: [{ ...file, text }] } };
    };
    const outcome = rendered(narrowed(unscheduled));
    expect(outcome.warnings.map(formatProblem)).toEqual([
      expect.stringMatching(
        /^dev\/objects\.yaml:\d+: ClusterType 'spare': Template 'gone' \(spec\.configType\) not found: .*Nothing is scheduled on this cluster type/,
      ),
    ]);
    expect(outcome.rendered.files.has('clusters/dev/spare/README.md')).toBe(true);
    const scheduled = renderEnvironment(environment('kind: Flux\n', unscheduled));
    expect(scheduled.ok).toBe(false);
    if (!scheduled.ok)
      expect(scheduled.problems.map(formatProblem)).toEqual([
        expect.stringContaining(
          `ClusterType 'spare': Template 'gone' (spec.configType) not found: templates.scheduler.kalypso.io "gone" not found. Add the Template`,
        ),
      ]);
  });

  it('a WorkloadRegistration whose folder holds no Workload is a warning naming the registration', () => {
    const sources = environment('kind: Flux\n');
    const outcome = rendered({
      ...sources,
      workloads: [{ origin: { kind: 'workload', registration: 'app' }, files: [] }],
    });
    expect(outcome.warnings.map(formatProblem)).toEqual([
      "main/registrations.yaml:1: WorkloadRegistration 'app': no Workload was found at spec.workload.path '.' of r (branch main), so this registration deploys nothing. Check the path and branch, or remove the registration.",
    ]);
    expect(outcome.rendered.assignments).toEqual([]);
  });

  it('one entry name for two environments renders only this environment’s target', () => {
    const sources = environment('name: {{ .DeploymentTargetName }}\n');
    const workload = sources.workloads[0]!;
    const file = workload.files[0]!;
    const text = `${file.text}    - {name: api, environment: prod, manifests: {repo: r, branch: prod, path: ./api}}\n`;
    const outcome = rendered({
      ...sources,
      workloads: [{ ...workload, files: [{ ...file, text }] }],
    });
    expect(outcome.warnings).toEqual([]);
    expect(outcome.rendered.targets.map((t) => `${t.name}@${t.entry.environment}`)).toEqual([
      'app-api@dev',
    ]);
  });
});

describe('all problems at once', () => {
  it('a YAML syntax error in one file does not hide a failing template of another assignment', () => {
    const sources = environment('{{ fail "boom in edge" }}');
    const broken = { path: 'dev/broken.yaml', text: 'apiVersion: v1\nkind: ConfigMap\n  bad: [\n' };
    const found = problems({
      ...sources,
      controlPlane: { ...sources.controlPlane, files: [...sources.controlPlane.files, broken] },
    });
    expect(found.length).toBeGreaterThanOrEqual(2);
    expect(found.slice(0, -1).every((p) => p.startsWith('dev/broken.yaml:'))).toBe(true);
    expect(found[0]).toMatch(/^dev\/broken\.yaml:2: YAML syntax error/);
    expect(found.at(-1)).toMatch(
      /^main\/templates\.yaml:7: Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed: .*boom in edge/,
    );
  });
});

describe('output budget per environment', () => {
  it('stops with an error naming the environment, target, cluster type and Templates', () => {
    const outcome = renderEnvironment(environment('{{ repeat 5000 "abcdefghij" }}'), {
      limits: { maxOutputBytes: 20_000 },
    });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map(formatProblem)).toEqual([
      "app/workload.yaml:6: Assignment of deployment target 'app-api' on cluster type 'edge': the rendered GitOps files of environment 'dev' exceed the output budget of 20000 bytes with this assignment (Templates 'flux', 'ns', 'cfg'); rendering stopped. Look for a template or config value that produces runaway output (repeat, range, nested values), or raise the output limit.",
    ]);
    // Within the budget the same environment renders.
    expect(
      renderEnvironment(environment('{{ repeat 500 "abcdefghij" }}'), {
        limits: { maxOutputBytes: 20_000 },
      }).ok,
    ).toBe(true);
  });
});

describe('names that would leave the GitOps tree', () => {
  it('never renders an object whose name is not a Kubernetes name', () => {
    const found = problems(
      environment(
        'kind: Flux\n',
        `---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: "../../../../tmp/pwned"}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
`,
      ),
    );
    expect(found).toEqual([
      expect.stringContaining(
        "ClusterType '../../../../tmp/pwned': metadata.name '../../../../tmp/pwned' is invalid",
      ),
    ]);
  });
});

describe('template errors point at the line of the file', () => {
  it('a line inside a `|` manifest block is the line of the Template file (manifest 2, line 3 → 12)', () => {
    const sources = environment('X');
    const text = templates('X').replace(
      '    - "X"\n',
      '    - |\n      kind: Flux\n    - |\n      kind: Kustomization\n      metadata:\n        name: {{ .Nope }}\n',
    );
    const found = problems({
      ...sources,
      base: {
        ...sources.base,
        files: [{ path: 'main/templates.yaml', text }, ...sources.base.files.slice(1)],
      },
    });
    expect(found).toEqual([
      "main/templates.yaml:12: Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed (manifest 2): at line 3, column 11 of the manifest: `.Nope` is not a field of the template data (its fields are .DeploymentTargetName, .Namespace, .Environment, .Workspace, .Workload, .Labels, .Manifests, .ClusterType, .ConfigData). Fix the template or the data it reads.",
    ]);
  });

  it('a manifest that does not parse: its line in the file, without Go’s prefix', () => {
    const sources = environment('X');
    const text = templates('X').replace(
      '    - "X"\n',
      '    - |\n      kind: Flux\n      name: {{ if }}\n',
    );
    expect(
      problems({
        ...sources,
        base: {
          ...sources.base,
          files: [{ path: 'main/templates.yaml', text }, ...sources.base.files.slice(1)],
        },
      }),
    ).toEqual([
      "main/templates.yaml:9: Template 'flux': manifest 1 does not parse (its line 2): missing value for if. Fix the template.",
    ]);
  });
});

describe('ConfigSchema violations', () => {
  it('name the ConfigMaps that supplied the failing value, and the value, after gojsonschema’s lines', () => {
    const found = problems(
      environment(
        'kind: x\n',
        `---
apiVersion: v1
kind: ConfigMap
metadata: {name: a-defaults, labels: {platform-config: "true"}}
data: {REPLICAS: "2"}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: b-edge, labels: {platform-config: "true"}}
data: {REPLICAS: three}
---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: ConfigSchema
metadata: {name: sizes}
spec:
  schema: '{"type": "object", "required": ["REGION"], "properties": {"REPLICAS": {"type": "integer"}}}'
`,
      ),
    );
    expect(found).toEqual([
      "dev/objects.yaml:31: Assignment of deployment target 'app-api' on cluster type 'edge': Config data validation failed: \n" +
        ' - REGION is required\n' +
        '- REPLICAS: Invalid type. Expected: integer, given: string\n' +
        "REPLICAS = \"three\" comes from ConfigMap 'b-edge' (dev/objects.yaml:31), overriding ConfigMap 'a-defaults' (dev/objects.yaml:26)\n" +
        'The deployment target is defined at app/workload.yaml:6.\n' +
        "ConfigSchema 'sizes' (dev/objects.yaml:33) rejects the config data. To fix it, add REGION to a platform-config ConfigMap that applies to this assignment, or drop it from the schema's \"required\"; REPLICAS (Invalid type. Expected: integer, given: string): change it in ConfigMap 'b-edge' (dev/objects.yaml:31) to a value the schema accepts — or change the schema.",
    ]);
  });
});

describe('where the render differs from the operator’s, a warning names the Template, file and line', () => {
  const config = (value: string) => `---
apiVersion: v1
kind: ConfigMap
metadata: {name: platform, labels: {platform-config: "true"}}
data: {MAP: ${JSON.stringify(value)}}
`;
  const warningsOf = (sources: EnvironmentSources) => {
    const outcome = renderEnvironment(sources);
    expect(outcome.ok).toBe(true);
    return { outcome, warnings: outcome.warnings.map(formatProblem) };
  };
  const reconciler = (outcome: ReturnType<typeof renderEnvironment>) =>
    outcome.ok
      ? new TextDecoder().decode(
          outcome.rendered.files.get('clusters/dev/edge/app-api/reconciler.yaml'),
        )
      : '';

  it('toJson of a mapping from config writes the JSON and warns that the operator printed ""', () => {
    const { outcome, warnings } = warningsOf(
      environment('a: 1\njson: {{ toJson .ConfigData.MAP }}\n', config('k: v\n')),
    );
    expect(reconciler(outcome)).toBe('a: 1\njson: {"k":"v"}\n');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^main\/templates\.yaml:7: Template 'flux': manifest 1: `toJson` received a mapping parsed from a config value\. The operator's toJson prints "" for it .* \(seen rendering deployment target 'app-api' on cluster type 'edge'\)$/,
      ),
    ]);
  });

  it('when the JSON text breaks the nested re-render, the manifest renders as on the operator, with a warning', () => {
    // The operator prints "" for the mapping, so its output has no "{{" and renders. The JSON
    // text holds `{{ \"x\" }}`, which does not parse when re-rendered.
    const { outcome, warnings } = warningsOf(
      environment('json: "{{ toJson .ConfigData.MAP }}"\n', config('k: \'{{ "x" }}\'\n')),
    );
    expect(reconciler(outcome)).toBe('json: ""\n');
    expect(warnings).toEqual([
      expect.stringMatching(
        /Template 'flux': manifest 1: the JSON `toJson` writes for a mapping parsed from a config value made this manifest fail \(.*nested re-render 1.*\); it was rendered as the operator renders it instead/,
      ),
    ]);
  });

  it('a negative trunc renders (sprig 3) and warns that the operator fails', () => {
    const { outcome, warnings } = warningsOf(environment('name: {{ trunc -3 "abcdef" }}\n'));
    expect(reconciler(outcome)).toBe('name: def\n');
    expect(warnings).toEqual([
      expect.stringContaining(
        "main/templates.yaml:7: Template 'flux': manifest 1: `trunc` renders here but fails on the Kalypso operator: the operator's sprig 2.22 fails on a negative length",
      ),
    ]);
  });

  it('a sprig-3-only function warns that the operator cannot parse the Template, naming a replacement', () => {
    const { warnings } = warningsOf(
      environment('a: 1\n{{ if false }}{{ get (dict "a" 1) "a" }}{{ get .Labels "x" }}{{ end }}\n'),
    );
    expect(warnings).toEqual([
      'main/templates.yaml:7: Template \'flux\': manifest 1 calls `get` (2 times in this Template), a sprig 3 function the Kalypso operator\'s sprig 2.22 does not have: this Template would not render on the operator (function "get" not defined). It renders here; use `index` (it prints <no value> instead of "" for a missing key: wrap it in `default ""`) if the operator must still render this control plane.',
    ]);
  });

  it('a failure in a nested re-render names the manifest, the round and the output line', () => {
    const found = problems(environment('x: {{ .ConfigData.MAP }}\n', config('{{ .Nope }}')));
    expect(found).toEqual([
      expect.stringContaining(
        `Template 'flux': rendering the reconciler for deployment target 'app-api' on cluster type 'edge' failed in nested re-render 1 of the output of manifest 1: its output still contained "{{" (from a config value or the template), so it was rendered again as a template, and that failed: at line 1, column 6 of the re-rendered output: \`.Nope\` is not a field of the template data`,
      ),
    ]);
    expect(found[0]).toContain('That line of the output reads "x: {{ .Nope }}".');
  });
});

describe('kinds and files of the operator’s world', () => {
  const files = (outcome: ReturnType<typeof renderEnvironment>) =>
    outcome.ok ? [...outcome.rendered.files.keys()].sort() : [];
  const decoded = (outcome: ReturnType<typeof renderEnvironment>, path: string) =>
    outcome.ok ? new TextDecoder().decode(outcome.rendered.files.get(path)) : '';
  const handWritten = (name: string, labels: string, environment = 'dev') => `---
apiVersion: scheduler.kalypso.io/v1alpha1
kind: DeploymentTarget
metadata: {name: ${name}, labels: ${labels}}
spec:
  environment: ${environment}
  manifests: {repo: https://example.test/extra, branch: dev, path: ./extra}
`;

  it('a hand-written DeploymentTarget is scheduled and rendered like a derived one (its labels, workload and workspace labels)', () => {
    const outcome = renderEnvironment(
      environment(
        '{{ .DeploymentTargetName }} {{ .Workload }} {{ .Workspace }} {{ .Environment }} {{ .Manifests.path }} {{ .Labels.tier | default "-" }}',
        handWritten('extra-target', '{workload: extra, workspace: team-x, tier: web}') +
          handWritten('other-env', '{}', 'prod'),
      ),
    );
    expect(outcome.ok).toBe(true);
    expect(files(outcome)).toContain('clusters/dev/edge/extra-target/reconciler.yaml');
    expect(files(outcome).some((f) => f.includes('other-env'))).toBe(false);
    expect(decoded(outcome, 'clusters/dev/edge/extra-target/reconciler.yaml')).toBe(
      'extra-target extra team-x dev ./extra web',
    );
    expect(outcome.warnings.map(formatProblem)).toEqual([]);
  });

  it('a hand-written DeploymentTarget with the name of a derived one is an error naming both', () => {
    expect(problems(environment('x', handWritten('app-api', '{}')))).toEqual([
      "dev/objects.yaml:23: DeploymentTarget 'app-api': has the name of the deployment target that Workload 'app' (app/workload.yaml:6) derives; on the operator the two overwrite each other. Rename this DeploymentTarget or remove the Workload entry.",
    ]);
  });

  it('one labelled with a Workload’s name is scheduled, with a warning that the operator keeps deleting it', () => {
    const outcome = renderEnvironment(environment('x', handWritten('stray', '{workload: app}')));
    expect(outcome.ok).toBe(true);
    expect(outcome.warnings.map(formatProblem)).toEqual([
      expect.stringContaining(
        "dev/objects.yaml:23: DeploymentTarget 'stray': is labelled workload: app, the name of a Workload, but no entry of that Workload derives it",
      ),
    ]);
  });

  it('a v1 List is expanded into its items, as Kubernetes tools expand it', () => {
    const outcome = renderEnvironment(
      environment(
        '{{ .ConfigData.A }}{{ .ConfigData.B }}',
        `---
apiVersion: v1
kind: List
items:
  - apiVersion: v1
    kind: ConfigMap
    metadata: {name: a, labels: {platform-config: "true"}}
    data: {A: one}
  - apiVersion: v1
    kind: List
    items:
      - apiVersion: v1
        kind: ConfigMap
        metadata: {name: b, labels: {platform-config: "true"}}
        data: {B: two}
`,
      ),
    );
    expect(outcome.ok).toBe(true);
    expect(decoded(outcome, 'clusters/dev/edge/app-api/reconciler.yaml')).toBe('onetwo');
  });

  it('a kustomization.yaml is not applied: a warning names the file and what is ignored', () => {
    const sources = environment('x');
    const withKustomization: EnvironmentSources = {
      ...sources,
      controlPlane: {
        ...sources.controlPlane,
        files: [
          ...sources.controlPlane.files,
          {
            path: 'dev/kustomization.yaml',
            text: 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [objects.yaml]\nnamePrefix: x-\n',
          },
        ],
      },
    };
    const outcome = renderEnvironment(withKustomization);
    expect(outcome.ok).toBe(true);
    expect(outcome.warnings.map(formatProblem)).toEqual([
      "dev/kustomization.yaml:1: this kustomization is not applied by kalypso-actions: it reads every YAML file below the folder as it is, while Flux builds the folder with kustomize for the operator. Ignored here: 'resources', 'namePrefix' — objects it patches, renames, labels or generates differ from what the operator saw. Write the objects out as plain files, or remove the kustomization.",
    ]);
  });
});
