// The preview of a fleet-wide change through the committed bundle against the local GitHub: one
// ConfigMap value used by half the cluster types of the medium synthetic fleet (10,000
// assignments) changes 5,000 rendered files, past what the comment and the job summary hold. The
// run posts a folded comment and a bounded summary, uploads the full diff as a workflow artifact
// to the local artifact service (test/support/artifact-service.ts) and links it; without a
// runtime token it says why the diff is not kept. No timing. The 100,000-file change is
// `npm run bench -- --large` (bench/preview-scale.bench.ts).
//
// `@actions/artifact` refuses to upload unless GITHUB_SERVER_URL is github.com, *.ghe.com or
// *.localhost (it takes any other host for GitHub Enterprise Server), so these runs name the local
// GitHub `github.localhost`: git reaches it through `http.curloptResolve` in a global git config,
// the REST API through GITHUB_API_URL (127.0.0.1).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { COMMENT_LIMIT } from '@kalypso/core';
import { startArtifactService, type LocalArtifactService } from './support/artifact-service.ts';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  FLEET_ENVIRONMENT,
  MEDIUM_FLEET,
  seedFleet,
  type SeededFleet,
} from './support/fleet-fixture.ts';
import { runAction } from './support/run-action.ts';
import { readZip } from './support/zip.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const encoder = new TextEncoder();
const port = new URL(github.url).port;
/** The local GitHub by a name `@actions/artifact` takes for GitHub, not for GHES. */
const serverUrl = `http://github.localhost:${port}`;

/** ConfigMap `config-005` selects the `size: small` cluster types: 50 of 100, 5,000 assignments. */
const FLEET_WIDE = { from: 'KEY_5: value-5\n', to: 'KEY_5: value-5-changed\n' };

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

