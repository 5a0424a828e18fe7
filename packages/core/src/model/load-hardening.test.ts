// Hostile or mistaken control-plane content at load time: names that would become unsafe paths,
// GitOpsRepo spec.path, unknown kinds, input budgets, alias bombs, duplicate keys, bytes Kubernetes
// rejects in ConfigMap values.
import { describe, expect, it } from 'vitest';
import { loadSource } from './load.ts';
import { formatProblem, ProblemList } from './problem.ts';
import { decodeSourceText, type SourceFile, type SourceOrigin } from './source.ts';

const env: SourceOrigin = { kind: 'environment' };
const API = 'apiVersion: scheduler.kalypso.io/v1alpha1';

function load(text: string, path = 'env/objects.yaml', limits = {}) {
  return loadFiles([{ path, text }], limits);
}

function loadFiles(files: SourceFile[], limits = {}, budget?: { remaining: number }) {
  const problems = new ProblemList();
  const result = loadSource({ origin: env, files }, problems, {
    limits: {
      maxFileBytes: 8 << 20,
      maxTotalBytes: 256 << 20,
      maxAliasCount: 100,
      maxOutputBytes: 1 << 30,
      ...limits,
    },
    ...(budget ? { budget } : {}),
  });
  return { ...result, problems: problems.items.map(formatProblem) };
}

const gitopsRepo = (path: string) => `${API}
kind: GitOpsRepo
metadata: {name: dev}
spec:
  repo: https://github.com/contoso/gitops
  branch: dev
  path: ${JSON.stringify(path)}
`;

const workload = (entries: string) => `${API}
kind: Workload
metadata: {name: app}
spec:
  deploymentTargets:
${entries}`;

describe('names that become path segments', () => {
  it.each([
    ['../../../../tmp/pwned', 'ClusterType'],
    ['Drone', 'ClusterType'],
    ['a/b', 'Workload'],
    ['..', 'ClusterType'],
  ])("refuses metadata.name '%s' of a %s at its line, and never uses the object", (name, kind) => {
    const spec =
      kind === 'ClusterType'
        ? 'spec: {reconciler: r, namespaceService: n, configType: c}'
        : 'spec: {deploymentTargets: []}';
    const { objects, problems, unreadable } = load(
      `${API}\nkind: ${kind}\nmetadata:\n  name: ${JSON.stringify(name)}\n${spec}\n`,
    );
    expect(objects).toEqual([]);
    expect(unreadable).toEqual([`${kind}/${name}`]);
    expect(problems).toEqual([
      `env/objects.yaml:4: ${kind} '${name}': metadata.name '${name}' is invalid: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.`,
    ]);
  });

  it.each(['../../escape', 'API', 'a/b', '.hidden', 'a_b', 'x'.repeat(260)])(
    "refuses deployment-target entry name '%s' with file:line and what to write, and never uses the Workload",
    (name) => {
      const { objects, problems } = load(
        workload(`    - name: ${JSON.stringify(name)}
      environment: dev
      manifests: {repo: r, branch: b, path: p}
    - {name: ok, environment: dev, manifests: {repo: r, branch: b, path: p}}
`),
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(
        `env/objects.yaml:6: Workload 'app': spec.deploymentTargets[0].name: deployment target name '${name}' makes the target 'app-${name}', which is not a valid Kubernetes name`,
      );
      expect(problems[0]).toContain("Use lowercase letters, digits, '-' and '.'");
      expect(objects).toEqual([]);
    },
  );

  it('accepts one entry name for two environments, and refuses it twice within one', () => {
    const entries = (
      second: string,
    ) => `    - {name: api, environment: dev, manifests: {repo: r, branch: b, path: p}}
    - {name: api, environment: ${second}, manifests: {repo: r, branch: b, path: p}}
`;
    const twoEnvironments = load(workload(entries('prod')));
    expect(twoEnvironments.problems).toEqual([]);
    const sameEnvironment = load(workload(entries('dev')));
    expect(sameEnvironment.problems).toEqual([
      "env/objects.yaml:7: Workload 'app': spec.deploymentTargets[1]: deployment target 'api' is defined twice for environment 'dev'; give each target of an environment a unique name.",
    ]);
  });
});

describe('GitOpsRepo spec.path', () => {
  it.each([
    ['../up', "spec.path '../up' leaves the GitOps repository (it cleans to '../up')"],
    [
      'clusters/../../up',
      "spec.path 'clusters/../../up' leaves the GitOps repository (it cleans to '../up')",
    ],
    ['/abs', "spec.path '/abs' is absolute; write it relative to the GitOps repository root"],
    ['//etc/cron.d', "spec.path '//etc/cron.d' is absolute"],
    ['clusters/.git/hooks', "spec.path 'clusters/.git/hooks' points into '.git'"],
    [
      'clusters\\..\\..\\up',
      "spec.path 'clusters\\\\..\\\\..\\\\up' holds a control character or a backslash",
    ],
  ])("refuses '%s' naming the file, the line of spec.path and the field", (path, message) => {
    const { objects, problems } = load(gitopsRepo(path), 'env/gitops-repo.yaml');
    expect(objects).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`env/gitops-repo.yaml:7: GitOpsRepo 'dev': ${message}`);
  });

  it.each(['clusters//dev', 'x/../y', './clusters/dev/', '.'])('accepts %s', (path) => {
    const { objects, problems } = load(gitopsRepo(path));
    expect(problems).toEqual([]);
    expect(objects).toHaveLength(1);
  });
});

