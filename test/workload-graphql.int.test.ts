// What the GraphQL reads of workload repositories take, and what they leave to REST
// (packages/github/src/workload-graphql.ts, docs/decisions/workload-reads-over-rest.md): a blob
// only when its text is exactly its bytes — not one GitHub cuts at 512,000 bytes, gives as
// binary, or re-encodes because it is not UTF-8 —, a listing only when every level below the
// path came back. Whatever the way, the sources are a git read's, byte for byte. The real Octokit
// against the local GitHub, whose GraphQL answers are held to GitHub's own schema.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { loggingReporter, sampleReader } from './support/workload-reader.ts';

const run = promisify(execFile);
const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

describe('workload repositories read in GraphQL queries', () => {
  let scratch: string;
  let log: string[];
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'workload-graphql-'));
    log = [];
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  const reader = (sample: SampleControlPlane, api: boolean) =>
    sampleReader(github, scratch, sample, { token, reporter: loggingReporter(log), api });

  /** Pushes files of any bytes onto the repository's main with real git. */
  async function push(repo: string, files: Record<string, Uint8Array>) {
    const work = join(scratch, `push-${Math.random().toString(36).slice(2)}`);
    const git = (args: string[], cwd = work) =>
      run(
        'git',
        [
          '-c',
          `http.extraheader=AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`,
          ...args,
        ],
        {
          cwd,
          env: {
            PATH: process.env.PATH,
            HOME: scratch,
            GIT_TERMINAL_PROMPT: '0',
            GIT_AUTHOR_NAME: 't',
            GIT_AUTHOR_EMAIL: 't@t',
            GIT_COMMITTER_NAME: 't',
            GIT_COMMITTER_EMAIL: 't@t',
          },
        },
      );
    await git(['clone', '--quiet', '--branch=main', `${github.url}/${repo}.git`, work], scratch);
    for (const [path, bytes] of Object.entries(files)) {
      await mkdir(dirname(join(work, path)), { recursive: true });
      await writeFile(join(work, path), bytes);
    }
    await git(['add', '.']);
    await git(['commit', '--quiet', '-m', 'files']);
    await git(['push', '--quiet', 'origin', 'main']);
  }

  const requestsOf = async (repo: string) =>
    (await github.state(repo)).requests.map((r) => `${r.kind} ${r.route}`);

  it('takes a blob only when its text is exactly its bytes; the others over REST', async () => {
    const sample = await seedSample(github);
    const lift = sample.workloads.liftOps;
    const yaml = (text: string) => new TextEncoder().encode(text);
    await push(lift, {
      // Latin-1, not UTF-8: GraphQL's text would hold U+FFFD.
      'kalypso/latin.yaml': Buffer.concat([yaml('a: caf'), Buffer.from([0xe9]), yaml('\n')]),
      // Over 512,000 bytes: GraphQL cuts its text.
      'kalypso/large.yaml': yaml(`b: "${'x'.repeat(600_000)}"\n`),
      // A NUL byte: binary to GitHub, no text.
      'kalypso/nul.yaml': Buffer.concat([yaml('c: 1\n'), Buffer.from([0]), yaml('\n')]),
      'kalypso/plain.yaml': yaml('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: plain}\n'),
    });
    const before = (await requestsOf(lift)).length;
    const overApi = await (await reader(sample, true)).readEnvironment('dev');
    const requests = (await requestsOf(lift)).slice(before);
    const overGit = await (await reader(sample, false)).readEnvironment('dev');
    expect(overApi.sources!.workloads).toEqual(overGit.sources!.workloads);
    expect(overApi.problems).toEqual(overGit.problems);
    // The listing and the blob query (lift-control.yaml, plain.yaml, latin.yaml and nul.yaml
    // asked; large.yaml never; a text for all but nul.yaml, binary), then the three GraphQL did
    // not give exactly, over REST.
    expect(requests).toEqual([
      'graphql repository',
      'graphql repository',
      ...Array(3).fill('graphql Blob.text'),
      ...Array(3).fill('rest /repos/{owner}/{repo}/git/blobs/{file_sha}'),
    ]);
  });

  it('lists over REST a branch with trees deeper than the query reaches; its files still come from GraphQL', async () => {
    const sample = await seedSample(github);
    const { liftOps, guestServices } = sample.workloads;
    const yaml = (name: string) =>
      new TextEncoder().encode(`apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\n`);
    // Four levels below the registered path 'kalypso/' come back; the fifth is REST's.
    await push(liftOps, {
      'kalypso/a/b/c/shallow.yaml': yaml('shallow'),
      'kalypso/a/b/c/d/deep.yaml': yaml('deep'),
    });
    const before = {
      lift: (await requestsOf(liftOps)).length,
      guest: (await requestsOf(guestServices)).length,
    };
    const overApi = await (await reader(sample, true)).readEnvironment('dev');
    const lift = (await requestsOf(liftOps)).slice(before.lift);
    const guest = (await requestsOf(guestServices)).slice(before.guest);
    const overGit = await (await reader(sample, false)).readEnvironment('dev');
    expect(overApi.problems).toEqual([]);
    expect(overApi.sources!.workloads).toEqual(overGit.sources!.workloads);
    const liftSource = overApi.sources!.workloads.find(
      (s) => s.origin.kind === 'workload' && s.origin.registration === 'lift-ops',
    )!;
    expect(liftSource.files.map((f) => f.path)).toContain(
      `${liftOps}@main:kalypso/a/b/c/d/deep.yaml`,
    );
    // The listing asked again over REST; lift-control.yaml, shallow.yaml and deep.yaml from
    // GraphQL.
    expect(lift).toEqual([
      'graphql repository',
      'rest /repos/{owner}/{repo}/git/trees/{tree_sha+}',
      'graphql repository',
      ...Array(3).fill('graphql Blob.text'),
    ]);
    // The others, read alongside, stay GraphQL's.
    expect(guest.filter((r) => r !== 'graphql Blob.text')).toEqual([
      'graphql repository',
      'graphql repository',
    ]);
  });
});
