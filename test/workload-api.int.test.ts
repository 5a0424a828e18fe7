// Workload repositories on the token's own server are read over GitHub's API, in-process
// (docs/decisions/workload-reads-over-rest.md): the same sources as a git read, no git request —
// listed and read in GraphQL queries of many repositories, or, when GraphQL does not answer, a
// tree and one blob request per YAML file over REST; git when GitHub truncates the tree; an
// unreachable repository, a missing branch and an oversized file said as before. The real
// Octokit against the local GitHub, and the bundled schedule action for the oversized file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { Source } from '@kalypso/core';
import { blobId, createGitHubClient } from '@kalypso/github';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  seedSample,
  type SampleControlPlane,
} from './support/github-server/control-plane-fixture.ts';
import { FLEET_ENVIRONMENT, seedFleet } from './support/fleet-fixture.ts';
import { runAction } from './support/run-action.ts';
import { loggingReporter, sampleReader } from './support/workload-reader.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

describe('workload repositories read over the API', () => {
  let scratch: string;
  let log: string[];
  beforeEach(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'workload-api-'));
    log = [];
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  /** A reader of the sample as the actions build it; `api: false` reads workloads with git. */
  const reader = (
    sample: Pick<SampleControlPlane, 'controlPlane'>,
    api = true,
    workloadToken = token,
  ) =>
    sampleReader(github, scratch, sample, {
      token,
      reporter: loggingReporter(log),
      api,
      workloadToken,
    });

  const requestsOf = async (repo: string) => (await github.state(repo)).requests;

  /**
   * GitHub's GraphQL API failing for the sample's workload repositories: the first query (the
   * listing of every registration) gets a 502, and the run reads every repository over REST.
   */
  async function graphqlDown(sample: SampleControlPlane) {
    for (const repo of Object.values(sample.workloads))
      await github.injectFault({
        kind: 'server-error',
        repo,
        method: 'POST',
        route: 'graphql repository',
        count: 100,
      });
  }
  const saidRest =
    'Reading the further workload repositories over REST: a GraphQL query of them failed (HTTP 502).';

  it.each([
    ['in two GraphQL queries', false],
    ['over REST when GraphQL fails: a tree and one blob per YAML file', true],
  ])('gives the sources a git read gives, without git: %s', async (_, down) => {
    const sample = await seedSample(github);
    if (down) await graphqlDown(sample);
    const lift = sample.workloads.liftOps;
    // Beside the registered folder: a file that is no manifest, a YAML file outside the path, a
    // nested file and a .sourceignore that leaves one out.
    await github.commit(lift, {
      branch: 'main',
      files: {
        'kalypso/notes.txt': 'not a manifest\n',
        'kalypso/nested/extra.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n',
        'kalypso/.sourceignore': 'ignored.yaml\n',
        'kalypso/ignored.yaml': 'a: 1\n',
        'elsewhere/other.yaml': 'b: 2\n',
      },
    });
    const before = (await requestsOf(lift)).length;
    const overApi = await (await reader(sample)).readEnvironment('dev');
    const requests = (await requestsOf(lift)).slice(before);
    const overGit = await (await reader(sample, false)).readEnvironment('dev');
    expect(overApi.problems).toEqual([]);
    expect(overApi.sources!.workloads).toEqual(overGit.sources!.workloads);
    const liftSource = overApi.sources!.workloads.find(
      (s) => s.origin.kind === 'workload' && s.origin.registration === 'lift-ops',
    )!;
    expect(liftSource.files.map((f) => f.path)).toEqual([
      `${lift}@main:kalypso/lift-control.yaml`,
      `${lift}@main:kalypso/nested/extra.yaml`,
    ]);
    if (!down) {
      // One query lists the branch below the path, one reads its four files (with the other
      // repositories' of the same turn).
      expect(requests.map((r) => `${r.kind} ${r.route}`)).toEqual([
        'graphql repository',
        'graphql repository',
        // lift-control.yaml, nested/extra.yaml, ignored.yaml and the .sourceignore.
        ...Array(4).fill('graphql Blob.text'),
      ]);
      expect(log.filter((l) => l.includes('over REST'))).toEqual([]);
      return;
    }
    // The tree by the branch's full ref name: no request for the ref itself.
    expect(requests.map((r) => `${r.kind} ${r.route}`)).toEqual([
      'rest /repos/{owner}/{repo}/git/trees/{tree_sha+}',
      // lift-control.yaml, nested/extra.yaml, ignored.yaml and the .sourceignore: not notes.txt,
      // not elsewhere/other.yaml.
      ...Array(4).fill('rest /repos/{owner}/{repo}/git/blobs/{file_sha}'),
    ]);
    expect(log.filter((l) => l.includes('over REST'))).toEqual([saidRest]);
  });

  it('reads the deferred files of every workload in the same turn, so 90 go in one query', async () => {
    // 90 workload repositories of one file each: fewer blobs than one query reads (100). A
    // bound of 64 deferred reads at once sent 64, then the other 26 once those were answered.
    const fleet = await seedFleet(github, {
      clusterTypes: 2,
      targets: 90 * 20,
      policies: 2,
      regions: 2,
      configMaps: 2,
    });
    const workloads = Array.from({ length: 90 }, (_, w) => `${fleet.owner}/app-${w}`);
    const listed = await (
      await reader(fleet)
    ).readEnvironment(FLEET_ENVIRONMENT, undefined, undefined, { deferBlobs: true });
    expect(listed.problems).toEqual([]);
    const before = await Promise.all(workloads.map(async (w) => (await requestsOf(w)).length));
    const full = await listed.readDeferred!();
    expect(full.problems).toEqual([]);
    // The texts an eager read gives (read afterwards: its queries are not counted).
    const texts = (
      await Promise.all(workloads.map(async (w, i) => (await requestsOf(w)).slice(before[i])))
    )
      .flat()
      .filter((r) => r.route === 'Blob.text');
    const eager = await (await reader(fleet)).readEnvironment(FLEET_ENVIRONMENT);
    expect(full.sources!.workloads).toEqual(eager.sources!.workloads);
    expect(texts).toHaveLength(90);
    expect(new Set(texts.map((r) => r.query)).size).toBe(1);
  });

  it.each([
    ['told before the repositories are listed', true],
    ['told once they are listed', false],
  ])(
    'reads the deferred files without being asked once told the run renders (%s)',
    async (_, early) => {
      const sample = await seedSample(github);
      const repos = Object.values(sample.workloads);
      /** Where each workload repository's request log stands. */
      const mark = () => Promise.all(repos.map(async (r) => (await requestsOf(r)).length));
      const since = async (at: number[]) =>
        (await Promise.all(repos.map(async (r, i) => (await requestsOf(r)).slice(at[i])))).flat();
      const blobs = async (at: number[]) =>
        (await since(at)).filter((r) => r.route === 'Blob.text').length;
      // The files a deferred read reads when listing (the ignore rules) and when `readDeferred`
      // asks.
      const beforeLazy = await mark();
      const lazy = await (
        await reader(sample)
      ).readEnvironment('dev', undefined, undefined, { deferBlobs: true });
      const listedLazy = await mark();
      const listing = await blobs(beforeLazy);
      const expected = await lazy.readDeferred!();
      const asked = await blobs(listedLazy);
      expect(asked).toBeGreaterThan(0);

      let tell: (now: boolean) => void = () => undefined;
      const readNow = early ? Promise.resolve(true) : new Promise<boolean>((r) => (tell = r));
      const before = await mark();
      const told: Source[] = [];
      const listed = await (
        await reader(sample)
      ).readEnvironment('dev', undefined, undefined, {
        deferBlobs: true,
        readNow,
        readAhead: (source) => told.push(source),
      });
      expect(listed.problems).toEqual([]);
      if (!early) {
        // Listed only: nothing else read until told.
        expect(await blobs(before)).toBe(listing);
        tell(true);
      }
      // The same files read, without `readDeferred` asking…
      await vi.waitFor(async () => expect(await blobs(before)).toBe(listing + asked), {
        timeout: 30_000,
        interval: 20,
      });
      // …which then reads nothing more, and gives the same sources.
      const settled = await mark();
      const full = await listed.readDeferred!();
      expect(await since(settled)).toEqual([]);
      expect(full).toEqual(expected);
      // Each source read ahead was told as it came: those `readDeferred` gives, read.
      expect(told.length).toBeGreaterThan(0);
      for (const source of told) expect(full.sources!.workloads).toContain(source);
      expect(told.flatMap((s) => s.files).every((f) => f.blobId === undefined)).toBe(true);
    },
  );

  it('takes a deferred file from the noted texts when they are its bytes, and reads the others', async () => {
    const sample = await seedSample(github);
    const repos = Object.values(sample.workloads);
    const mark = () => Promise.all(repos.map(async (r) => (await requestsOf(r)).length));
    const blobsSince = async (at: number[]) =>
      (await Promise.all(repos.map(async (r, i) => (await requestsOf(r)).slice(at[i]))))
        .flat()
        .filter((r) => r.route === 'Blob.text')
        .map((r) => r.path);
    const eager = await (await reader(sample)).readEnvironment('dev');
    const files = eager.sources!.workloads.flatMap((s) => s.files);
    expect(files.length).toBeGreaterThan(2);
    const idOf = (text: string) => blobId(new TextEncoder().encode(text));
    // Every file's text by its id, but one under its id with other bytes (a note tampered
    // with) and one left out: those two are downloaded, and the sources are the eager read's.
    const [tampered, missing, ...kept] = files;
    const noted = new Map(kept.map((f) => [idOf(f.text), f.text]));
    noted.set(idOf(tampered!.text), `${tampered!.text}kind: Secret\n`);
    const before = await mark();
    const listed = await (
      await reader(sample)
    ).readEnvironment('dev', undefined, undefined, {
      deferBlobs: true,
      notedTexts: Promise.resolve(noted),
    });
    const afterListing = await mark();
    const full = await listed.readDeferred!();
    expect(full.problems).toEqual([]);
    expect(full.sources).toEqual(eager.sources);
    expect((await blobsSince(afterListing)).sort()).toEqual(
      [idOf(tampered!.text), idOf(missing!.text)].sort(),
    );
    // Without the texts, every deferred file is downloaded.
    expect((await blobsSince(before)).length).toBeLessThan(files.length);
  });

  it.each([
    ['in GraphQL queries', false],
    ['over REST when GraphQL fails', true],
  ])(
    'lists YAML files by blob id when asked to defer them, and reads them only on readDeferred (%s)',
    async (_, down) => {
      const sample = await seedSample(github);
      if (down) await graphqlDown(sample);
      const lift = sample.workloads.liftOps;
      await github.commit(lift, {
        branch: 'main',
        files: {
          'kalypso/nested/extra.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n',
          'kalypso/.sourceignore': 'ignored.yaml\n',
          'kalypso/ignored.yaml': 'a: 1\n',
        },
      });
      const before = (await requestsOf(lift)).length;
      const deferred = await (
        await reader(sample)
      ).readEnvironment('dev', undefined, undefined, {
        deferBlobs: true,
      });
      const listed = (await requestsOf(lift)).slice(before);
      expect(deferred.problems).toEqual([]);
      const liftOf = (read: typeof deferred) =>
        read.sources!.workloads.find(
          (s) => s.origin.kind === 'workload' && s.origin.registration === 'lift-ops',
        )!;
      // The ignore rules are read (they decide the files); the manifests are ids, git's own.
      const eager = await (await reader(sample)).readEnvironment('dev');
      expect(liftOf(deferred).files).toEqual(
        liftOf(eager).files.map((f) => ({
          path: f.path,
          text: '',
          blobId: blobId(new TextEncoder().encode(f.text)),
        })),
      );
      // The listing, and the .sourceignore read.
      expect(listed.map((r) => r.route)).toEqual(
        down
          ? [
              '/repos/{owner}/{repo}/git/trees/{tree_sha+}',
              '/repos/{owner}/{repo}/git/blobs/{file_sha}',
            ]
          : ['repository', 'repository', 'Blob.text'],
      );
      const afterListing = (await requestsOf(lift)).length;
      const full = await deferred.readDeferred!();
      expect(full.readDeferred).toBeUndefined();
      expect(full.problems).toEqual([]);
      expect(full.sources).toEqual(eager.sources);
      // lift-control.yaml, nested/extra.yaml and ignored.yaml (the eager read's blobs but the
      // rules): one query, or a request each.
      expect((await requestsOf(lift)).slice(afterListing).map((r) => r.route)).toEqual(
        down
          ? Array(3).fill('/repos/{owner}/{repo}/git/blobs/{file_sha}')
          : ['repository', ...Array(3).fill('Blob.text')],
      );
    },
  );

  it('reads a repository whose tree listing GitHub truncated with git, and says so', async () => {
    const sample = await seedSample(github);
    const lift = sample.workloads.liftOps;
    await github.settings(lift, { tree_listing_limit: 1 });
    await graphqlDown(sample);
    const before = (await requestsOf(lift)).length;
    const read = await (await reader(sample)).readEnvironment('dev');
    const requests = (await requestsOf(lift)).slice(before);
    const overGit = await (await reader(sample, false)).readEnvironment('dev');
    expect(read.problems).toEqual([]);
    expect(read.sources!.workloads).toEqual(overGit.sources!.workloads);
    expect(requests.filter((r) => r.kind === 'rest').map((r) => r.route)).toEqual([
      '/repos/{owner}/{repo}/git/trees/{tree_sha+}',
    ]);
    expect(requests.some((r) => r.kind === 'git')).toBe(true);
    expect(log).toContain(`Reading '${lift}' with git: GitHub truncated its tree listing.`);
  });

  /**
   * Reads the sample over the API (and with git, to compare): the kinds of request each workload
   * repository got, in the order the registrations are read.
   */
  async function readWithKinds(sample: SampleControlPlane) {
    const { guestServices, liftOps, platformServices } = sample.workloads;
    const repositories = [guestServices, liftOps, platformServices];
    const before = await Promise.all(repositories.map(async (r) => (await requestsOf(r)).length));
    const read = await (await reader(sample)).readEnvironment('dev');
    const kinds = await Promise.all(
      repositories.map(async (r, i) => [
        ...new Set((await requestsOf(r)).slice(before[i]).map((q) => q.kind)),
      ]),
    );
    const overGit = await (await reader(sample, false)).readEnvironment('dev');
    return { read, kinds, overGit };
  }

  it('reads the further repositories with git once the token has few REST requests left', async () => {
    const sample = await seedSample(github);
    const { guestServices } = sample.workloads;
    // The listings all fall back to REST: the first, guest-services (registrations are read in
    // name order), goes alone and tells the budget; the others wait for it and read with git.
    await github.settings(guestServices, { rate_limit_remaining: 120 });
    // The first query fails before any REST answer: every repository is asked over REST first.
    await graphqlDown(sample);
    const { read, kinds, overGit } = await readWithKinds(sample);
    expect(read.problems).toEqual([]);
    expect(read.sources!.workloads).toEqual(overGit.sources!.workloads);
    expect(kinds).toEqual([['rest'], ['git'], ['git']]);
    expect(log.filter((l) => l.startsWith('Reading the further workload'))).toEqual([
      saidRest,
      "Reading the further workload repositories with git: the token in 'workload-token' has 120 REST requests left (x-ratelimit-remaining), under the 500 this run leaves to the calls only the API can make.",
    ]);
  });

  it('reads the further repositories over REST once the token has few GraphQL points left', async () => {
    const sample = await seedSample(github);
    const { guestServices } = sample.workloads;
    // The listing query, which names guest-services, answers that 120 points are left.
    await github.settings(guestServices, { graphql_rate_limit_remaining: 120 });
    const { read, kinds, overGit } = await readWithKinds(sample);
    expect(read.problems).toEqual([]);
    expect(read.sources!.workloads).toEqual(overGit.sources!.workloads);
    // The listings in that one query, the files over REST (asked after its answer).
    expect(kinds).toEqual([
      ['graphql', 'rest'],
      ['graphql', 'rest'],
      ['graphql', 'rest'],
    ]);
    expect(log.filter((l) => l.startsWith('Reading the further workload'))).toEqual([
      'Reading the further workload repositories over REST: the workload token has 120 GraphQL points left (x-ratelimit-remaining), under the 500 this run leaves to other calls.',
    ]);
  });

  it('names the registration of a repository the token cannot reach and of a missing branch', async () => {
    const someoneElse = await github.createToken({ contents: 'read' });
    const sample = await seedSample(github, { privateWorkloads: [someoneElse] });
    const registration = 'workloads/guest-services.yaml';
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: {
        [registration]: sample.files.main[registration]!.replace('branch: main', 'branch: nope'),
      },
    });
    const [head] = await github.log(sample.controlPlane, 'main');
    const read = await (await reader(sample)).readEnvironment('dev', head!.sha);
    const messages = read.problems.map((p) => `${p.file}: ${p.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^workloads/lift-ops\\.yaml: cannot read '${sample.workloads.liftOps}' \\(branch 'main'\\): GitHub answered 404 .* Give the token in 'workload-token' read access \\('contents: read'\\)`,
        ),
      ),
    );
    // The branch of a repository the token cannot see is not said to be missing.
    expect(messages.join('\n')).not.toContain(`branch 'nope' does not exist`);
    const readable = await (
      await reader(sample, true, someoneElse)
    ).readEnvironment('dev', head!.sha);
    expect(readable.problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      `${registration}: branch 'nope' does not exist in '${sample.workloads.guestServices}'. Fix spec.workload.branch or create the branch.`,
    ]);
  });

  /** The control plane's `main` with the lift-ops registration on another branch. */
  async function registeredOn(sample: SampleControlPlane, branch: string) {
    const registration = 'workloads/lift-ops.yaml';
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: {
        [registration]: sample.files.main[registration]!.replace(
          'branch: main',
          `branch: ${JSON.stringify(branch)}`,
        ),
      },
    });
    const [head] = await github.log(sample.controlPlane, 'main');
    return head!.sha;
  }

  it.each([
    ['in GraphQL', false],
    ['over REST in one request', true],
  ])(
    'reads a branch by its full ref name %s, whatever its name holds; never a tag of that name',
    async (_, down) => {
      const sample = await seedSample(github);
      if (down) await graphqlDown(sample);
      const lift = sample.workloads.liftOps;
      // A slash, a '#' and a '%2F' that must reach GitHub as they are (not as 'a/b').
      const branch = 'release/2026#1%2Fx';
      const onBranch = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: on-branch}\n';
      await github.commit(lift, { branch, files: { 'kalypso/extra.yaml': onBranch } });
      // A tag of the same name on main (without that file): a tag is never what is read.
      const [mainHead] = await github.log(lift, 'main');
      const octokit = createGitHubClient({
        token,
        baseUrl: github.url,
        reporter: loggingReporter(log),
        tokenInput: 'github-token',
        retries: 0,
      }).octokit;
      const [owner = '', repo = ''] = lift.split('/');
      await octokit.rest.git.createRef({
        owner,
        repo,
        ref: `refs/tags/${branch}`,
        sha: mainHead!.sha,
      });
      const head = await registeredOn(sample, branch);
      const before = (await requestsOf(lift)).length;
      const overApi = await (await reader(sample)).readEnvironment('dev', head);
      const requests = (await requestsOf(lift)).slice(before);
      const overGit = await (await reader(sample, false)).readEnvironment('dev', head);
      expect(overApi.problems).toEqual([]);
      expect(overApi.sources!.workloads).toEqual(overGit.sources!.workloads);
      const liftSource = overApi.sources!.workloads.find(
        (s) => s.origin.kind === 'workload' && s.origin.registration === 'lift-ops',
      )!;
      expect(liftSource.files.find((f) => f.path.endsWith('kalypso/extra.yaml'))?.text).toBe(
        onBranch,
      );
      expect(log.some((l) => l.includes(`from '${lift}' at tree `))).toBe(true);
      if (!down) {
        // lift-control.yaml and extra.yaml.
        expect(requests.map((r) => r.route)).toEqual([
          'repository',
          'repository',
          'Blob.text',
          'Blob.text',
        ]);
        return;
      }
      expect(requests[0]).toMatchObject({
        route: '/repos/{owner}/{repo}/git/trees/{tree_sha+}',
        path: `/repos/${lift}/git/trees/refs/heads/release/2026%231%252Fx`,
        status: 200,
      });
      expect(
        requests.filter((r) => r.route !== '/repos/{owner}/{repo}/git/blobs/{file_sha}'),
      ).toHaveLength(1);
      expect(log.some((l) => l.includes(`from '${lift}' at tree `))).toBe(true);
    },
  );

  it('asks for the ref when the tree of the branch is not there: a missing branch is said as before', async () => {
    const sample = await seedSample(github);
    const lift = sample.workloads.liftOps;
    const head = await registeredOn(sample, 'nope');
    const before = (await requestsOf(lift)).length;
    const read = await (await reader(sample)).readEnvironment('dev', head);
    const requests = (await requestsOf(lift)).slice(before);
    expect(read.problems.map((p) => `${p.file}: ${p.message}`)).toEqual([
      `workloads/lift-ops.yaml: branch 'nope' does not exist in '${lift}'. Fix spec.workload.branch or create the branch.`,
    ]);
    // GraphQL finds no such ref: REST is asked, the long way, to say why.
    expect(requests.map((r) => `${r.route} ${r.status}`)).toEqual([
      'repository 200',
      '/repos/{owner}/{repo}/git/trees/{tree_sha+} 404',
      '/repos/{owner}/{repo}/git/ref/{ref+} 404',
      '/repos/{owner}/{repo} 200',
    ]);
  });
});

describe('schedule (the bundled action): a workload file over the per-file budget', () => {
  it('is named with its size and never downloaded; nothing is proposed', async () => {
    const sample = await seedSample(github);
    const lift = sample.workloads.liftOps;
    const big = `a: "${'x'.repeat(8 * 1024 * 1024)}"\n`;
    await github.commit(lift, { branch: 'main', files: { 'kalypso/big.yaml': big } });
    const before = (await github.state(lift)).requests.length;
    const run = await runAction('schedule', {
      github: { url: github.url, repository: sample.controlPlane, token, runId: '42' },
      inputs: { environment: 'dev' },
    });
    expect(run.exitCode, run.log).toBe(1);
    expect(run.summary).toContain(`${lift}@main:kalypso/big.yaml`);
    expect(run.summary).toContain('the file is 8388614 bytes, more than the 8 MiB');
    const requests = (await github.state(lift)).requests.slice(before);
    // One blob: lift-control.yaml; the big file is known by its size from the listing.
    expect(requests.map((r) => `${r.kind} ${r.route}`)).toEqual([
      'graphql repository',
      'graphql repository',
      'graphql Blob.text',
    ]);
    expect((await github.state(sample.gitops)).pulls).toEqual([]);
  });
});
