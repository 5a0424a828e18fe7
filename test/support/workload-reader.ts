// The control-plane reader the actions build (`wiring/control-plane.ts`), for tests of how the
// workload repositories are read: over the API with the workload token's read-only client, or
// with git alone.
import { join } from 'node:path';
import type { Reporter } from '@kalypso/core';
import { ControlPlaneReader, createGitHubClient, GitWorkspace } from '@kalypso/github';
import type { LocalGitHub } from './github-server/client.ts';
import type { SampleControlPlane } from './github-server/control-plane-fixture.ts';

/** A reporter that keeps every line but debug's in `log`. */
export function loggingReporter(log: string[]): Reporter {
  return {
    info: (m) => void log.push(m),
    debug: () => undefined,
    warning: (m) => void log.push(m),
    error: (m) => void log.push(m),
    group: (_name, work) => work(),
  };
}

export interface ReaderOptions {
  token: string;
  reporter: Reporter;
  /** Read workload repositories over the API (default) or with git alone. */
  api?: boolean;
  /** The workload token; default `token`. */
  workloadToken?: string;
  /** GITHUB_SERVER_URL; default the local GitHub's URL. */
  serverUrl?: string;
}

/** A reader of the sample's control plane, its scratch folders under `scratch`. */
export async function sampleReader(
  github: LocalGitHub,
  scratch: string,
  sample: Pick<SampleControlPlane, 'controlPlane'>,
  options: ReaderOptions,
): Promise<ControlPlaneReader> {
  const { token, reporter, api = true } = options;
  const workloadToken = options.workloadToken ?? token;
  const name = `cp-${Math.random().toString(36).slice(2)}`;
  const controlPlane = await GitWorkspace.create(join(scratch, name), {
    url: `${github.url}/${sample.controlPlane}.git`,
    token,
    repository: sample.controlPlane,
    tokenInput: 'github-token',
  });
  return new ControlPlaneReader({
    controlPlane,
    serverUrl: options.serverUrl ?? github.url,
    workloads: { token: workloadToken, tokenInput: 'workload-token' },
    ...(api
      ? {
          workloadApi: createGitHubClient({
            token: workloadToken,
            baseUrl: github.url,
            reporter,
            tokenInput: 'workload-token',
            retries: 0,
            readOnly: true,
          }),
        }
      : {}),
    scratch: join(scratch, `${name}-sources`),
    reporter,
  });
}