describe('unknown kinds', () => {
  it('refuses kind: ClusterTyp in scheduler.kalypso.io, listing the known kinds', () => {
    const { objects, problems } = load(`${API}
kind: ClusterTyp
metadata: {name: drone}
spec: {reconciler: r, namespaceService: n, configType: c}
`);
    expect(objects).toEqual([]);
    expect(problems).toEqual([
      "env/objects.yaml:2: ClusterTyp 'drone': kind 'ClusterTyp' does not exist in scheduler.kalypso.io (Kubernetes would reject it); did you mean 'ClusterType'? Use one of Environment, BaseRepo, GitOpsRepo, ClusterType, Template, WorkloadRegistration, Workload, SchedulingPolicy, ConfigSchema, DeploymentTarget.",
    ]);
  });

  it('still skips kinds of other API groups with a note', () => {
    const { problems, notes } = load(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n',
    );
    expect(problems).toEqual([]);
    expect(notes).toHaveLength(1);
  });
});

describe('input budgets', () => {
  it('refuses a file above the per-file budget, naming it and reading nothing from it', () => {
    const big = `${API}\nkind: ClusterType\nmetadata: {name: big}\nspec: {reconciler: r, namespaceService: n, configType: c}\n# ${'x'.repeat(2000)}\n`;
    const { objects, problems } = loadFiles(
      [
        { path: 'env/big.yaml', text: big },
        { path: 'env/small.yaml', text: big.replace('name: big', 'name: small').slice(0, 150) },
      ],
      { maxFileBytes: 1024 },
    );
    expect(objects.map((o) => o.name)).toEqual(['small']);
    expect(problems).toEqual([
      `env/big.yaml: the file is ${new TextEncoder().encode(big).length} bytes, more than the 1 KiB a control-plane file may have; nothing from it was read. Split it or remove what does not belong in the control plane.`,
    ]);
  });

  it('reports a file the reader refused by its size (unreadBytes) with the same message', () => {
    const { objects, problems } = loadFiles([
      { path: 'env/sparse.yaml', text: '', unreadBytes: 9 * 1024 * 1024 },
    ]);
    expect(objects).toEqual([]);
    expect(problems).toEqual([
      'env/sparse.yaml: the file is 9 MiB, more than the 8 MiB a control-plane file may have; nothing from it was read. Split it or remove what does not belong in the control plane.',
    ]);
  });

  it('counts multi-byte characters as UTF-8 bytes', () => {
    const text = `# ${'é'.repeat(600)}\n`; // 1,200 bytes in 603 characters
    const { problems } = loadFiles([{ path: 'env/accents.yaml', text }], { maxFileBytes: 1024 });
    expect(problems).toEqual([expect.stringContaining('env/accents.yaml: the file is 1203 bytes')]);
  });

  it('stops at the file that crosses the total budget and names it, once', () => {
    const file = (n: number) => ({
      path: `env/f${n}.yaml`,
      text: `${API}\nkind: ClusterType\nmetadata: {name: t${n}}\nspec: {reconciler: r, namespaceService: n, configType: c}\n`,
    });
    const budget = { remaining: file(1).text.length * 2 + 10 };
    const { objects, problems } = loadFiles([file(1), file(2), file(3), file(4)], {}, budget);
    expect(objects.map((o) => o.name)).toEqual(['t1', 't2']);
    expect(problems).toEqual([
      expect.stringMatching(
        /^env\/f3\.yaml: the control-plane files read up to this one exceed the total input budget/,
      ),
    ]);
  });

  it('refuses a YAML alias bomb (billion laughs) with maxAliasCount, naming the file', () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const [prev, cur] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      lines.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: bomb, labels: {platform-config: "true"}}\ndata: {X: "1"}\nbomb:\n${lines.map((l) => `  ${l}`).join('\n')}\n`;
    const { objects, problems } = load(text, 'env/bomb.yaml');
    expect(objects).toEqual([]);
    expect(problems).toEqual([
      expect.stringMatching(
        /^env\/bomb\.yaml: YAML aliases in this document expand too much \(more than maxAliasCount 100\)/,
      ),
    ]);
  });

  it('reads ordinary aliases as Kubernetes would (expanded), and names an unresolved one', () => {
    const { objects, problems } = load(
      `${API}\nkind: ClusterType\nmetadata: {name: t, labels: &l {a: b}}\nspec: {reconciler: &r flux, namespaceService: *r, configType: c}\nx: *l\n`,
    );
    expect(problems).toEqual([]);
    expect(objects[0]).toMatchObject({
      labels: { a: 'b' },
      reconciler: 'flux',
      namespaceService: 'flux',
    });
    const unresolved = load(
      `${API}\nkind: ClusterType\nmetadata: {name: u, labels: *elsewhere}\nspec: {}\n`,
    );
    expect(unresolved.problems).toEqual([
      expect.stringMatching(
        /^env\/objects\.yaml: YAML error: Unresolved alias .*elsewhere\. Anchors \(&name\) are per document/,
      ),
    ]);
  });
});

describe('YAML structure', () => {
  it('reports a duplicate key with its line, in linear time (8,000 keys)', () => {
    const keys = Array.from({ length: 8000 }, (_, i) => `  K${i}: "${i}"`);
    keys.push('  K7: "again"');
    const text = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: big, labels: {platform-config: "true"}}\ndata:\n${keys.join('\n')}\n`;
    const { objects, problems } = load(text, 'env/big.yaml');
    expect(objects).toEqual([]);
    expect(problems).toEqual([
      "env/big.yaml:8005: YAML syntax error: Map keys must be unique (the key 'K7' appears twice). Fix the file's YAML; nothing from it was read.",
    ]);
  });
});

