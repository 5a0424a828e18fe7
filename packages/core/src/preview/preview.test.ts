import { describe, expect, it } from 'vitest';
import { mainYaml as main } from '../model/control-plane.test-support.ts';
import type { EnvironmentSources } from '../model/environment.ts';
import type { Reporter } from '../ports.ts';
import { previewText } from './text.ts';
import { code, text } from '../markdown/markdown.ts';
import { previewMarkdown } from './markdown.ts';
import type { ControlPlaneSources } from '../ports.ts';
import type { PreviewComments, PullRequestReader } from './ports.ts';
import { previewPullRequest, type PreviewRequest } from './preview-pull-request.ts';

/** The environment branch: two cluster types, one policy, one config value. */
function branch(options: { policy: string; logLevel: string; cloud?: boolean }): string {
  return `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: edge, labels: {edge: "true"}}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
---
${
  options.cloud === false
    ? ''
    : `apiVersion: scheduler.kalypso.io/v1alpha1
kind: ClusterType
metadata: {name: cloud, labels: {edge: "false"}}
spec: {reconciler: flux, namespaceService: ns, configType: cfg}
---
`
}apiVersion: scheduler.kalypso.io/v1alpha1
kind: SchedulingPolicy
metadata: {name: ${options.policy}}
spec:
  deploymentTargetSelector: {labelSelector: {}}
  clusterTypeSelector: {labelSelector: {matchLabels: ${options.policy === 'all' ? '{}' : '{edge: "true"}'}}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: platform, labels: {platform-config: "true"}}
data: {LOG_LEVEL: ${options.logLevel}}
`;
}

