// Tokens go to exactly one origin: the scheme, host and port of GITHUB_SERVER_URL. Real git
// against the local GitHub; the server's request log shows where credentials went.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Reporter } from '@kalypso/core';
import { LocalGitHub } from '../support/github-server/client.ts';
import { seedSample } from '../support/github-server/control-plane-fixture.ts';
import { runAction } from '../support/run-action.ts';
import { sampleReader } from '../support/workload-reader.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const quiet: Reporter = {
  info: () => undefined,
  debug: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  group: (_name, work) => work(),
};

describe('token origin', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'token-origin-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  /** A reader of the sample's control plane, as the schedule action builds it (git only). */
  const reader = (sample: Awaited<ReturnType<typeof seedSample>>, serverUrl: string) =>
    sampleReader(github, scratch, sample, { token, reporter: quiet, api: false, serverUrl });

  it('refuses a workload URL on the server host with another scheme, naming the file, and sends nothing', async () => {
    const sample = await seedSample(github);
    const local = new URL(github.url);
    const registration = 'workloads/lift-ops.yaml';
    const moved = `https://${local.host}`;
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { [registration]: sample.files.main[registration]!.replace(github.url, moved) },
    });
    const [head] = await github.log(sample.controlPlane, 'main');
    const baseRepo = (await github.files(sample.controlPlane, 'dev'))['base-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo.replace(sample.main, head!.sha) },
    });
    const read = await (await reader(sample, github.url)).readEnvironment('dev');
    expect(read.problems).toEqual([
      expect.objectContaining({
        file: registration,
        message: `spec.workload.repo '${moved}/${sample.workloads.liftOps}' is refused: its origin '${moved}' is not GITHUB_SERVER_URL's '${github.url}' (scheme, host and port must all match), and the token is only sent to that exact origin. Use ${github.url}/${sample.workloads.liftOps}.`,
      }),
    ]);
    // No git request reached the workload repository: the token never left.
    expect((await github.state(sample.workloads.liftOps)).requests).toEqual([]);
  });

  it('refuses an http:// BaseRepo on the host of an https:// server (clear text), naming base-repo.yaml', async () => {
    const sample = await seedSample(github);
    const local = new URL(github.url);
    const read = await (await reader(sample, `https://${local.host}`)).readEnvironment('dev');
    expect(read.problems[0]).toMatchObject({
      file: 'base-repo.yaml',
      message: expect.stringContaining(
        `is refused: it uses http:// on the host of GITHUB_SERVER_URL 'https://${local.host}', so the token would travel in clear text`,
      ),
    });
    expect(read.sources).toBeUndefined();
  });

  it('reads a repository on another host anonymously: the token is not sent there', async () => {
    const sample = await seedSample(github);
    const local = new URL(github.url);
    // localhost and 127.0.0.1 reach the same server but are different hosts to the rule.
    const other = `http://localhost:${local.port}`;
    const registration = 'workloads/lift-ops.yaml';
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { [registration]: sample.files.main[registration]!.replace(github.url, other) },
    });
    const [head] = await github.log(sample.controlPlane, 'main');
    const baseRepo = (await github.files(sample.controlPlane, 'dev'))['base-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo.replace(sample.main, head!.sha) },
    });
    const read = await (await reader(sample, github.url)).readEnvironment('dev');
    expect(read.problems).toEqual([
      expect.objectContaining({
        file: registration,
        message: expect.stringContaining(`cannot read '${sample.workloads.liftOps}'`),
      }),
    ]);
    // The local GitHub refuses git without credentials (401): every request to the other host
    // came without the token.
    const requests = (await github.state(sample.workloads.liftOps)).requests;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.map((r) => r.status)).toEqual(requests.map(() => 401));
  });

  it('refuses a GitOpsRepo on another host: the gitops-token stays with GITHUB_SERVER_URL', async () => {
    const sample = await seedSample(github);
    const gitopsRepo = sample.files.environments.dev!['gitops-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'gitops-repo.yaml': gitopsRepo.replace(github.url, 'https://github.com') },
    });
    const run = await runAction('schedule', {
      github: { url: github.url, repository: sample.controlPlane, token },
      inputs: { environment: 'dev' },
    });
    expect(run.exitCode).toBe(1);
    expect(run.summary).toContain(
      `spec.repo 'https://github.com/${sample.gitops}' is not on the GitHub this action runs against ('${github.url}'), and the 'gitops-token' is only sent to that exact origin`,
    );
    const gitops = await github.state(sample.gitops);
    expect(gitops.requests).toEqual([]);
    expect(gitops.pulls).toEqual([]);
  });
});
