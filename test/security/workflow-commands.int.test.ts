// Nothing from a file or from Resource Graph becomes a workflow command. Hostile text sits in a
// WorkloadRegistration's path, a ConfigMap value, a Template's `fail` message and a Flux condition
// message; the committed bundles run against the local GitHub and the local Azure. The runner runs
// a line as a command when, after leading white space, it starts with `::`, or when it holds the
// legacy `##[` prefix — so every such line of the log must be one the action issued on purpose,
// and the action's own annotations must still be there.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../support/github-server/client.ts';
import { seedSample } from '../support/github-server/control-plane-fixture.ts';
import { fakeAzure, World, type ClusterSpec } from '../support/resource-graph/client.ts';
import { runAction, type ActionRun } from '../support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

/** What an attacker writes: one forged command per line, plus indented and legacy forms. */
const attack = (tag: string) =>
  [
    `${tag} begins`,
    `::add-mask::${tag}-MASKED`,
    `::set-output name=valid::${tag}-forged`,
    `::stop-commands::${tag}-STOP`,
    `::warning file=forged.yaml::${tag}-forged-warning`,
    `   ::error::${tag}-indented`,
    `\r::notice::${tag}-after-cr`,
    `##[warning]${tag}-legacy`,
  ].join('\n');

/** The lines the runner would see, split the way it splits them (CR, LF, CRLF). */
const lines = (log: string) => log.split(/\r\n|\r|\n/);

/** Every line the runner would run as a command. */
function commandLines(log: string): string[] {
  return lines(log).filter((l) => /^[\s\x1c-\x1f\x85]*::/.test(l) || l.includes('##['));
}

