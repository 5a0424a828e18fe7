// `kalypso status` as users run it, against the local GitHub: the promotion chain of a
// control-plane repository read back from its deployments ledger (GitHub's Deployments API) and
// commit statuses, as text and as JSON; a token without `deployments: read` is told what it lacks.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';

const run = promisify(execFile);
const cli = join(resolve(import.meta.dirname, '..'), 'packages', 'cli', 'bin', 'kalypso.js');
const github = new LocalGitHub(inject('githubUrl'));
const admin = inject('githubToken');

async function kalypso(token: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, GITHUB_TOKEN: token, GH_TOKEN: '', GITHUB_API_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${github.url}${path}`, {
    method,
    headers: { authorization: `token ${admin}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A deployment of the ledger with these statuses, as the actions write it. */
async function deploy(repo: string, environment: string, sha: string, states: string[]) {
  const { id } = await api<{ id: number }>('POST', `/repos/${repo}/deployments`, {
    ref: sha,
    environment,
    task: 'kalypso:promote',
    auto_merge: false,
    required_contexts: [],
    production_environment: environment === 'prod',
    payload: { kalypso: 1, gitopsRepository: 'acme/gitops', gitopsBranch: environment },
  });
  for (const state of states)
    await api('POST', `/repos/${repo}/deployments/${id}/statuses`, {
      state,
      log_url: `${github.url}/${repo}/actions/runs/${id}`,
      environment_url: `${github.url}/acme/gitops/pull/7`,
      auto_inactive: false,
    });
}

/** A control plane with a chain and two main commits: old everywhere, new in dev and on its way. */
async function ledgerWorld() {
  const created = await github.createRepo({
    files: { '.github/promotion-chain.yaml': 'environments: [dev, stage, prod]\n' },
  });
  const repo = created.fullName;
  const old = created.heads.main!;
  const { sha: fresh } = await github.commit(repo, {
    branch: 'main',
    files: { 'README.md': 'new\n' },
    message: 'Register snow-grooming\n\nbody',
  });
  for (const env of ['dev', 'stage', 'prod']) await deploy(repo, env, old, ['queued', 'success']);
  await deploy(repo, 'dev', fresh, ['queued', 'in_progress', 'success']);
  // dev's old deployment became inactive when the new one succeeded (the writer does this).
  const [oldDev] = await api<{ id: number }[]>(
    'GET',
    `/repos/${repo}/deployments?environment=dev&sha=${old}`,
  );
  await api('POST', `/repos/${repo}/deployments/${oldDev!.id}/statuses`, {
    state: 'inactive',
    auto_inactive: false,
  });
  await deploy(repo, 'stage', fresh, ['queued', 'in_progress']);
  await api('POST', `/repos/${repo}/statuses/${fresh}`, {
    state: 'pending',
    context: 'stage environment',
    description: 'Deploying',
  });
  return { repo, old, fresh };
}

describe('kalypso status', () => {
  it('prints which commit runs where, since when, by which run, and what is on its way', async () => {
    const { repo, old, fresh } = await ledgerWorld();
    const result = await kalypso(admin, 'status', '--repo', repo, '--api-url', github.url);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [o, f] = [old.slice(0, 7), fresh.slice(0, 7)];
    expect(result.stdout).toContain(`dev ✅ ${f} → stage ✅ ${o} ⏳ ${f} → prod ✅ ${o}`);
    expect(result.stdout).toMatch(new RegExp(`^dev\\s+✅ ${f} Register snow-grooming$`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^stage\\s+✅ ${o} `, 'm'));
    expect(result.stdout).toMatch(
      new RegExp(`⏳ ${f} Register snow-grooming: Deploying \\(since `),
    );
    expect(result.stdout).toContain(`${github.url}/${repo}/actions/runs/`);
    expect(result.stdout).toMatch(new RegExp(`^prod\\s+✅ ${o} `, 'm'));
  });

  it('prints the same as JSON for scripts', async () => {
    const { repo, old, fresh } = await ledgerWorld();
    const result = await kalypso(
      admin,
      ...['status', '--repo', repo, '--api-url', github.url, '--format', 'json'],
    );
    expect(result.code, result.stderr).toBe(0);
    const doc = JSON.parse(result.stdout) as {
      repository: string;
      chain: string[];
      environments: {
        environment: string;
        state: string;
        current: { commit: string; subject?: string; since: string; logUrl?: string } | null;
        latest: { commit: string; state: string; status?: { description: string } } | null;
        waiting: { commit: string } | null;
      }[];
    };
    expect(doc.repository).toBe(repo);
    expect(doc.chain).toEqual(['dev', 'stage', 'prod']);
    const [dev, stage, prod] = doc.environments;
    expect(dev).toMatchObject({
      environment: 'dev',
      state: 'success',
      current: { commit: fresh, subject: 'Register snow-grooming', logUrl: expect.any(String) },
      latest: null,
    });
    expect(stage).toMatchObject({
      state: 'in_progress',
      current: { commit: old },
      latest: { commit: fresh, state: 'in_progress', status: { description: 'Deploying' } },
      waiting: null,
    });
    expect(prod).toMatchObject({ state: 'success', current: { commit: old }, latest: null });
    expect(Date.parse(dev!.current!.since)).not.toBeNaN();
  });

  it('says which permission a token lacks, and exits 1', async () => {
    const { repo } = await ledgerWorld();
    const token = await github.createToken({ contents: 'read' });
    const result = await kalypso(token, 'status', '--repo', repo, '--api-url', github.url);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("'deployments: read'");
  });

  it('needs --repo outside a clone', async () => {
    const result = await kalypso(admin, 'status', '--api-url', github.url, '--repo', 'not a repo');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--repo must be owner/name');
  });
});
