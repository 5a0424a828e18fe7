// Seeds the local GitHub with a synthetic fleet (packages/core/bench/fleet.ts): the control-plane
// repository (main: Templates and WorkloadRegistrations; branch `bench`: cluster types, policies,
// ConfigMaps, gitops-repo and base-repo), one repository per workload and the GitOps repository.
// Used by the scale test (test/schedule-scale.int.test.ts) and `npm run bench` (bench/schedule.bench.ts).
import { sourceFromTree, type EnvironmentSources, type RenderedEnvironment } from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { syntheticFleet, type FleetShape } from '../../packages/core/bench/fleet.ts';
import { LocalGitHub } from './github-server/client.ts';

export const FLEET_ENVIRONMENT = 'bench';

/** 1,000 assignments, 3,011 files, 50 workload repositories: most real control planes. */
export const SMALL_FLEET: FleetShape = {
  clusterTypes: 10,
  targets: 1000,
  policies: 10,
  regions: 10,
  configMaps: 20,
};

/** 10,000 assignments, 30,101 files. */
export const MEDIUM_FLEET: FleetShape = {
  clusterTypes: 100,
  targets: 1000,
  policies: 10,
  regions: 10,
  configMaps: 50,
};

/** 100,000 assignments, 301,001 files. */
export const LARGE_FLEET: FleetShape = {
  clusterTypes: 1000,
  targets: 2000,
  policies: 20,
  regions: 20,
  configMaps: 50,
};

/** The one-value change: ConfigMap `config-003` selects one cluster type (`ct-3`). */
export const CHANGED_VALUE = { from: 'KEY_3: value-3\n', to: 'KEY_3: value-3-changed\n' };
const ENVIRONMENT_FILE = 'objects.yaml';

export interface SeededFleet {
  owner: string;
  controlPlane: string;
  gitops: string;
  main: string;
  /** The environment branch's objects, as seeded (change with `changeValue`). */
  environmentText: string;
  /** The sources the action reads, for computing expectations in-process. */
  sources: EnvironmentSources;
}

/**
 * Creates the fleet's repositories on the local GitHub under a fresh owner. `serverUrl` is the
 * URL the repositories are named by in the control plane (the runner's GITHUB_SERVER_URL),
 * the local GitHub's own by default.
 */
export async function seedFleet(
  github: LocalGitHub,
  shape: FleetShape,
  serverUrl = github.url,
): Promise<SeededFleet> {
  const owner = LocalGitHub.uniqueName('fleet');
  const fleet = syntheticFleet(shape);
  const local = (text: string) =>
    text
      .replaceAll('https://git.example/control-plane', `${serverUrl}/${owner}/control-plane`)
      .replaceAll('https://git.example/gitops', `${serverUrl}/${owner}/gitops`)
      .replace(/https:\/\/git\.example\/(app-\d+)([,}\s])/g, `${serverUrl}/${owner}/$1$2`);
  const mainFiles = Object.fromEntries(fleet.base.files.map((f) => [f.path, local(f.text)]));
  const cp = await github.createRepo({ owner, name: 'control-plane', files: mainFiles });
  const main = cp.heads.main!;
  const objects = fleet.controlPlane.files[0]!.text;
  const environmentText = local(objects).replace(/commit: [0-9a-f]{40}/, `commit: ${main}`);
  const removeMain = Object.fromEntries(Object.keys(mainFiles).map((p) => [p, null]));
  await github.commit(cp.fullName, {
    branch: FLEET_ENVIRONMENT,
    files: { ...removeMain, [ENVIRONMENT_FILE]: environmentText },
    message: `Create ${FLEET_ENVIRONMENT}`,
  });
  const gitops = await github.createRepo({
    owner,
    name: 'gitops',
    files: { 'README.md': '# GitOps\n' },
    branches: { [FLEET_ENVIRONMENT]: {} },
  });
  const workloads = fleet.workloads.map((source) => {
    const file = source.files[0]!;
    return { name: file.path.split('/')[0]!, text: file.text };
  });
  // A few at a time: the local GitHub runs in this machine's other core.
  for (let i = 0; i < workloads.length; i += 8) {
    await Promise.all(
      workloads
        .slice(i, i + 8)
        .map((w) => github.createRepo({ owner, name: w.name, files: { 'workload.yaml': w.text } })),
    );
  }
  return {
    owner,
    controlPlane: cp.fullName,
    gitops: gitops.fullName,
    main,
    environmentText,
    sources: {
      environment: FLEET_ENVIRONMENT,
      base: fleet.base,
      controlPlane: {
        ...fleet.controlPlane,
        files: [{ path: ENVIRONMENT_FILE, text: environmentText }],
      },
      workloads: fleet.workloads,
    },
  };
}

/** Commits the one-value change to the environment branch; returns the new sources. */
export async function changeValue(
  github: LocalGitHub,
  fleet: SeededFleet,
  change: { from: string; to: string } = CHANGED_VALUE,
): Promise<SeededFleet> {
  if (!fleet.environmentText.includes(change.from))
    throw new Error(`fleet-fixture: '${change.from.trim()}' is not in the environment`);
  const environmentText = fleet.environmentText.replace(change.from, change.to);
  await github.commit(fleet.controlPlane, {
    branch: FLEET_ENVIRONMENT,
    files: { [ENVIRONMENT_FILE]: environmentText },
    message: 'Change one value',
  });
  return {
    ...fleet,
    environmentText,
    sources: {
      ...fleet.sources,
      controlPlane: {
        ...fleet.sources.controlPlane,
        files: [{ path: ENVIRONMENT_FILE, text: environmentText }],
      },
    },
  };
}

/** What the engine renders for the fleet, in-process (the expectation of a schedule run). */
export function renderFleet(fleet: SeededFleet): RenderedEnvironment {
  const sources = fleet.sources;
  const outcome = renderEnvironment({
    ...sources,
    controlPlane: sourceFromTree(
      new Map(sources.controlPlane.files.map((f) => [f.path, new TextEncoder().encode(f.text)])),
      { path: '.', origin: { kind: 'environment' } },
    ),
  });
  if (!outcome.ok) throw new Error(outcome.problems.map((p) => p.message).join('\n'));
  return outcome.rendered;
}
