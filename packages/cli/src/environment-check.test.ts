import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ControlPlaneError, type EnvironmentView } from '@kalypso/core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkChain, checkNamed, readChain } from './environment-check.ts';
import { UsageError } from './fs-source.ts';

const scratch = mkdtempSync(join(tmpdir(), 'kalypso-env-check-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function mainWithChain(name: string, text: string): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, '.github'), { recursive: true });
  writeFileSync(join(dir, '.github', 'promotion-chain.yaml'), text);
  return dir;
}

describe('readChain and checkChain', () => {
  it('read the chain of the --base folder and refuse an environment it does not list', async () => {
    const base = mainWithChain('main', 'environments: [dev, stage, prod]\n');
    const chain = await readChain(base);
    expect(chain).toEqual({
      file: join(base, '.github', 'promotion-chain.yaml'),
      environments: ['dev', 'stage', 'prod'],
    });
    expect(() => checkChain('stage', chain)).not.toThrow();
    expect(() => checkChain('deev', chain)).toThrow(
      new UsageError(
        `environment 'deev' is not in the promotion chain ${chain!.file} (known: dev, stage, prod). Did you mean 'dev'?`,
      ),
    );
    expect(() => checkChain('qa', chain)).toThrow(/\(known: dev, stage, prod\)\.$/);
  });

  it('accept any environment without a chain (a folder without one, or --base given as a file)', async () => {
    const bare = join(scratch, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'one.yaml'), 'a: 1\n');
    expect(await readChain(bare)).toBeUndefined();
    expect(await readChain(join(bare, 'one.yaml'))).toBeUndefined();
    expect(() => checkChain('anything', undefined)).not.toThrow();
  });

  it('report a chain that does not parse as a problem of the control plane', async () => {
    const base = mainWithChain('broken', 'environments: dev\n');
    await expect(readChain(base)).rejects.toThrow(ControlPlaneError);
  });

  it('refuse an oversized chain file without reading it', async () => {
    const base = mainWithChain('huge', `# ${'x'.repeat(70_000)}\nenvironments: [dev]\n`);
    await expect(readChain(base)).rejects.toThrow(/bytes; a promotion chain lists a few/);
  });
});

describe('checkNamed (no promotion chain)', () => {
  const view = {
    workloads: [
      {
        workspace: '',
        workload: { deploymentTargets: [{ environment: 'qa' }, { environment: 'prod' }] },
      },
    ],
    gitOpsRepos: [{ branch: 'uat' }],
  } as unknown as EnvironmentView;

  it('refuses an empty render of an environment nothing names', () => {
    expect(() => checkNamed('qq', view, 0)).toThrow(
      new UsageError(
        "environment 'qq' is not named by any deployment target nor by the GitOpsRepo of --control-plane (known: prod, qa, uat). Did you mean 'qa'?",
      ),
    );
  });

  it('accepts a named environment, any environment with assignments, and a control plane naming none', () => {
    for (const name of ['qa', 'prod', 'uat']) expect(() => checkNamed(name, view, 0)).not.toThrow();
    expect(() => checkNamed('qq', view, 3)).not.toThrow();
    const empty = { workloads: [], gitOpsRepos: [] } as unknown as EnvironmentView;
    expect(() => checkNamed('qq', empty, 0)).not.toThrow();
  });
});
