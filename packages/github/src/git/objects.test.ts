import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bytesOf,
  CatFileBatch,
  nulRecords,
  ObjectReader,
  parseTreeObject,
  treeEntries,
} from './objects.ts';

const dir = mkdtempSync(join(tmpdir(), 'git-objects-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const git = (args: string[], input?: string | Buffer) =>
  execFileSync('git', args, { cwd: dir, input, maxBuffer: 64 * 1024 * 1024 })
    .toString('utf8')
    .trim();
git(['init', '--quiet', '--bare', '.']);
const store = (bytes: string | Buffer) => git(['hash-object', '-w', '--stdin'], bytes);

// Larger than any one pipe read, so its answer arrives in many pieces.
const large = Buffer.alloc(3 * 1024 * 1024 + 7, 'kalypso\n');
const ids = {
  small: store('small\n'),
  empty: store(''),
  large: store(large),
};
const missing = '0123456789abcdef0123456789abcdef01234567';

describe('CatFileBatch: the one cat-file --batch reader', () => {
  it('answers many objects in the order asked, whatever their size', async () => {
    const batch = new CatFileBatch(dir, process.env);
    try {
      const many = Array.from({ length: 500 }, (_, i) => (i % 2 ? ids.small : ids.empty));
      const objects = await batch.readAll([ids.large, ...many, ids.large, ids.small]);
      expect(objects).toHaveLength(503);
      expect(objects.every((o) => o.type === 'blob')).toBe(true);
      expect(objects[0]!.body.equals(large)).toBe(true);
      expect(objects[501]!.body.equals(large)).toBe(true);
      expect(objects[502]!.body.toString()).toBe('small\n');
      expect(objects.slice(1, 501).map((o) => o.body.length)).toEqual(
        many.map((id) => (id === ids.small ? 6 : 0)),
      );
      // The bytes are the whole of their memory: a Uint8Array over it is exactly the object.
      const bytes = bytesOf(objects[502]!.body);
      expect(bytes.buffer.byteLength).toBe(6);
      expect(new TextDecoder().decode(bytes)).toBe('small\n');
    } finally {
      await batch.close();
    }
  });

  it('rejects a missing object and still answers the requests after it', async () => {
    const batch = new CatFileBatch(dir, process.env);
    try {
      const answers = [ids.small, missing, ids.large].map((id) => batch.read(id));
      await expect(answers[1]).rejects.toThrow(`object ${missing} is missing`);
      expect((await answers[0])!.body.toString()).toBe('small\n');
      expect((await answers[2])!.body.length).toBe(large.length);
      await expect(batch.readAll([ids.small, missing])).rejects.toThrow('is missing');
      await expect(batch.read('HEAD')).rejects.toThrow('not an object id: HEAD');
    } finally {
      await batch.close();
    }
  });

  it('bounds the answers in all by maxBytes: the one past the bound and those after it fail', async () => {
    // The bound is read from each answer's header: the large object is never gathered.
    const batch = new CatFileBatch(dir, process.env, { maxBytes: 6 + large.length - 1 });
    try {
      const answers = [ids.small, ids.large, ids.small].map((id) => batch.read(id));
      const settled = await Promise.allSettled(answers);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
      expect((await answers[0]!).body.toString()).toBe('small\n');
      await expect(answers[1]!).rejects.toThrow(`over ${6 + large.length - 1} bytes in all`);
      await expect(answers[2]!).rejects.toThrow('bytes in all');
      await expect(batch.read(ids.empty)).rejects.toThrow('bytes in all');
    } finally {
      await batch.close();
    }
    // Exactly the bound: everything is answered.
    const exact = new CatFileBatch(dir, process.env, { maxBytes: 6 + large.length });
    try {
      const objects = await exact.readAll([ids.small, ids.large, ids.empty]);
      expect(objects.map((o) => o.body.length)).toEqual([6, large.length, 0]);
    } finally {
      await exact.close();
    }
  });

  it('refuses requests once git has exited instead of waiting forever', async () => {
    const batch = new CatFileBatch(dir, process.env);
    await batch.close();
    await expect(batch.read(ids.small)).rejects.toThrow('ended early');
  });
});

describe('ObjectReader', () => {
  it('reads loose objects from their files and everything else through git', async () => {
    const tree = git(['mktree'], `100644 blob ${ids.small}\tsmall.txt\n`);
    const reader = new ObjectReader(dir, () => process.env);
    try {
      const entries = parseTreeObject((await reader.read(tree)).body);
      expect(entries).toEqual([{ mode: '100644', name: 'small.txt', id: ids.small }]);
      expect((await reader.read(ids.large)).body.equals(large)).toBe(true);
      git(['repack', '-a', '-d', '-q']);
      git(['prune-packed']);
      expect((await reader.read(ids.small)).body.toString()).toBe('small\n');
      await expect(reader.read(missing)).rejects.toThrow('is missing');
    } finally {
      await reader.close();
    }
  });

  it('inflates no loose object past its bound in memory: git reads a larger one', async () => {
    const trace = join(dir, 'trace.json');
    const traced = () => ({ ...process.env, GIT_TRACE2_EVENT: trace });
    const text = `${'a loose object of two hundred bytes '.repeat(6).slice(0, 199)}\n`;
    const loose = store(text);
    const catFiles = () => {
      let text = '';
      try {
        text = readFileSync(trace, 'utf8');
      } catch {
        return 0;
      }
      return text.split('\n').filter((l) => l.includes('"cat-file","--batch"')).length;
    };
    const within = new ObjectReader(dir, traced);
    const over = new ObjectReader(dir, traced, 100);
    try {
      expect((await within.read(loose)).body.toString()).toBe(text);
      expect(catFiles()).toBe(0);
      expect((await over.read(loose)).body.toString()).toBe(text);
      expect(catFiles()).toBe(1);
    } finally {
      await within.close();
      await over.close();
    }
  });
});

describe('nulRecords: git -z output decoded a record at a time', () => {
  it('splits on NUL, keeps multi-byte names whole and takes a last record without its NUL', () => {
    const output = Buffer.from('100644 blob a\tkörper/ü.yaml\x00100644 blob b\tlast', 'utf8');
    expect([...nulRecords(output)]).toEqual([
      '100644 blob a\tkörper/ü.yaml',
      '100644 blob b\tlast',
    ]);
    expect([...treeEntries(output)]).toEqual([
      ['körper/ü.yaml', '100644 a'],
      ['last', '100644 b'],
    ]);
    expect([...nulRecords(Buffer.alloc(0))]).toEqual([]);
  });
});
