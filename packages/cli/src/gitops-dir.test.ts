import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planOutDir, startOutPrescan } from './gitops-dir.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('planOutDir with the background scan of --out', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'kalypso-out-'));
    folders.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  // The worker is a module of its own (gitops-dir/prescan-worker.ts): when it cannot start, the
  // scan falls back to the main thread and `finish` has nothing to give.
  it('gets the listing and the digests from the worker thread', async () => {
    const out = tree({ 'ct/t1/a.yaml': 'a: 1\n', 'README.md': 'kept\n' });
    mkdirSync(join(out, '.git'));
    writeFileSync(join(out, '.git', 'HEAD'), 'ignored\n');

    const found = await startOutPrescan(out).finish(new Map());

    expect(found).toBeDefined();
    expect([...found!.scan.files].sort()).toEqual(['README.md', 'ct/t1/a.yaml']);
    expect([...found!.scan.folders].sort()).toEqual(['ct', 'ct/t1']);
    for (const [path, digest] of found!.digests)
      expect(digest).toBe(
        createHash('sha256')
          .update(path === 'README.md' ? 'kept\n' : 'a: 1\n')
          .digest('base64'),
      );
  });

  // Whichever thread reads a file (the worker hashes it, the main thread compares it), the plan
  // is the same: the main thread takes its share as soon as the listing arrives here.
  it('plans the same changes as a scan without the worker', async () => {
    const existing: Record<string, string> = { 'README.md': 'kept\n', 'ct/old/x.yaml': 'gone\n' };
    const generated = new Map<string, Uint8Array>();
    for (let i = 0; i < 400; i++) {
      existing[`ct/t${i}/a.yaml`] = `a: ${i}\n`;
      generated.set(`ct/t${i}/a.yaml`, bytes(i % 100 === 7 ? `a: changed ${i}\n` : `a: ${i}\n`));
    }
    generated.set('ct/new/a.yaml', bytes('a: new\n'));
    const withWorker = tree(existing);
    const without = tree(existing);

    const shared = await planOutDir(withWorker, generated, '', startOutPrescan(withWorker));
    const alone = await planOutDir(without, generated, '');

    expect(shared.plan).toEqual(alone.plan);
    expect(shared.plan.added).toEqual(['ct/new/a.yaml']);
    expect(shared.plan.changed).toEqual([
      'ct/t107/a.yaml',
      'ct/t207/a.yaml',
      'ct/t307/a.yaml',
      'ct/t7/a.yaml',
    ]);
    expect(shared.plan.removed).toEqual(['ct/old/x.yaml']);
  });

  it('returns an empty plan when every generated file is already there', async () => {
    const existing = { 'README.md': 'kept\n', 'ct/t1/a.yaml': 'a: 1\n', 'ct/t2/a.yaml': 'a: 2\n' };
    const generated = new Map([
      ['ct/t1/a.yaml', bytes('a: 1\n')],
      ['ct/t2/a.yaml', bytes('a: 2\n')],
    ]);
    const out = tree(existing);

    const { plan } = await planOutDir(out, generated, '', startOutPrescan(out));

    expect(plan).toEqual({
      added: [],
      changed: [],
      removed: [],
      promoted: false,
      clusterTypes: [],
    });
    expect(plan).toEqual((await planOutDir(out, generated, '')).plan);
  });
});
