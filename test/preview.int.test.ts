import { describe, expect, inject, it } from 'vitest';
import { groomingRegistration, groomingWorkload } from './e2e/scenario-data.ts';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${github.url}${path}`, {
    method,
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Pushes `files` onto a new branch from `from` and opens a pull request into `from`. */
async function openPullRequest(
  sample: SampleControlPlane,
  from: string,
  branch: string,
  files: Record<string, string | null>,
): Promise<number> {
  await github.commit(sample.controlPlane, { branch, from: `refs/heads/${from}`, files });
  const pr = await rest<{ number: number }>('POST', `/repos/${sample.controlPlane}/pulls`, {
    title: `Change ${branch}`,
    head: branch,
    base: from,
  });
  return pr.number;
}

function preview(sample: SampleControlPlane, number: number, inputs: Record<string, string> = {}) {
  return runAction('preview', {
    github: {
      url: github.url,
      repository: sample.controlPlane,
      token,
      eventName: 'pull_request',
      runId: '42',
    },
    inputs: { 'pull-request': String(number), ...inputs },
  });
}

function comments(sample: SampleControlPlane, number: number) {
  return rest<{ id: number; body: string; html_url: string; user: { login: string } }[]>(
    'GET',
    `/repos/${sample.controlPlane}/issues/${number}/comments`,
  );
}

/** The markdown between `### \`env\`` and the next environment heading. */
function section(body: string, environment: string): string {
  const start = body.indexOf(`### \`${environment}\``);
  if (start < 0) return '';
  const next = body.indexOf('\n### `', start + 1);
  return body.slice(start, next < 0 ? undefined : next);
}

