// The deployments ledger, written: one GitHub deployment per (environment, promoted main commit)
// on the control-plane repository, task `kalypso:promote`, whose statuses follow the promotion
// (queued → in_progress → success / failure / error / inactive). Found again before it is created,
// so a re-run adds no second deployment; a status equal to the latest one is not written twice.
// When a promotion succeeds, the environment's previous success is set inactive here (GitHub does
// not for production environments; `auto_inactive: false` makes every environment behave alike).
// Writes are per environment, never per cluster. See docs/decisions/deployments-ledger.md.
import {
  PROMOTE_TASK,
  inertText,
  supersededStatus,
  type DeploymentRecord,
  type DeploymentRecords,
} from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

/** GitHub's limit on a deployment's and a deployment status's description. */
export const DEPLOYMENT_DESCRIPTION_LIMIT = 140;

/** Older deployments of the environment looked at for the previous success, at most. */
const PREVIOUS_SUCCESS_SCAN = 10;

export interface DeploymentRecordsOptions {
  /** `https://github.com`, or the Enterprise Server's URL: GitOps links are built on it. */
  serverUrl: string;
  /** The environments of the promotion chain (read once, when first needed); undefined when unknown. */
  chain: () => Promise<readonly string[] | undefined>;
}

/** One line of plain text, inert (no mention, no credential), at most 140 characters. */
export function deploymentDescription(value: string): string {
  const flat = inertText(value).replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= DEPLOYMENT_DESCRIPTION_LIMIT
    ? flat
    : `${chars.slice(0, DEPLOYMENT_DESCRIPTION_LIMIT - 1).join('')}…`;
}

const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;

/** `owner/name` of a GitOps repository given as `owner/name` or as its URL; undefined otherwise. */
export function repositoryName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (REPOSITORY.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const name = url.pathname.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
    return REPOSITORY.test(name) ? name : undefined;
  } catch {
    return undefined;
  }
}

/** An http(s) URL without credentials, or undefined. */
function httpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return undefined;
  }
}

/** The deployment payload the ledger's readers agree on (docs/decisions/deployments-ledger.md). */
export function deploymentPayload(record: DeploymentRecord): Record<string, unknown> {
  const gitops = record.gitops;
  const repository = repositoryName(gitops?.repository);
  const pullRequest = /\/pull\/(\d{1,9})$/.exec(gitops?.pullRequestUrl ?? '')?.[1];
  return {
    kalypso: 1,
    ...(repository ? { gitopsRepository: repository } : {}),
    ...(gitops?.branch ? { gitopsBranch: gitops.branch } : {}),
    ...(pullRequest ? { pullRequest: Number(pullRequest) } : {}),
    ...(gitops?.commit && /^[0-9a-f]{40}$/.test(gitops.commit)
      ? { gitopsCommit: gitops.commit }
      : {}),
  };
}

/** The GitOps page of a record: its pull request, else its merged commit. */
function environmentUrlOf(record: DeploymentRecord, serverUrl: string): string | undefined {
  const pullRequest = httpUrl(record.gitops?.pullRequestUrl);
  if (pullRequest) return pullRequest;
  const repository = repositoryName(record.gitops?.repository);
  const commit = record.gitops?.commit;
  if (!repository || !commit || !/^[0-9a-f]{40}$/.test(commit)) return undefined;
  return httpUrl(`${serverUrl.replace(/\/+$/, '')}/${repository}/commit/${commit}`);
}

