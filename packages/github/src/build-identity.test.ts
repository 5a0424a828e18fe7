import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIdentity, bundleIdentity } from './build-identity.ts';

describe('bundleIdentity', () => {
  const folders: string[] = [];
  afterAll(() => Promise.all(folders.map((f) => rm(f, { recursive: true, force: true }))));

  it('changes with any byte of a script or a chunk, not with other files', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'bundle-'));
    folders.push(folder);
    await mkdir(join(folder, 'chunks'));
    await writeFile(join(folder, 'index.js'), "await import('./main.js');\n");
    await writeFile(join(folder, 'main.js'), 'export const a = 1;\n');
    await writeFile(join(folder, 'chunks', 'x-ABC.js'), 'export const b = 2;\n');
    const first = bundleIdentity(folder, 'unused');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    await writeFile(join(folder, 'main.js.map'), '{}');
    await writeFile(join(folder, 'licenses.txt'), 'MIT');
    expect(bundleIdentity(folder, 'unused')).toBe(first);
    await writeFile(join(folder, 'chunks', 'x-ABC.js'), 'export const b = 3;\n');
    const chunkChanged = bundleIdentity(folder, 'unused');
    expect(chunkChanged).not.toBe(first);
    await writeFile(join(folder, 'main.js'), 'export const a = 2;\n');
    expect(bundleIdentity(folder, 'unused')).not.toBe(chunkChanged);
  });

  it('is the same for every call of a run', () => {
    expect(buildIdentity()).toBe(buildIdentity());
  });
});