describe('preview (the bundle, run as the runner runs it, against the local GitHub)', () => {
  it('previews a new registration on main in every environment, in one comment updated on each push', async () => {
    const sample = await seedSample(github, { environments: ['dev', 'stage', 'prod'] });
    await github.commit(sample.workloads.liftOps, {
      branch: 'main',
      files: { 'grooming/workload.yaml': groomingWorkload(github.url, sample.owner) },
    });
    const number = await openPullRequest(sample, 'main', 'register-grooming', {
      'workloads/snow-grooming.yaml': groomingRegistration(github.url, sample.owner),
    });
    const run = await preview(sample, number);
    expect(run.exitCode, run.log).toBe(0);
    const posted = await comments(sample, number);
    expect(posted).toHaveLength(1);
    const body = posted[0]!.body;
    expect(body.startsWith('<!-- kalypso-preview -->\n')).toBe(true);
    expect(run.outputs).toEqual({
      changed: 'true',
      removals: '0',
      blocked: 'false',
      problems: '0',
      'comment-url': posted[0]!.html_url,
    });
    for (const env of ['dev', 'stage', 'prod']) {
      const part = section(body, env);
      expect(part, env).toMatch(
        new RegExp(
          `\\| \`grooming-planner-${env}\` \\| ➕ added \\| selected by policy '[a-z-]+' \\|`,
        ),
      );
      expect(part).toContain(`<details><summary>Rendered diff of \`${env}\``);
      expect(part).toContain(`+++ b/`);
    }
    expect(body).toMatch(/^\| `dev` \| ✏️ changes \| [1-9]\d* \| 0 \| 0 \| 0 \| [1-9]\d* \|$/m);
    // The job summary has the same preview, without the marker.
    expect(run.summary).toContain('## Kalypso preview: every environment with this `main`');
    expect(run.summary).not.toContain('<!-- kalypso-preview -->');

    // A second push: the same comment is updated, never a second one.
    await github.commit(sample.controlPlane, {
      branch: 'register-grooming',
      files: { 'workloads/snow-grooming.yaml': null },
    });
    const again = await preview(sample, number);
    expect(again.exitCode, again.log).toBe(0);
    expect(again.outputs.changed).toBe('false');
    const after = await comments(sample, number);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(posted[0]!.id);
    expect(section(after[0]!.body, 'dev')).toContain('No change in the rendered output.');
  });

  it('previews a config change in an environment branch: old → new value, the re-rendered targets', async () => {
    const sample = await seedSample(github, { environments: ['stage'] });
    const file = 'cluster-types/eastus/web-eastus.yaml';
    const original = sample.files.environments.stage![file]!;
    const number = await openPullRequest(sample, 'stage', 'rename-web-eastus', {
      [file]: original.replace('CLUSTER_NAME: Web East US', 'CLUSTER_NAME: Web East US 2'),
    });
    const run = await preview(sample, number);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ changed: 'true', removals: '0', blocked: 'false' });
    const [comment] = await comments(sample, number);
    const body = comment!.body;
    expect(body).toContain('## Kalypso preview: environment `stage`');
    // Only the cluster type whose config changed appears, with each of its targets re-rendered.
    expect(body.match(/^#### Cluster type /gm)).toEqual(['#### Cluster type ']);
    expect(body).toContain('#### Cluster type `web-eastus`\n');
    expect(body).toMatch(/\| `[a-z0-9-]+` \| ✏️ re-rendered \| \|/);
    expect(body).toMatch(/^\| `CLUSTER_NAME` \| `Web East US` \| `Web East US 2` \| `[a-z0-9-]+`/m);
    expect(body).toContain('+  CLUSTER_NAME: Web East US 2');
  });

  it('fails when a cluster type is removed until the pull request carries the label', async () => {
    const sample = await seedSample(github, { environments: ['stage'] });
    const number = await openPullRequest(sample, 'stage', 'drop-web-eastus', {
      'cluster-types/eastus/web-eastus.yaml': null,
    });
    const blocked = await preview(sample, number);
    expect(blocked.exitCode).toBe(1);
    expect(blocked.outputs).toMatchObject({ blocked: 'true', changed: 'true' });
    expect(Number(blocked.outputs.removals)).toBeGreaterThan(1);
    expect(blocked.log).toContain("add the label 'kalypso/allow-removal' to the pull request");
    const [first] = await comments(sample, number);
    expect(first!.body).toContain('> [!CAUTION]');
    expect(first!.body).toContain("> - stage: cluster type 'web-eastus' is removed");
    expect(first!.body).toContain('#### Cluster type `web-eastus` (removed)');
    expect(first!.body).toMatch(/\| ➖ removed \| cluster type 'web-eastus' no longer exists \|/);

    await rest('POST', `/repos/${sample.controlPlane}/issues/${number}/labels`, {
      labels: ['kalypso/allow-removal'],
    });
    const allowed = await preview(sample, number);
    expect(allowed.exitCode, allowed.log).toBe(0);
    expect(allowed.outputs).toMatchObject({ blocked: 'false' });
    const after = await comments(sample, number);
    expect(after).toHaveLength(1);
    expect(after[0]!.body).toContain('> [!NOTE]');
    expect(after[0]!.body).not.toContain('[!CAUTION]');
  });

  it('annotates problems on the pull request’s own files and lines, and fails', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const template = 'templates/namespace.yaml';
    const number = await openPullRequest(sample, 'main', 'break-template', {
      [template]: sample.files.main[template]!.replace('{{', '{{ if '),
    });
    const run = await preview(sample, number);
    expect(run.exitCode).toBe(1);
    expect(run.outputs).toMatchObject({ changed: 'false', blocked: 'false' });
    expect(run.log).toMatch(
      /::error file=templates\/namespace\.yaml,line=\d+::templates\/namespace\.yaml:\d+: Template 'namespace': environment 'dev': /,
    );
    const [comment] = await comments(sample, number);
    expect(comment!.body).toContain('This pull request breaks `dev`: it cannot be rendered.');
    expect(comment!.body).toMatch(/^- templates\/namespace\.yaml:\d+: Template 'namespace': /m);
  });

  it('annotates a problem in a file the pull request does not hold without a location', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const number = await openPullRequest(sample, 'main', 'drop-template', {
      'templates/flux.yaml': null,
    });
    const run = await preview(sample, number);
    expect(run.exitCode).toBe(1);
    expect(run.log).toMatch(
      /::error::cluster-types\/[a-z/-]+\.yaml:\d+: ClusterType '[a-z-]+': environment 'dev': Template 'flux'/,
    );
  });

  it('keeps the preview in the job summary when the token cannot comment (a fork)', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const number = await openPullRequest(sample, 'main', 'fork-like', { 'README.md': 'hello\n' });
    const readOnly = await github.createToken({ contents: 'read', pull_requests: 'read' });
    const run = await runAction('preview', {
      github: { url: github.url, repository: sample.controlPlane, token: readOnly },
      inputs: { 'pull-request': String(number), 'github-token': readOnly },
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs['comment-url']).toBe('');
    expect(run.log).toContain('The preview comment could not be written');
    expect(run.summary).toContain('No change in the rendered output.');
    expect(await comments(sample, number)).toEqual([]);
  });

  it('never takes over a comment someone else wrote with the marker pasted in', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const number = await openPullRequest(sample, 'main', 'hijack', { 'README.md': 'hello\n' });
    const mallory = await github.createToken(
      { contents: 'read', pull_requests: 'write' },
      undefined,
      'mallory',
    );
    const pasted = '<!-- kalypso-preview -->\nLooks good to me, merge it.';
    const response = await fetch(
      `${github.url}/repos/${sample.controlPlane}/issues/${number}/comments`,
      {
        method: 'POST',
        headers: { authorization: `token ${mallory}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: pasted }),
      },
    );
    expect(response.status).toBe(201);
    const first = await preview(sample, number);
    expect(first.exitCode, first.log).toBe(0);
    const posted = await comments(sample, number);
    expect(
      posted.map((c) => [c.user.login, c.body.startsWith('<!-- kalypso-preview -->')]),
    ).toEqual([
      ['mallory', true],
      ['github-actions[bot]', true],
    ]);
    expect(posted[0]!.body).toBe(pasted);
    expect(first.outputs['comment-url']).toBe(posted[1]!.html_url);
    // The next run finds its own comment (by marker and author) and updates it.
    const second = await preview(sample, number);
    expect(second.exitCode, second.log).toBe(0);
    const after = await comments(sample, number);
    expect(after.map((c) => c.id)).toEqual(posted.map((c) => c.id));
    expect(after[0]!.body).toBe(pasted);
  });

  it('folds the lint warnings of the changed files into a Warnings section, and passes', async () => {
    const sample = await seedSample(github, { environments: ['stage'] });
    const file = 'cluster-types/eastus/web-eastus.yaml';
    const original = sample.files.environments.stage![file]!;
    const number = await openPullRequest(sample, 'stage', 'owner-field', {
      [file]: original
        .replace('  configType: configmap', '  configType: configmap\n  owner: platform')
        .replace('CLUSTER_NAME: Web East US', 'CLUSTER_NAME: Web East US 2'),
    });
    const run = await preview(sample, number);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ changed: 'true', problems: '0', blocked: 'false' });
    const [comment] = await comments(sample, number);
    const body = comment!.body;
    const warning =
      "cluster-types/eastus/web-eastus.yaml:13: ClusterType 'web-eastus': found 'owner' under spec, a field ClusterType does not have, so its value is not used. Known fields there: reconciler, namespaceService, configType.";
    expect(body).toContain(
      '<details><summary>⚠️ Warnings: 1 in the changed files (they do not fail the check)</summary>\n\n- ',
    );
    expect(body).toContain(`- ${warning}`);
    expect(run.log).toContain(`::warning file=${file},line=13::${warning}`);
    // The warnings come before the environment's section.
    expect(body.indexOf('Warnings: 1')).toBeLessThan(body.indexOf('### `stage`'));
  });

  it('an environment leaving the promotion chain is a note, not a removal', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const number = await openPullRequest(sample, 'main', 'shorter-chain', {
      '.github/promotion-chain.yaml': 'environments: [dev]\n',
    });
    const run = await preview(sample, number);
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ removals: '0', blocked: 'false', problems: '0' });
    const [comment] = await comments(sample, number);
    const body = comment!.body;
    for (const env of ['stage', 'prod'])
      expect(body).toContain(
        `> - environment '${env}' leaves the promotion chain: it is not previewed and main is no longer promoted to it; its branch and GitOps output stay as they are (nothing is removed).`,
      );
    expect(body).not.toContain('[!CAUTION]');
    expect(body).not.toContain('### `stage`');
    expect(section(body, 'dev')).toContain('No change in the rendered output.');
  });
});

describe('preview: the promotion chain is bounded and its branches are listed once', () => {
  /** Git requests the preview of a main pull request whose chain is `chain` sends to the control plane. */
  async function gitRequests(
    chain: readonly string[],
  ): Promise<{ requests: number; body: string }> {
    const sample = await seedSample(github);
    const number = await openPullRequest(sample, 'main', 'long-chain', {
      '.github/promotion-chain.yaml': `environments:\n${chain.map((e) => `  - ${e}\n`).join('')}`,
    });
    const before = (await github.state(sample.controlPlane)).requests.length;
    const run = await preview(sample, number);
    expect(run.exitCode, run.log).toBe(0);
    const after = (await github.state(sample.controlPlane)).requests.slice(before);
    const [comment] = await comments(sample, number);
    return { requests: after.filter((r) => r.kind === 'git').length, body: comment!.body };
  }

  it('resolves every branch of a 32-environment chain with one listing: as many git requests as for 2', async () => {
    const missing = (n: number) => Array.from({ length: n }, (_, i) => `planned-${i + 1}`);
    const short = await gitRequests(['dev', ...missing(1)]);
    const long = await gitRequests(['dev', ...missing(31)]);
    expect(long.requests).toBe(short.requests);
    expect(long.body).toContain(
      "the environment branch 'planned-31' does not exist yet, so there is nothing to compare with",
    );
  });

  it('refuses a chain of 33 environments at its line, previewing nothing', async () => {
    const sample = await seedSample(github);
    const chain = Array.from({ length: 33 }, (_, i) => `env-${i + 1}`);
    const number = await openPullRequest(sample, 'main', 'too-long', {
      '.github/promotion-chain.yaml': `environments:\n${chain.map((e) => `  - ${e}\n`).join('')}`,
    });
    const run = await preview(sample, number);
    expect(run.exitCode).toBe(1);
    expect(run.log).toContain(
      "::error file=.github/promotion-chain.yaml,line=34::.github/promotion-chain.yaml:34: 'environments' lists 33 environments; a promotion chain has at most 32. Shorten the chain (the environment on this line is number 33).",
    );
    expect(run.outputs).toMatchObject({ problems: '1', changed: 'false' });
  });
});

describe('preview: inert output', () => {
  const LIVE_MENTION = /(?<![\w`\u200b])@acme\/platform-team/;

  it('pings no one and shows no credential: comment, summary and annotations', async () => {
    const sample = await seedSample(github, { environments: ['dev'] });
    const number = await openPullRequest(sample, 'main', 'hostile-text', {
      'templates/pinging.yaml':
        "apiVersion: scheduler.kalypso.io/v1alpha1\nkind: '@acme/platform-team'\nmetadata:\n  name: ping\n",
      'workloads/leaky.yaml': `apiVersion: scheduler.kalypso.io/v1alpha1\nkind: WorkloadRegistration\nmetadata:\n  name: leaky\nspec:\n  workload:\n    repo: https://deploy:ghp_leak123@${new URL(github.url).host}/${sample.owner}/lift-ops\n    branch: main\n    path: ./grooming\n  workspace: lift-ops-team\n`,
    });
    const run = await preview(sample, number);
    expect(run.exitCode).toBe(1);
    const [comment] = await comments(sample, number);
    for (const [where, shown] of [
      ['comment', comment!.body],
      ['summary', run.summary],
      ['log', run.log],
    ] as const) {
      expect(shown, where).not.toMatch(LIVE_MENTION);
      expect(shown, where).toContain('@\u200bacme/platform-team');
      expect(shown, where).not.toContain('ghp_leak123');
    }
    expect(run.log).toMatch(
      /^::error file=workloads\/leaky\.yaml,line=\d+::.*spec\.workload\.repo 'https:\/\/\*\*\*@[^']+\/lift-ops' carries credentials \(the part before '@'\): remove them/m,
    );
    expect(run.log).toMatch(
      /^::error file=templates\/pinging\.yaml,line=2::.*kind '@\u200bacme\/platform-team' does not exist/m,
    );
  });

  it('hides what a private workload repository renders, unless asked to show it', async () => {
    const sample = await seedSample(github, { environments: ['dev'], privateWorkloads: [token] });
    await github.commit(sample.workloads.liftOps, {
      branch: 'main',
      files: { 'grooming/workload.yaml': groomingWorkload(github.url, sample.owner) },
    });
    const number = await openPullRequest(sample, 'main', 'register-grooming', {
      'workloads/snow-grooming.yaml': groomingRegistration(github.url, sample.owner),
    });
    const hidden = await preview(sample, number);
    expect(hidden.exitCode, hidden.log).toBe(0);
    const [comment] = await comments(sample, number);
    for (const shown of [section(comment!.body, 'dev'), section(hidden.summary, 'dev')]) {
      // What changes is still named; what the private repository renders is not shown.
      expect(shown).toMatch(/\| `grooming-planner-dev` \| ➕ added \|/);
      expect(shown).toMatch(
        /`[^`]*grooming-planner-dev\/[^`]+` \(added\): changed, content hidden \(private repository\)\./,
      );
      expect(shown).toContain('input `show-private-workload-content` shows it');
      expect(shown).not.toContain('+++ b/');
      expect(shown).not.toContain('lift-ops-gitops');
    }
    const shown = await preview(sample, number, { 'show-private-workload-content': 'true' });
    expect(shown.exitCode, shown.log).toBe(0);
    const [updated] = await comments(sample, number);
    expect(section(updated!.body, 'dev')).toContain('+++ b/');
    expect(section(updated!.body, 'dev')).not.toContain('content hidden');
  });
});