/** The records of every action, written to the Deployments API of `repository`. */
export function createDeploymentRecords(
  client: GitHubClient,
  repository: string,
  options: DeploymentRecordsOptions,
): DeploymentRecords {
  const [owner = '', repo = ''] = repository.split('/');
  const octokit = client.octokit;
  /** The environment's deployment of `sha` and its latest status; `steps` names each read. */
  const lookup = async (environment: string, sha: string, steps?: (step: string) => void) => {
    steps?.('Finding the deployment');
    const found = await octokit.rest.repos.listDeployments({
      ...{ owner, repo, environment, sha, task: PROMOTE_TASK },
      per_page: 1,
    });
    const deployment = found.data[0];
    if (!deployment) return { deployment, latest: undefined };
    steps?.('Reading the deployment statuses');
    const statuses = await octokit.rest.repos.listDeploymentStatuses({
      ...{ owner, repo, deployment_id: deployment.id },
      per_page: 1,
    });
    return { deployment, latest: statuses.data[0] };
  };
  /** The lookup `prepare` started, for the next record (of any promotion: it is taken once). */
  let ahead: { key: string; found: ReturnType<typeof lookup> } | undefined;
  return {
    prepare(environment, sha) {
      const found = lookup(environment, sha);
      found.catch(() => undefined); // a failed read is made again by the record
      ahead = { key: `${environment}\0${sha}`, found };
    },
    async record(record) {
      const { environment, promotedCommit: sha, state } = record;
      const call = (activity: string) => ({
        activity: `${activity} (deployments ledger, '${environment}', ${sha.slice(0, 7)})`,
        repository,
        permission: 'deployments: write',
        tokenInput: client.tokenInput,
      });
      // The read ahead counts for this record only when nothing was recorded since.
      const prepared = ahead?.key === `${environment}\0${sha}` ? ahead.found : undefined;
      ahead = undefined;
      let step = 'Finding the deployment';
      try {
        const found =
          (await prepared?.catch(() => undefined)) ??
          (await lookup(environment, sha, (next) => (step = next)));
        const { latest } = found;
        let { deployment } = found;
        if (!deployment) {
          step = 'Creating the deployment';
          const chain = await options.chain().catch(() => undefined);
          const created = await octokit.rest.repos.createDeployment({
            ...{ owner, repo, ref: sha, task: PROMOTE_TASK, environment },
            auto_merge: false,
            required_contexts: [],
            transient_environment: false,
            production_environment: chain !== undefined && chain.at(-1) === environment,
            description: deploymentDescription(`Promotion of ${sha.slice(0, 7)} to ${environment}`),
            payload: deploymentPayload(record) as unknown as string,
          });
          if (!('id' in created.data)) {
            throw new Error(`GitHub did not create the deployment: ${created.data.message ?? ''}`);
          }
          deployment = created.data;
        }
        const description = deploymentDescription(record.description);
        if (latest && latest.state === state && latest.description === description) {
          client.reporter.debug(
            `Deployments ledger: ${sha.slice(0, 7)} in '${environment}' is already ${state}.`,
          );
          return;
        }
        step = 'Setting the deployment status';
        const environmentUrl =
          environmentUrlOf(record, options.serverUrl) ?? httpUrl(latest?.environment_url);
        const logUrl = httpUrl(record.logUrl);
        await octokit.rest.repos.createDeploymentStatus({
          ...{ owner, repo, deployment_id: deployment.id, state, description },
          ...(logUrl ? { log_url: logUrl } : {}),
          ...(environmentUrl ? { environment_url: environmentUrl } : {}),
          auto_inactive: false,
        });
        client.reporter.info(
          `Deployments ledger: ${sha.slice(0, 7)} in '${environment}' is ${state}.`,
        );
        if (state === 'success') {
          step = 'Setting the previous deployment inactive';
          await inactivatePrevious(deployment.id);
        }
      } catch (error) {
        throw describeFailure(error, call(step));
      }

      /** The newest other success of the environment becomes inactive: one success at a time. */
      async function inactivatePrevious(id: number): Promise<void> {
        const others = await octokit.rest.repos.listDeployments({
          ...{ owner, repo, environment, task: PROMOTE_TASK },
          per_page: PREVIOUS_SUCCESS_SCAN,
        });
        for (const other of others.data) {
          if (other.id === id) continue;
          const [status] = (
            await octokit.rest.repos.listDeploymentStatuses({
              ...{ owner, repo, deployment_id: other.id },
              per_page: 1,
            })
          ).data;
          if (status?.state !== 'success') continue;
          const previousLog = httpUrl(record.logUrl);
          const previousUrl = httpUrl(status.environment_url);
          await octokit.rest.repos.createDeploymentStatus({
            ...{ owner, repo, deployment_id: other.id, state: 'inactive' },
            description: deploymentDescription(supersededStatus(sha).description),
            ...(previousLog ? { log_url: previousLog } : {}),
            ...(previousUrl ? { environment_url: previousUrl } : {}),
            auto_inactive: false,
          });
          client.reporter.info(
            `Deployments ledger: ${other.sha.slice(0, 7)} in '${environment}' is inactive (superseded by ${sha.slice(0, 7)}).`,
          );
          return;
        }
      }
    },
  };
}