describe('ConfigMap values Kubernetes rejects', () => {
  it.each([['"abc\\0def"', 'holds a NUL character']])(
    'refuses data value %s at its line',
    (value, why) => {
      const { problems } = load(
        `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, labels: {platform-config: "true"}}\ndata:\n  OK: fine\n  BAD: ${value}\n`,
        'env/cm.yaml',
      );
      expect(problems).toEqual([
        `env/cm.yaml:6: ConfigMap 'cm': 'data.BAD' ${why}; Kubernetes rejects such a ConfigMap. Re-save the file as UTF-8 and remove the character (binary content belongs in binaryData, which platform config does not read).`,
      ]);
    },
  );
});

describe('ConfigMap values and U+FFFD: never stricter than Kubernetes on valid UTF-8', () => {
  const head =
    'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, labels: {platform-config: "true"}}\ndata:\n';
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
  const loadBytes = (data: Uint8Array) =>
    loadFiles([{ path: 'env/cm.yaml', ...decodeSourceText(data) }]);

  it.each([
    ['the character itself', bytes(head, '  NAME: "caf\u{fffd}"\n')],
    ['a YAML escape', bytes(head, '  NAME: "caf\\uFFFD"\n')],
    ['the character itself, in a block scalar', bytes(head, '  NAME: |\n    caf\u{fffd}\n')],
  ])('accepts a value holding U+FFFD as %s', (_, data) => {
    const { problems, objects } = loadBytes(data);
    expect(problems).toEqual([]);
    expect(objects).toMatchObject([
      { kind: 'ConfigMap', data: { NAME: expect.stringContaining('caf\ufffd') } },
    ]);
  });

  it('refuses bytes that are not valid UTF-8 in a value, at its line', () => {
    const { problems } = loadBytes(bytes(head, '  OK: fine\n  BAD: "caf', [0xff, 0xfe], '"\n'));
    expect(problems).toEqual([
      "env/cm.yaml:6: ConfigMap 'cm': 'data.BAD' holds bytes that are not valid UTF-8 (read as the replacement character U+FFFD); Kubernetes rejects such a ConfigMap. Re-save the file as UTF-8 and remove the character (binary content belongs in binaryData, which platform config does not read).",
    ]);
  });

  it('tells a literal U+FFFD from invalid bytes on another line of the same file', () => {
    const { problems } = loadBytes(
      bytes(head, '  GOOD: "caf\u{fffd}"\n  BAD: |\n    x\n    caf', [0xc3], '\n'),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^env\/cm\.yaml:6: ConfigMap 'cm': 'data\.BAD' holds bytes that are not valid UTF-8/,
      ),
    ]);
  });

  it('lists the lines of invalid bytes, and nothing for valid UTF-8', () => {
    expect(decodeSourceText(bytes('a\n\u{fffd}\n'))).toEqual({ text: 'a\n\ufffd\n' });
    expect(decodeSourceText(bytes('a\n', [0xe2, 0x82], '\nb\n', [0x80]))).toEqual({
      text: 'a\n\ufffd\nb\n\ufffd',
      invalidUtf8Lines: [2, 4],
    });
  });
});

describe('ConfigMap values Kubernetes rejects, in bulk', () => {
  it('reports each of 8,000 values with NUL at its own line (no scan per value)', () => {
    const keys = Array.from({ length: 8000 }, (_, i) => `  K${i}: "x\\0"`);
    const { problems } = load(
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm, labels: {platform-config: "true"}}\ndata:\n${keys.join('\n')}\n`,
      'env/cm.yaml',
    );
    expect(problems).toHaveLength(8000);
    expect(problems[7999]).toMatch(
      /^env\/cm\.yaml:8004: ConfigMap 'cm': 'data\.K7999' holds a NUL character/,
    );
  });
});