function sources(environmentBranch: string): EnvironmentSources {
  return {
    environment: 'dev',
    base: { origin: { kind: 'base' }, files: [{ path: 'main.yaml', text: main }] },
    controlPlane: {
      origin: { kind: 'environment' },
      files: [{ path: 'objects.yaml', text: environmentBranch }],
    },
    workloads: [
      {
        origin: { kind: 'workload', registration: 'app' },
        files: [
          {
            path: 'workload.yaml',
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

const silent: Reporter = {
  debug: () => {},
  info: () => {},
  warning: () => {},
  error: () => {},
  group: (_title, work) => work(),
};

/** The environment branch at two commits: `base` and `head`. */
function inMemory(byCommit: Record<string, string>): ControlPlaneSources {
  return {
    readCommit: (commit) =>
      Promise.resolve(
        byCommit[commit] === undefined
          ? undefined
          : new Map([['objects.yaml', new TextEncoder().encode(byCommit[commit])]]),
      ),
    readEnvironment: (environment, at) => {
      const text = byCommit[at?.environmentCommit ?? ''];
      const read = { environment, environmentHead: undefined, baseCommit: undefined };
      return Promise.resolve(
        text === undefined
          ? { ...read, sources: undefined, problems: [] }
          : {
              ...read,
              environmentHead: at?.environmentCommit,
              sources: sources(text),
              problems: [],
            },
      );
    },
  };
}

function commentStore(): PreviewComments & { bodies: Map<number, string> } {
  const bodies = new Map<number, string>();
  return {
    bodies,
    find: (marker) => {
      for (const [id, body] of bodies)
        if (body.startsWith(marker)) return Promise.resolve({ id, url: `https://c/${id}` });
      return Promise.resolve(undefined);
    },
    create: (body) => {
      const id = bodies.size + 1;
      bodies.set(id, body);
      return Promise.resolve({ id, url: `https://c/${id}` });
    },
    update: (id, body) => {
      bodies.set(id, body);
      return Promise.resolve({ id, url: `https://c/${id}` });
    },
  };
}

/** Pull request #7 into `dev`, with these labels. */
const prReader = (labels: string[] = []): PullRequestReader => ({
  read: () =>
    Promise.resolve({
      number: 7,
      baseRef: 'dev',
      baseCommit: 'b'.repeat(40),
      headCommit: 'c'.repeat(40),
      labels,
    }),
});

const request = (): PreviewRequest => ({
  pullRequest: 7,
  mainBranch: 'main',
  promotionChainFile: '.github/promotion-chain.yaml',
  allowRemovalLabel: 'kalypso/allow-removal',
  comment: true,
  links: { serverUrl: 'https://github.com', repository: 'acme/cp', runUrl: 'https://run/1' },
});

const base = branch({ policy: 'all', logLevel: 'info' });

describe('previewPullRequest (in-memory ports)', () => {
  it('shows a removed assignment with the selector term behind it, a config change and the diff, and blocks it', async () => {
    const head = branch({ policy: 'edge-only', logLevel: 'debug' });
    const comments = commentStore();
    const report = await previewPullRequest(request(), {
      pullRequest: prReader(),
      sources: inMemory({ ['b'.repeat(40)]: base, ['c'.repeat(40)]: head }),
      comments,
      reporter: silent,
    });
    expect(report.blocked).toBe(true);
    expect(report.removals).toEqual([
      "dev: assignment 'app-api' on cluster type 'cloud' is removed",
    ]);
    expect(report.comment).toEqual({ operation: 'created', url: 'https://c/1' });
    expect(comments.bodies.get(1)).toBe(`<!-- kalypso-preview -->
## Kalypso preview: environment \`dev\`

The environment branch \`dev\` rendered at this pull request's head ([\`ccccccc\`](https://github.com/acme/cp/commit/${'c'.repeat(40)})), compared with its base ([\`bbbbbbb\`](https://github.com/acme/cp/commit/${'b'.repeat(40)})).

| environment | result | assignments added | removed | re-rendered | config keys changed | files changed |
| --- | --- | ---: | ---: | ---: | ---: | ---: |
| \`dev\` | ⚠️ removes | 0 | 1 | 1 | 1 | 4 |

> [!CAUTION]
> **This change removes deployments.** The check fails until the pull request carries the label \`kalypso/allow-removal\`.
>
> - dev: assignment 'app-api' on cluster type 'cloud' is removed
>
> Review the removals below. If they are intended, add the label \`kalypso/allow-removal\` to this pull request: the preview runs again and the check passes.

### \`dev\`

#### Cluster type \`cloud\`

| assignment | change | why |
| --- | --- | --- |
| \`app-api\` | ➖ removed | policy 'edge-only': cluster type selector term matchLabels edge=true (has edge=false) |

#### Cluster type \`edge\`

| assignment | change | why |
| --- | --- | --- |
| \`app-api\` | ✏️ re-rendered | |

| config key | old | new | targets |
| --- | --- | --- | --- |
| \`LOG_LEVEL\` | \`info\` | \`debug\` | \`app-api\` |

<details><summary>Rendered diff of \`dev\` (4 files)</summary>

\`\`\`diff
--- a/cloud/app-api/namespace.yaml
+++ /dev/null
@@ -1,1 +0,0 @@
-name: dev-cloud-app-api
\`\`\`

\`\`\`diff
--- a/cloud/app-api/platform-config.yaml
+++ /dev/null
@@ -1,1 +0,0 @@
-LOG_LEVEL: info
\\ No newline at end of file
\`\`\`

\`\`\`diff
--- a/cloud/app-api/reconciler.yaml
+++ /dev/null
@@ -1,1 +0,0 @@
-name: app-api
\`\`\`

\`\`\`diff
--- a/edge/app-api/platform-config.yaml
+++ b/edge/app-api/platform-config.yaml
@@ -1,1 +1,1 @@
-LOG_LEVEL: info
\\ No newline at end of file
+LOG_LEVEL: debug
\\ No newline at end of file
\`\`\`

</details>

`);
  });

  it('updates the same comment and passes once the label is there', async () => {
    const head = branch({ policy: 'all', logLevel: 'info', cloud: false });
    const comments = commentStore();
    const deps = {
      pullRequest: prReader(),
      sources: inMemory({ ['b'.repeat(40)]: base, ['c'.repeat(40)]: head }),
      comments,
      reporter: silent,
    };
    const first = await previewPullRequest(request(), deps);
    expect(first.blocked).toBe(true);
    expect(first.removals).toEqual([
      "dev: cluster type 'cloud' is removed",
      "dev: assignment 'app-api' on cluster type 'cloud' is removed",
    ]);
    const second = await previewPullRequest(request(), {
      ...deps,
      pullRequest: prReader(['kalypso/allow-removal']),
    });
    expect(second.blocked).toBe(false);
    expect(second.comment).toEqual({ operation: 'updated', url: 'https://c/1' });
    expect(comments.bodies.size).toBe(1);
    expect(comments.bodies.get(1)).toContain(
      '> [!NOTE]\n> This change removes deployments; the label `kalypso/allow-removal` allows it.\n',
    );
    expect(previewText(second.environments)).toContain(
      "  cluster type cloud (removed)\n    - app-api: cluster type 'cloud' no longer exists\n",
    );
  });

  it('counts an environment that loses every assignment as a removal of its whole output', async () => {
    const head = base.replace(
      /---\napiVersion: scheduler.kalypso.io\/v1alpha1\nkind: SchedulingPolicy[\s\S]*?(?=---)/,
      '',
    );
    expect(head).not.toContain('SchedulingPolicy');
    const report = await previewPullRequest(
      { ...request(), comment: false },
      {
        pullRequest: prReader(),
        sources: inMemory({ ['b'.repeat(40)]: base, ['c'.repeat(40)]: head }),
        comments: commentStore(),
        reporter: silent,
      },
    );
    expect(report.comment).toEqual({ operation: 'skipped' });
    expect(report.removals).toEqual([
      "dev: every assignment of environment 'dev' is removed",
      "dev: assignment 'app-api' on cluster type 'cloud' is removed",
      "dev: assignment 'app-api' on cluster type 'edge' is removed",
    ]);
    const preview = report.environments[0]!;
    expect(preview.kind === 'compared' && preview.clusterTypes[0]!.removed).toEqual([
      { target: 'app-api', reasons: ['no scheduling policy is left'] },
    ]);
  });

  it('reports problems of the head as the environment that breaks, located on the PR files', async () => {
    const comments = commentStore();
    const report = await previewPullRequest(request(), {
      pullRequest: prReader(),
      sources: inMemory({ ['b'.repeat(40)]: base, ['c'.repeat(40)]: `${base}---\nkind: [\n` }),
      comments,
      reporter: silent,
    });
    expect(report.environments[0]!.kind).toBe('problems');
    expect(report.annotations.length).toBeGreaterThan(0);
    expect(report.annotations[0]!.file).toBe('objects.yaml');
    expect(comments.bodies.get(1)).toContain(
      'This pull request breaks `dev`: it cannot be rendered.',
    );
  });
});

describe('previewMarkdown limits and escaping', () => {
  it('folds the diff, then the details, to stay within the limit, and says where the rest is', async () => {
    const head = branch({ policy: 'edge-only', logLevel: 'debug' });
    const report = await previewPullRequest(
      { ...request(), comment: false },
      {
        pullRequest: prReader(),
        sources: inMemory({ ['b'.repeat(40)]: base, ['c'.repeat(40)]: head }),
        comments: commentStore(),
        reporter: silent,
      },
    );
    const full = previewMarkdown(report, { limit: 65_536, marker: true });
    const noDiff = previewMarkdown(report, { limit: full.length - 10, marker: true });
    expect(noDiff.length).toBeLessThanOrEqual(full.length - 10);
    expect(noDiff).toContain(
      'The rendered diff (4 files) does not fit here: [the job summary](https://run/1) has it.',
    );
    expect(noDiff).not.toContain('```diff');
    const tiny = previewMarkdown(report, { limit: 1_400, marker: true });
    expect(tiny.length).toBeLessThanOrEqual(1_400);
    expect(tiny).toContain('4 rendered files change. The details do not fit here');
  });

  it('escapes values from the repositories', () => {
    expect(code('a|b')).toBe('`a\\|b`');
    expect(code('x`y')).toBe('``x`y``');
    expect(code('`x')).toBe('`` `x ``');
    expect(code('one\ntwo')).toBe('`one two`');
    expect(text('::error::<b>*x*</b>\nnext')).toBe('::error::\\<b\\>\\*x\\*\\</b\\> next');
  });
});
