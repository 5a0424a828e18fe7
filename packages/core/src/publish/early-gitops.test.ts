import { describe, expect, it } from 'vitest';
import { TRACKING_FILE } from '../gitops/tree.ts';
import { startGitOps } from './early-gitops.ts';
import type { GitOpsRepository, OpenedGitOps } from './ports.ts';

const request = {
  environment: 'dev',
  gitopsRepository: 'acme/gitops',
  gitopsBranch: 'dev',
  serverUrl: 'https://github.com',
  pullRequestBranch: 'kalypso/dev',
};

/**
 * A GitOps repository that reads folded, whose reads are logged in order; its tracking file's
 * first read fails when `failFirst`.
 */
function repository(failFirst = false) {
  const log: string[] = [];
  let texts = 0;
  let endFold: () => void = () => undefined;
  const folded = new Promise<void>((resolve) => (endFold = resolve));
  const repo = {
    folders: {
      objectId: () => '',
      read: async (base: string, branch: string) => {
        log.push(`folded ${base} ${branch}`);
        await folded;
        log.push('folded read');
        return { base: undefined, branch: undefined };
      },
    },
    readText: (branch: string, path: string) => {
      log.push(`text ${branch} ${path}`);
      texts += 1;
      return failFirst && texts === 1
        ? Promise.reject(new Error('the fetch failed'))
        : Promise.resolve('a'.repeat(40));
    },
  } as unknown as GitOpsRepository;
  const opened = { repository: repo } as OpenedGitOps;
  return { log, endFold, openGitOps: () => Promise.resolve(opened) };
}

describe('the GitOps repository read early (startGitOps)', () => {
  it("reads the base's tracking file once the folded read holds its trees, and the proposal takes that read", async () => {
    const { log, endFold, openGitOps } = repository();
    const early = startGitOps(request, { openGitOps }, undefined)!;
    await new Promise((done) => setImmediate(done));
    // Not before the folded read is done: its trees are what make the file's read one fetch.
    expect(log).toEqual(['folded dev kalypso/dev']);
    endFold();
    await early.reading;
    expect(log).toEqual(['folded dev kalypso/dev', 'folded read', `text dev ${TRACKING_FILE}`]);
    const { repository: opened } = await early.opened('kalypso/dev');
    expect(await opened.readText('dev', TRACKING_FILE)).toBe('a'.repeat(40));
    // Taken, not read again; any other file is read as asked.
    expect(log.filter((l) => l.startsWith('text'))).toHaveLength(1);
    await opened.readText('dev', 'README.md');
    expect(log.at(-1)).toBe('text dev README.md');
  });

  it('reads the tracking file again where it is used when the early read failed', async () => {
    const { log, endFold, openGitOps } = repository(true);
    const early = startGitOps(request, { openGitOps }, undefined)!;
    endFold();
    await early.reading;
    const { repository: opened } = await early.opened('kalypso/dev');
    expect(await opened.readText('dev', TRACKING_FILE)).toBe('a'.repeat(40));
    expect(log.filter((l) => l.startsWith('text'))).toHaveLength(2);
  });

  it('reads nothing early for a join, which reads the branches folder by folder', async () => {
    const { log, endFold, openGitOps } = repository();
    const early = startGitOps(request, { openGitOps }, undefined, false)!;
    endFold();
    await early.reading;
    expect(log).toEqual([]);
  });
});
