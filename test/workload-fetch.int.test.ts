// Workload repositories fetched by the CLI: one clone per repository and branch, shared by the
// registrations that use it, each registration reading only its own path.
import { afterAll, describe, expect, it } from 'vitest';
import { ControlPlaneError, type WorkloadRegistration } from '@kalypso/core';
import { fetchWorkloadSources } from '../packages/cli/src/workload-fetch.ts';
import { World } from './support/cli-world.ts';

const world = new World();
afterAll(() => world.dispose());

function registration(name: string, repo: string, path: string): WorkloadRegistration {
  return {
    kind: 'WorkloadRegistration',
    name,
    labels: {},
    origin: { file: 'base/registrations.yaml', line: 1, source: { kind: 'base' } },
    workload: { repo, branch: 'main', path },
    workspace: '',
  };
}

describe('fetchWorkloadSources', () => {
  it('gives each registration the files of its own path, in the order asked', async () => {
    const shared = world.repo('shared', {
      'one/a.yaml': 'a: 1\n',
      'one/deeper/b.yml': 'b: 2\n',
      'two/c.yaml': 'c: 3\n',
      'three/d.yaml': 'd: 4\n',
      'root.yaml': 'r: 0\n',
    });
    const other = world.repo('other', { 'e.yaml': 'e: 5\n', 'nested/f.yaml': 'f: 6\n' });
    const sources = await fetchWorkloadSources(
      [
        registration('first', shared, './one/'),
        registration('second', other, '.'),
        registration('third', shared, 'two'),
      ],
      { allowLocal: true },
    );
    expect(sources.map((s) => s.origin)).toEqual([
      { kind: 'workload', registration: 'first' },
      { kind: 'workload', registration: 'second' },
      { kind: 'workload', registration: 'third' },
    ]);
    expect(sources.map((s) => s.files.map((f) => f.path))).toEqual([
      [`${shared}@main:one/a.yaml`, `${shared}@main:one/deeper/b.yml`],
      [`${other}@main:e.yaml`, `${other}@main:nested/f.yaml`],
      [`${shared}@main:two/c.yaml`],
    ]);
    expect(sources[0]!.files[0]!.text).toBe('a: 1\n');
  });

  it('reports every refused registration at once, before fetching anything', async () => {
    await expect(
      fetchWorkloadSources(
        [
          registration('plain-http', 'http://git.example/x', '.'),
          registration('escape', 'https://git.example/y', '../y'),
        ],
        { allowLocal: false },
      ),
    ).rejects.toThrow(
      /2 problems:\n.*plain-http.*not an https:\/\/ URL[\s\S]*escape.*leaves the repository/,
    );
  });

  it('tries every repository and reports each one that cannot be read, in order', async () => {
    const good = world.repo('good', { 'w.yaml': 'w: 1\n' });
    const gone = (name: string) => `${good.replace(/good$/, '')}gone-${name}`;
    const progress: { done: number; total: number }[] = [];
    const failure = await fetchWorkloadSources(
      [
        registration('first', gone('a'), '.'),
        registration('fine', good, '.'),
        registration('second', gone('b'), '.'),
        registration('third', gone('c'), '.'),
      ],
      { allowLocal: true, onProgress: ({ done, total }) => progress.push({ done, total }) },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ControlPlaneError);
    const problems = (failure as ControlPlaneError).problems;
    expect(problems.map((p) => p.object)).toEqual([
      "WorkloadRegistration 'first'",
      "WorkloadRegistration 'second'",
      "WorkloadRegistration 'third'",
    ]);
    expect(problems[1]!.message).toContain(`cannot read ${gone('b')} (branch 'main')`);
    // Every clone is reported when it starts and when it ends.
    expect(progress).toHaveLength(8);
    expect(progress.at(-1)).toEqual({ done: 4, total: 4 });
  });
});
