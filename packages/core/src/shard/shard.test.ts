import { describe, expect, it } from 'vitest';
import { isUserError } from '../model/problem.ts';
import { checkShards, composeShards, type ShardExpectation } from './check.ts';
import { encodeShardPlan, parseShardPlan, shardRef, type ShardPlan } from './plan.ts';
import { autoShardCount, splitClusterTypes } from './split.ts';

const weights = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `ct-${i}`, assignments: 10 + ((i * 37) % 90) }));

describe('splitClusterTypes', () => {
  it('puts every cluster type in exactly one shard, deterministically', () => {
    const split = splitClusterTypes(weights(100), 8);
    expect(split).toHaveLength(8);
    expect(split.flat().sort()).toEqual(
      weights(100)
        .map((w) => w.name)
        .sort(),
    );
    expect(splitClusterTypes([...weights(100)].reverse(), 8)).toEqual(split);
  });

  it('balances by assignment count within the load cap', () => {
    const all = weights(200);
    const byName = new Map(all.map((w) => [w.name, w.assignments + 1]));
    const total = [...byName.values()].reduce((a, b) => a + b, 0);
    const loads = splitClusterTypes(all, 8).map((g) => g.reduce((s, n) => s + byName.get(n)!, 0));
    expect(Math.max(...loads)).toBeLessThanOrEqual(Math.ceil((total * 1.05) / 8));
  });

  it('keeps most cluster types in their shard when one is added', () => {
    const before = splitClusterTypes(weights(100), 8);
    const after = splitClusterTypes([...weights(100), { name: 'ct-new', assignments: 50 }], 8);
    const shardOf = (split: string[][]) =>
      new Map(split.flatMap((g, i) => g.map((n) => [n, i] as const)));
    const was = shardOf(before);
    const now = shardOf(after);
    const moved = [...was].filter(([name, shard]) => now.get(name) !== shard).length;
    expect(moved).toBeLessThan(20);
  });

  it('refuses a shard count that is not a positive whole number', () => {
    expect(() => splitClusterTypes(weights(3), 0)).toThrow(RangeError);
  });

  it('plans one shard per 100,000 assignments, within the matrix and the cluster types', () => {
    expect(autoShardCount(1, 5)).toBe(1);
    expect(autoShardCount(2_000_000, 1000)).toBe(20);
    expect(autoShardCount(2_000_000, 3)).toBe(3);
    expect(autoShardCount(90_000_000, 1000)).toBe(256);
  });
});

const plan: ShardPlan = {
  version: 1,
  environment: 'dev',
  shards: 3,
  fingerprint: 'a'.repeat(64),
  assignments: 10,
  clusterTypes: 4,
};

describe('the shard plan', () => {
  it('round-trips through the job output', () => {
    expect(parseShardPlan(encodeShardPlan(plan), 'dev')).toEqual(plan);
  });

  it.each([
    ['', 'empty'],
    ['{', 'not JSON'],
    [JSON.stringify({ ...plan, shards: 300 }), 'shards is not a whole number from 1 to 256'],
    [JSON.stringify({ ...plan, fingerprint: 'x' }), 'fingerprint is not a SHA-256'],
    [JSON.stringify(plan).replace('"dev"', '"stage"'), "plans environment 'stage', not 'dev'"],
  ])('refuses %j, saying why', (text, why) => {
    let error: unknown;
    try {
      parseShardPlan(text, 'dev');
    } catch (caught) {
      error = caught;
    }
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toContain(why);
  });

  it('names the shard refs by run, environment and index, and refuses a run id that is not a number', () => {
    expect(shardRef('42', 'dev', 3)).toBe('refs/kalypso/shards/42/dev/3');
    expect(() => shardRef('42/../x', 'dev', 0)).toThrow(/not a number/);
  });
});

describe('checkShards and composeShards', () => {
  const expected: ShardExpectation = {
    gitopsPath: 'clusters',
    groups: [['a'], ['b', 'c']],
    targets: (clusterType) =>
      new Map([
        ['a', new Set(['t1'])],
        ['b', new Set(['t2'])],
      ]).get(clusterType) ?? new Set(),
  };
  const entry = (n: number) => `100644 ${String(n).padStart(40, '0')}`;
  const shard0 = new Map([
    ['clusters/a/README.md', entry(1)],
    ['clusters/a/t1/reconciler.yaml', entry(2)],
    ['clusters/a/t1/namespace.yaml', entry(3)],
    ['clusters/a/t1/platform-config.yaml', entry(4)],
  ]);
  const shard1 = new Map([
    ['clusters/b/README.md', entry(1)],
    ['clusters/b/t2/namespace.yaml', entry(6)],
    ['clusters/b/t2/reconciler.yaml', entry(5)],
    ['clusters/c/README.md', entry(1)],
  ]);
  const listings = (one: Map<string, string> | undefined) => [
    { index: 0, ref: 'refs/kalypso/shards/1/dev/0', files: shard0 },
    { index: 1, ref: 'refs/kalypso/shards/1/dev/1', files: one },
  ];

  it('accepts shards that hold exactly their planned folders, and composes them', () => {
    expect(checkShards(listings(shard1), expected)).toEqual([]);
    const composed = composeShards(
      [
        { folders: new Map([['a', 'f'.repeat(40)]]) },
        {
          folders: new Map([
            ['b', 'e'.repeat(40)],
            ['c', 'd'.repeat(40)],
          ]),
        },
      ],
      expected,
    );
    expect([...composed.keys()]).toEqual(['clusters/a', 'clusters/b', 'clusters/c']);
  });

  it('names a missing shard', () => {
    expect(checkShards(listings(undefined), expected).map((p) => p.message)).toEqual([
      expect.stringContaining('Shard 1 (refs/kalypso/shards/1/dev/1) is missing'),
    ]);
  });

  it('names the shard and the path of every file out of place', () => {
    const tampered = new Map(shard1);
    tampered.set('clusters/a/t1/reconciler.yaml', entry(9));
    tampered.set('outside.yaml', entry(9));
    tampered.set('clusters/b/t2/evil.sh', entry(9));
    tampered.set('clusters/c/t9/reconciler.yaml', entry(9));
    tampered.set('clusters/b/t2/platform-config.sh', '120000 ' + '0'.repeat(40));
    tampered.delete('clusters/b/t2/namespace.yaml');
    // As git lists a tree: sorted, each folder's entries together.
    const sorted = new Map([...tampered].sort(([a], [b]) => (a < b ? -1 : 1)));
    const messages = checkShards(listings(sorted), expected).map((p) => p.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          "Shard 1 (refs/kalypso/shards/1/dev/1) holds 'clusters/a/t1/reconciler.yaml', outside its cluster types (cluster type 'a' is shard 0's)",
        ),
        expect.stringContaining("holds 'outside.yaml', outside its cluster types"),
        expect.stringContaining(
          "holds 'clusters/b/t2/evil.sh', which the schedule does not generate",
        ),
        expect.stringContaining(
          "holds 'clusters/c/t9/reconciler.yaml', which the schedule does not generate",
        ),
        expect.stringContaining("holds 'clusters/b/t2/platform-config.sh' as '120000"),
        expect.stringContaining("lacks 'clusters/b/t2/namespace.yaml'"),
      ]),
    );
    expect(messages).toHaveLength(6);
  });
});
