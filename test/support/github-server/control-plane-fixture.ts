// Seeds the local GitHub with the sample control plane (examples/control-plane): the control-plane
// repository (main + environment branches, base-repo.yaml pinned to main's head), the GitOps
// repository and the three workload repositories, all under one fresh owner so tests can run in
// parallel. URLs of the sample point at the local GitHub.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { renderBaseRepoYaml } from '@kalypso/core';
import { LocalGitHub } from './client.ts';

const sample = resolve(import.meta.dirname, '..', '..', '..', 'examples', 'control-plane');

function filesUnder(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[`${prefix}${relative(dir, full).split(sep).join('/')}`] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}

export interface SampleControlPlane {
  owner: string;
  /** `owner/control-plane`. */
  controlPlane: string;
  /** `owner/platform-gitops`. */
  gitops: string;
  workloads: { liftOps: string; guestServices: string; platformServices: string };
  main: string;
  /** Head of each environment branch. */
  heads: Record<string, string>;
  /** The files of main, of each environment branch and of each workload repository, as seeded. */
  files: { main: Record<string, string>; environments: Record<string, Record<string, string>> };
}

export interface SampleOptions {
  environments?: string[];
  /** Private workload repositories readable only by these tokens. */
  privateWorkloads?: string[];
  /** Files of the GitOps repository's default branch (each environment branch starts from it). */
  gitopsFiles?: Record<string, string>;
}

/** Creates the sample's repositories on the local GitHub. */
export async function seedSample(
  github: LocalGitHub,
  options: SampleOptions = {},
): Promise<SampleControlPlane> {
  const owner = LocalGitHub.uniqueName('frostvale');
  const local = (text: string) =>
    text.replaceAll('https://github.com/frostvale-resorts/', `${github.url}/${owner}/`);
  const localise = (files: Record<string, string>) =>
    Object.fromEntries(Object.entries(files).map(([p, t]) => [p, local(t)]));
  const environments = options.environments ?? ['dev'];
  const main = localise(filesUnder(join(sample, 'main')));
  const cp = await github.createRepo({ owner, name: 'control-plane', files: main });
  const mainHead = cp.heads.main!;
  const heads: Record<string, string> = {};
  const envFiles: Record<string, Record<string, string>> = {};
  for (const env of environments) {
    const files = localise(filesUnder(join(sample, env)));
    files['base-repo.yaml'] = renderBaseRepoYaml({
      repo: `${github.url}/${owner}/control-plane`,
      branch: 'main',
      path: '.',
      commit: mainHead,
    });
    envFiles[env] = files;
    const removeMain = Object.fromEntries(Object.keys(main).map((p) => [p, null]));
    heads[env] = (
      await github.commit(cp.fullName, {
        branch: env,
        files: { ...removeMain, ...files },
        message: `Create ${env}`,
      })
    ).sha;
  }
  const gitops = await github.createRepo({
    owner,
    name: 'platform-gitops',
    files: options.gitopsFiles ?? { 'README.md': '# Platform GitOps\n' },
    branches: Object.fromEntries(environments.map((e) => [e, {}])),
  });
  const workload = async (name: string, folder: string, path: string) => {
    const files = localise(filesUnder(join(sample, 'workloads', folder), path));
    const isPrivate = options.privateWorkloads !== undefined;
    const repo = await github.createRepo({
      owner,
      name,
      files,
      ...(isPrivate ? { private: true, readers: options.privateWorkloads } : {}),
    });
    return repo.fullName;
  };
  return {
    owner,
    controlPlane: cp.fullName,
    gitops: gitops.fullName,
    workloads: {
      liftOps: await workload('lift-ops', 'lift-ops', 'kalypso/'),
      guestServices: await workload('guest-services', 'guest-services', 'deploy/kalypso/'),
      platformServices: await workload('platform-services', 'platform-svc', 'workloads/'),
    },
    main: mainHead,
    heads,
    files: { main, environments: envFiles },
  };
}
