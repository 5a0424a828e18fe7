import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blobObject, indexFolderTrees, README_TEXT } from '@kalypso/core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../../../test/support/github-server/client.ts';
import { blobId, GitWorkspace } from './git.ts';
import { createGitOpsRepository } from './gitops-repository.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const encoder = new TextEncoder();

/** A small deterministic generator (mulberry32). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Names whose order git decides by its own rule (a folder sorts as `name/`), and non-ASCII ones.
const NAMES = ['a', 'a-b', 'a.b', 'a0', 'ab', 'b', 'z', 'ünï', 'x y', 'A', 'a_b'];

describe('the folded read of a GitOps branch', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gitops-folders-test-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists exactly the tree, and the tree ids an index makes are those git gives', async () => {
    const random = generator(20261126);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    for (const gitopsPath of ['', 'clusters/prod']) {
      const prefix = gitopsPath === '' ? '' : `${gitopsPath}/`;
      const files: Record<string, string> = {
        'README.md': '# GitOps\n',
        '.github/tracking/Promoted_Commit_Id': 'abc\n',
        [`${prefix}.flux/kustomization.yaml`]: 'kind: Kustomization\n',
        [`${prefix}notes.txt`]: 'not owned\n',
        ...(gitopsPath === '' ? {} : { 'clusters/other/x.yaml': 'x\n', 'clusters/y.yaml': 'y\n' }),
      };
      const index = new Map<string, { key: string; files: Map<string, string> }>();
      const clusterTypes = new Set<string>();
      for (let c = 0; c < 6; c++) {
        const clusterType = `${prefix}${pick(NAMES)}${c % 2 === 0 ? '' : pick(NAMES)}`;
        if (clusterTypes.has(clusterType)) continue;
        clusterTypes.add(clusterType);
        files[`${clusterType}/README.md`] = README_TEXT;
        for (const target of NAMES.filter(() => random() < 0.5)) {
          const names = ['reconciler.yaml', 'namespace.yaml'];
          if (random() < 0.5) names.push('platform-config.yaml');
          const entry = new Map<string, string>();
          for (const name of names) {
            const text = `${target} ${name} ${Math.floor(random() * 3)}\n`;
            files[`${clusterType}/${target}/${name}`] = text;
            entry.set(name, blobId(encoder.encode(text)));
          }
          index.set(`${clusterType}/${target}`, { key: '0'.repeat(64), files: entry });
        }
      }
      const repo = await github.createRepo({ files: {}, branches: { dev: files } });
      const ws = await GitWorkspace.create(join(dir, `ws-${clusterTypes.size}-${prefix.length}`), {
        url: repo.cloneUrl,
        token,
        repository: repo.fullName,
        tokenInput: 'github-token',
      });
      const repository = createGitOpsRepository(ws);
      const folded = (await repository.folders!.read('dev', 'kalypso/dev', gitopsPath)).base!;
      // The read by level holds no tree of a cluster-type folder before it is listed.
      const held = (id: string) =>
        spawnSync('git', ['-C', ws.directory, 'cat-file', '-e', id], {
          env: { ...process.env, GIT_NO_LAZY_FETCH: '1' },
        }).status === 0;
      expect(folded.folders.size).toBeGreaterThan(0);
      for (const [folder, id] of folded.folders) expect(held(id), folder).toBe(false);
      // Every file, from a workspace of its own that fetched every tree.
      const full = await GitWorkspace.create(
        join(dir, `full-${clusterTypes.size}-${prefix.length}`),
        ws.remote,
      );
      const whole = await full.listTree((await full.fetchBranch('dev', 1, { treesOnly: true }))!);
      // Outside and the folders listed: every file, each once.
      const listed = new Map(folded.outside);
      for (const [path, entry] of await folded.list([...folded.folders.keys()])) {
        expect(listed.has(path)).toBe(false);
        listed.set(path, entry);
      }
      expect(new Map([...listed].sort())).toEqual(new Map([...whole].sort()));
      expect(new Set(folded.folders.keys())).toEqual(
        new Set(
          [...clusterTypes].filter((c) => [...whole.keys()].some((p) => p.startsWith(`${c}/`))),
        ),
      );
      // The ids computed in-process are git's.
      // The README's id as the folded read makes it (the blob object hashed) is git's.
      const readmeId = repository.folders!.objectId(blobObject(encoder.encode(README_TEXT)));
      expect(readmeId).toBe(
        execFileSync('git', ['hash-object', '--stdin'], { input: README_TEXT }).toString().trim(),
      );
      const readme = new Map([['README.md', readmeId]]);
      const trees = indexFolderTrees(
        index,
        gitopsPath,
        (object) => repository.folders!.objectId(object),
        readme,
      );
      expect(trees.size).toBe(clusterTypes.size);
      for (const [folder, tree] of trees) expect(tree.id, folder).toBe(folded.folders.get(folder));
    }
  });

  it('fetches a folder the base and our branch share outside spec.path once', async () => {
    const shared = { '.github/tracking/Promoted_Commit_Id': 'abc\n', '.flux/k.yaml': 'k: 1\n' };
    const repo = await github.createRepo({
      files: {},
      branches: {
        dev: { ...shared, 'ct/README.md': README_TEXT, 'ct/t/reconciler.yaml': 'r\n' },
        'kalypso/dev': { ...shared, 'ct/README.md': README_TEXT, 'ct/t/reconciler.yaml': 's\n' },
      },
    });
    const ws = await GitWorkspace.create(join(dir, 'shared'), {
      url: repo.cloneUrl,
      token,
      repository: repo.fullName,
      tokenInput: 'github-token',
    });
    // One git fetch is one listing of the refs (a GET), whatever it asks for.
    const fetches = async () =>
      (await github.state(repo.fullName)).requests.filter(
        (r) => r.kind === 'git' && r.method === 'GET',
      ).length;
    const before = await fetches();
    const folded = await createGitOpsRepository(ws).folders!.read('dev', 'kalypso/dev', '');
    expect(folded.base!.outside).toEqual(folded.branch!.outside);
    // The notes ref, the branches' commits, their root trees, and the two folders outside (the
    // same trees for both branches) in one fetch: four, not five.
    expect((await fetches()) - before).toBe(4);
  });
});