describe('preview of a fleet-wide change: 5,000 of 30,101 rendered files', () => {
  let fleet: SeededFleet;
  let number: number;
  let artifacts: LocalArtifactService;
  let scratch: string;
  let gitConfig: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'preview-scale-'));
    gitConfig = join(scratch, 'gitconfig');
    await writeFile(gitConfig, `[http]\n\tcurloptResolve = github.localhost:${port}:127.0.0.1\n`);
    artifacts = await startArtifactService();
    fleet = await seedFleet(github, MEDIUM_FLEET, serverUrl);
    expect(fleet.environmentText).toContain(FLEET_WIDE.from);
    await github.commit(fleet.controlPlane, {
      branch: 'fleet-wide',
      from: `refs/heads/${FLEET_ENVIRONMENT}`,
      files: { 'objects.yaml': fleet.environmentText.replace(FLEET_WIDE.from, FLEET_WIDE.to) },
    });
    const pr = await rest<{ number: number }>('POST', `/repos/${fleet.controlPlane}/pulls`, {
      title: 'Change a value every small cluster uses',
      head: 'fleet-wide',
      base: FLEET_ENVIRONMENT,
    });
    number = pr.number;
  }, 600_000);
  afterAll(async () => {
    await artifacts?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  function preview(env: Record<string, string>) {
    return runAction('preview', {
      github: {
        url: github.url,
        repository: fleet.controlPlane,
        token,
        eventName: 'pull_request',
        runId: '77',
      },
      inputs: { 'pull-request': String(number) },
      env: { GITHUB_SERVER_URL: serverUrl, GIT_CONFIG_GLOBAL: gitConfig, ...env },
    });
  }

  async function comment() {
    const comments = await rest<{ body: string; html_url: string }[]>(
      'GET',
      `/repos/${fleet.controlPlane}/issues/${number}/comments`,
    );
    expect(comments).toHaveLength(1);
    return comments[0]!;
  }

  /** The runtime token of the first run: a second upload with it names an artifact again. */
  let runtimeToken: string;

  it('posts a folded comment and a bounded summary, both linking the full diff uploaded as an artifact', async () => {
    runtimeToken = artifacts.runtimeToken();
    const run = await preview({
      ACTIONS_RUNTIME_TOKEN: runtimeToken,
      ACTIONS_RESULTS_URL: `${artifacts.url}/`,
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ changed: 'true', removals: '0', blocked: 'false' });
    const posted = await comment();
    expect(run.outputs['comment-url']).toBe(posted.html_url);
    const body = posted.body;
    expect(encoder.encode(body).length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toContain(`| \`${FLEET_ENVIRONMENT}\` | ✏️ changes | 0 | 0 | 5000 | 50 | 5000 |`);
    expect(encoder.encode(run.summary).length).toBeLessThanOrEqual(1024 * 1024);
    expect(run.summary).toContain('## Kalypso preview: environment `bench`');

    // The artifact: one gzipped unified diff of every changed file and the plan as JSON.
    const uploaded = artifacts.artifacts();
    expect(uploaded.map((a) => a.name)).toEqual([`kalypso-preview-pr-${number}-attempt-1`]);
    const artifact = uploaded[0]!;
    const files = readZip(artifact.bytes);
    expect([...files.keys()].sort()).toEqual(['1-bench.diff.gz', 'plan.json']);
    const diff = gunzipSync(files.get('1-bench.diff.gz')!).toString('utf8');
    expect(diff.match(/^\+\+\+ b\/.*\/platform-config\.yaml$/gm) ?? []).toHaveLength(5000);
    expect(diff.match(/^\+.*KEY_5: value-5-changed$/gm) ?? []).toHaveLength(5000);
    expect(diff.match(/^-.*KEY_5: value-5$/gm) ?? []).toHaveLength(5000);
    const plan = JSON.parse(files.get('plan.json')!.toString('utf8')) as {
      environments: { environment: string; files: unknown[] }[];
    };
    expect(plan.environments.map((e) => [e.environment, e.files.length])).toEqual([
      [FLEET_ENVIRONMENT, 5000],
    ]);

    // Linked from the comment and the summary, with its size.
    const link = `[\`${artifact.name}\`](${serverUrl}/${fleet.controlPlane}/actions/runs/77/artifacts/${artifact.id})`;
    for (const page of [body, run.summary]) {
      expect(page).toContain(`**is the artifact ${link} (`);
      expect(page).toMatch(/\(\d+(\.\d)? (KiB|MiB) of unified diff\)/);
      expect(page).not.toContain('the job summary has the full diff');
    }
    expect(artifacts.requests()).toEqual([
      'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact 200',
      expect.stringMatching(/^PUT \/blobs\/.* 201$/),
      expect.stringMatching(/^PUT \/blobs\/.* 201$/),
      'POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact 200',
    ]);
  }, 600_000);

  it('says why the full diff is not kept when the step has no runtime token', async () => {
    const before = artifacts.artifacts().length;
    const run = await preview({});
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs.changed).toBe('true');
    expect(artifacts.artifacts()).toHaveLength(before);
    const why =
      'The full diff does not fit here and is not kept as an artifact: the step has no ACTIONS\\_RUNTIME\\_TOKEN';
    expect((await comment()).body).toContain(why);
    expect(run.summary).toContain(why);
    expect(run.log).toContain('The full diff is not kept as an artifact');
  }, 600_000);

  it('says that the upload failed, with the message of the service, and still posts the preview', async () => {
    // The same workflow run and attempt: the artifact's name is taken (Twirp `already_exists`).
    const run = await preview({
      ACTIONS_RUNTIME_TOKEN: runtimeToken,
      ACTIONS_RESULTS_URL: `${artifacts.url}/`,
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs.changed).toBe('true');
    const why =
      'is not kept as an artifact: uploading the artifact failed (Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists on the workflow run)';
    expect((await comment()).body).toContain(why);
    expect(run.summary).toContain(why);
  }, 600_000);
});