/** The log holds the tag (the hostile text did reach it) and no line of it runs as a command. */
function expectInert(run: ActionRun, tag: string): void {
  expect(run.log, `the hostile text from ${tag} never reached the log`).toContain(`${tag}-STOP`);
  const forged = commandLines(run.log).filter(
    (l) => l.includes(tag) && !/^::(error|warning|debug|notice)( [^:]*)?::/.test(l),
  );
  expect(forged, run.log).toEqual([]);
  // Inside our own annotations the hostile text is data: its line breaks are escaped.
  for (const l of commandLines(run.log)) {
    expect(l, 'a command line issued by something else than the action').toMatch(
      /^::(error|warning|debug|notice|group|endgroup|add-mask)\b/,
    );
    // Masks: the token inputs, and the GitHub OIDC token @actions/core fetches and masks itself.
    if (l.startsWith('::add-mask::'))
      expect(l).toMatch(new RegExp(`^::add-mask::(${token}|[\\w-]+\\.[\\w-]+\\.[\\w-]+)$`));
  }
  for (const value of Object.values(run.outputs)) expect(value).not.toMatch(/[\r\n]/);
  // Only the hostile lines were neutralised: no command of the action or its libraries was.
  const neutralised = lines(run.log).filter((l) => /^\s*%3A:/.test(l));
  expect(neutralised.filter((l) => !/(REGISTRATION|CONFIGMAP|TEMPLATE|FLUX)-/.test(l))).toEqual([]);
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('workflow commands in hostile repository content (committed bundles)', () => {
  it('ci-gate: a registration path, a ConfigMap value and a template fail message reach the log inert, with our annotations', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const quote = (text: string) => JSON.stringify(text);
    const namespace = 'templates/namespace.yaml';
    const failing = sample.files.main[namespace]!.replace(
      'name: {{ .Namespace }}',
      `name: {{ .Namespace }}{{ if eq .ClusterType "edge-alps" }}{{ fail ${quote(attack('TEMPLATE'))} }}{{ end }}`,
    );
    const configmap = 'templates/configmap.yaml';
    const echoing = sample.files.main[configmap]!.replace(
      'name: platform-config\n',
      'name: platform-config{{ if eq .ClusterType "hub-eastus" }}{{ fail (printf "config says %v" .ConfigData.SUPPORT_CHANNEL) }}{{ end }}\n',
    );
    const registration = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: WorkloadRegistration
metadata:
  name: hostile
spec:
  workload:
    repo: ${github.url}/${sample.owner}/lift-ops
    branch: main
    path: ${quote(attack('REGISTRATION'))}
  workspace: lift-ops-team
`;
    const devConfig = sample.files.environments.dev!['configs/dev-config.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: {
        'configs/dev-config.yaml': devConfig.replace(
          'SUPPORT_CHANNEL: "#platform-dev"',
          `SUPPORT_CHANNEL: ${quote(attack('CONFIGMAP'))}`,
        ),
      },
    });
    const { sha } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: {
        [namespace]: failing,
        [configmap]: echoing,
        'workloads/hostile.yaml': registration,
      },
    });
    const run = await runAction('ci-gate', {
      github: { url: github.url, repository: sample.controlPlane, token, sha },
    });

    expect(run.exitCode).toBe(1);
    for (const tag of ['REGISTRATION', 'CONFIGMAP', 'TEMPLATE']) expectInert(run, tag);
    // The action's own annotations: one per problem, at the template's file and line.
    expect(run.log).toMatch(
      /^::error file=templates\/namespace\.yaml,line=\d+::.*TEMPLATE begins%0A/m,
    );
    expect(run.log).toMatch(
      /^::error file=templates\/configmap\.yaml,line=\d+::.*CONFIGMAP begins%0A/m,
    );
    expect(run.log).toMatch(/^::error::The control plane has \d+ problem/m);
    expect(run.outputs.valid).toBe('false');
  });

  it('check-promote: a Flux condition message from Resource Graph reaches the log inert, with our annotation', async () => {
    const OLD = '9b1c0d2e3f405162738495a6b7c8d9e0f1a2b3c4';
    // A real GitOps repository: check-promote verifies the dispatch against it first
    // (docs/decisions/gate-checks.md).
    const gitops = await github.createRepo({
      files: { 'README.md': 'gitops\n' },
      branches: { dev: {} },
    });
    const url = `${github.url}/${gitops.fullName}`;
    const repo = await github.createRepo({
      files: { '.github/promotion-chain.yaml': 'environments: [dev, stage]\n' },
      branches: {
        dev: {
          'gitops-repo.yaml': `apiVersion: scheduler.kalypso.io/v1alpha1
kind: GitOpsRepo
metadata:
  name: dev
spec:
  repo: ${url}
  branch: dev
  path: .
`,
        },
      },
    });
    const main = repo.heads.main!;
    await github.commit(repo.fullName, {
      branch: 'dev',
      files: {
        'base-repo.yaml': `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: BaseRepo\nmetadata:\n  name: main\nspec:\n  repo: ${github.url}/${repo.fullName}\n  branch: main\n  commit: ${main}\n`,
      },
    });
    const { sha: NEW } = await github.commit(gitops.fullName, {
      branch: 'dev',
      files: { '.github/tracking/Promoted_Commit_Id': `${main}\n` },
    });
    const world = await World.create({
      wallClock: true,
      quota: { perWindow: 1000, windowSeconds: 5 },
      branches: [{ repository: 'hello-world-gitops', branch: 'dev', commit: OLD }],
      clusters: ([subscription]) => [
        {
          name: 'store-001',
          subscriptionId: subscription!,
          resourceGroup: 'rg-edge',
          configurations: [
            { name: 'hello-world-dev', repository: 'hello-world-gitops', url, branch: 'dev' },
          ],
          pickupSeconds: 0.1,
          reconcileSeconds: 0.1,
          outcome: {
            kind: 'fails',
            reason: 'HealthCheckFailed',
            object: { kind: 'Kustomization', namespace: 'flux-system', name: 'apps' },
            message: attack('FLUX'),
          },
        } satisfies ClusterSpec,
      ],
      federatedSubject: 'repo:contoso/platform-control-plane:environment:dev',
    });
    cleanup.push(() => world.dispose());
    await world.push({ repository: 'hello-world-gitops', branch: 'dev', commit: NEW });
    const azure = fakeAzure();
    const run = await runAction('check-promote', {
      github: { url: github.url, repository: repo.fullName, token, runId: '7' },
      inputs: {
        environment: 'dev',
        'gitops-commit': NEW,
        'promoted-commit': main,
        'azure-tenant-id': world.tenantId,
        'azure-client-id': world.clientId,
        subscriptions: world.subscriptions.join(','),
        'azure-resource-manager-endpoint': azure.httpsUrl,
        'azure-authority-host': azure.httpsUrl,
        'timeout-seconds': '30',
        'poll-interval-seconds': '0.2',
      },
      env: { NODE_EXTRA_CA_CERTS: azure.caCertPath, ...world.oidcEnvironment() },
    });

    expect(run.exitCode).toBe(1);
    expect(run.outputs['deployment-state']).toBe('failed');
    expectInert(run, 'FLUX');
    expect(run.log).toMatch(/^::error::.*store-001/m);
    // The OIDC token is masked (its add-mask command reaches the runner as one), never printed.
    const masks = lines(run.log).filter((l) => /^::add-mask::[\w-]+\.[\w-]+\.[\w-]+$/.test(l));
    expect(masks).toHaveLength(1);
    const oidcToken = masks[0]!.slice('::add-mask::'.length);
    expect(run.log.split(oidcToken)).toHaveLength(2);
    // The summary is a file, not a command stream, but the message stays on its table row.
    expect(run.summary).toContain('FLUX begins');
  });
});
