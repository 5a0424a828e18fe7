import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError } from './fs-source.ts';
import { checkOut, missingOut } from './out-dir-check.ts';

const scratch = mkdtempSync(join(tmpdir(), 'kalypso-out-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const missing = join(scratch, 'gitops-deev');

describe('missingOut', () => {
  it.each([
    ['--create', { create: true, stdinIsTTY: false, stderrIsTTY: false, env: {} }, 'create'],
    [
      'a person at a terminal',
      { create: false, stdinIsTTY: true, stderrIsTTY: true, env: {} },
      'ask',
    ],
    [
      'a terminal in CI',
      { create: false, stdinIsTTY: true, stderrIsTTY: true, env: { CI: 'true' } },
      'refuse',
    ],
    [
      'input from a pipe',
      { create: false, stdinIsTTY: false, stderrIsTTY: true, env: {} },
      'refuse',
    ],
    [
      'stderr to a file',
      { create: false, stdinIsTTY: true, stderrIsTTY: false, env: {} },
      'refuse',
    ],
  ] as const)('%s → %s', (_, options, expected) => {
    expect(missingOut(options)).toBe(expected);
  });
});

describe('checkOut', () => {
  const never = () => Promise.reject(new Error('must not ask'));

  it('lets an existing folder through without asking', async () => {
    await expect(checkOut(scratch, 'render', { action: 'refuse', ask: never })).resolves.toBe(
      undefined,
    );
  });

  it('refuses a file', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    await expect(checkOut(file, 'render', { action: 'create' })).rejects.toThrow(
      new UsageError(`--out '${file}' is not a folder.`),
    );
  });

  it('render: a missing folder needs --create, and says so', async () => {
    await expect(checkOut(missing, 'render', { action: 'refuse', ask: never })).rejects.toThrow(
      `--out '${missing}' does not exist; nothing was written. Check the path, or pass --create to render into a new folder.`,
    );
    await expect(checkOut(missing, 'render', { action: 'create' })).resolves.toBe(undefined);
    expect(existsSync(missing)).toBe(false); // created by the render, not by the check
  });

  it('render: asks on a terminal and goes on only on yes', async () => {
    const questions: string[] = [];
    const answer = (yes: boolean) => (question: string) => {
      questions.push(question);
      return Promise.resolve(yes);
    };
    await expect(checkOut(missing, 'render', { action: 'ask', ask: answer(true) })).resolves.toBe(
      undefined,
    );
    await expect(
      checkOut(missing, 'render', { action: 'ask', ask: answer(false) }),
    ).rejects.toThrow(UsageError);
    expect(questions).toEqual([
      `--out '${missing}' does not exist. Create it?`,
      `--out '${missing}' does not exist. Create it?`,
    ]);
  });

  it('plan: a missing folder is an error whatever the options (plan writes nothing)', async () => {
    await expect(checkOut(missing, 'plan', { action: 'create', ask: never })).rejects.toThrow(
      `--out '${missing}' does not exist: plan compares the render with a GitOps working tree.`,
    );
  });

  it('shows control characters of the path as ?', async () => {
    await expect(checkOut(`${missing}\x1b[2J`, 'render', { action: 'refuse' })).rejects.toThrow(
      `--out '${missing}?[2J' does not exist`,
    );
  });
});
