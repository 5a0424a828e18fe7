// Runs the committed schedule bundle against a seeded sample control plane, as the runner runs it:
// what the schedule*.int.test.ts files share (one file per group of scenarios, so that vitest's
// workers run them side by side).
import { inject } from 'vitest';
import { applyGeneratedFiles, sourceFromTree, type Source } from '@kalypso/core';
import { renderEnvironment } from '@kalypso/core/render';
import { LocalGitHub } from './github-server/client.ts';
import type { SampleControlPlane } from './github-server/control-plane-fixture.ts';
import { runAction, type ActionRun } from './run-action.ts';

export const github = new LocalGitHub(inject('githubUrl'));
export const token = inject('githubToken');
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Runs schedule for `dev` (or `inputs.environment`) on the sample, as run 42. */
export function schedule(
  sample: SampleControlPlane,
  inputs: Record<string, string> = {},
  withToken = token,
): Promise<ActionRun> {
  return runAction('schedule', {
    github: { url: github.url, repository: sample.controlPlane, token: withToken, runId: '42' },
    inputs: { environment: 'dev', ...inputs },
  });
}

const tree = (files: Record<string, string>) =>
  new Map(Object.entries(files).map(([p, t]) => [p, encoder.encode(t)]));

/** What the engine renders for the seeded sample, applied to the GitOps branch as it is now. */
export async function expectedGitOpsFiles(
  sample: SampleControlPlane,
  env = 'dev',
): Promise<Record<string, string>> {
  const workload = async (repo: string, path: string, registration: string): Promise<Source> =>
    sourceFromTree(tree(await github.files(repo, 'main')), {
      path,
      origin: { kind: 'workload', registration },
      display: `${repo}@main:`,
    });
  const outcome = renderEnvironment({
    environment: env,
    base: sourceFromTree(tree(sample.files.main), { path: '.', origin: { kind: 'base' } }),
    controlPlane: sourceFromTree(tree(await github.files(sample.controlPlane, env)), {
      path: '.',
      origin: { kind: 'environment' },
    }),
    workloads: [
      await workload(sample.workloads.guestServices, 'deploy/kalypso', 'guest-services'),
      await workload(sample.workloads.liftOps, 'kalypso', 'lift-ops'),
      await workload(sample.workloads.platformServices, 'workloads', 'platform-svc'),
    ],
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
  const after = applyGeneratedFiles(
    tree(await github.files(sample.gitops, env)),
    outcome.rendered.files,
    outcome.rendered.gitopsPath,
  );
  return Object.fromEntries([...after].map(([p, b]) => [p, decoder.decode(b)]));
}
