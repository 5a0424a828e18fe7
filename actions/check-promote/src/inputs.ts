import { isCommitId, isValidBranchName } from '@kalypso/core';
import { AZURE_AUTH_MODES, type AzureComplianceSettings } from '@kalypso/azure';

/** A mistake in the step's `with:` block; the message says which input and what to write. */
export class InputError extends Error {
  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `The inputs have ${problems.length} problems:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    this.name = 'InputError';
  }
}

/**
 * - `check`: wait for compliance, then statuses and (unless `dispatch-next` is false) the next
 *   environment;
 * - `promote-next`: after post-deployment steps, mark Deployed and start the next environment;
 * - `mark-failed`: after a failed post-deployment step, mark "Failed to deploy";
 * - `notify`: in the GitOps repository, start `check-workflow` in the control plane for a push.
 */
export type Mode = 'check' | 'promote-next' | 'mark-failed' | 'notify';
export const MODES: readonly Mode[] = ['check', 'promote-next', 'mark-failed', 'notify'];

export interface CheckPromoteInputs {
  mode: Mode;
  environment: string;
  /** The promoted control-plane commit; undefined for a merge that is not a promotion. */
  promotedCommit: string | undefined;
  gitops: {
    /** A URL, or undefined to read the environment branch's gitops-repo.yaml. */
    repositoryUrl: string | undefined;
    branch: string | undefined;
    commit: string;
  };
  azure: AzureComplianceSettings;
  timeoutSeconds: number;
  pollIntervalSeconds: number;
  gracePeriodSeconds: number;
  allowNoConfigurations: boolean;
  token: string;
  /** Control-plane repository, `owner/name`. */
  repository: string;
  promotionChainFile: string;
  nextEnvironment: string | undefined;
  cdWorkflow: string;
  dispatchNext: boolean;
  /** `mode: notify`: the GitOps repository (where the workflow runs), its token, the workflow to start. */
  notify: { gitopsRepository: string; gitopsToken: string; checkWorkflow: string };
}

const OWNER_NAME = /^[\w.-]+\/[\w.-]+$/;

/**
 * Reads and checks every input, reporting all problems at once. `input` returns the raw value of
 * an input (`core.getInput`), with `action.yml` defaults applied by the runner; `env` supplies the
 * AZURE_TENANT_ID / AZURE_CLIENT_ID fallbacks; `serverUrl` turns `owner/name` into a URL.
 */
export function readInputs(
  input: (name: string) => string,
  env: Record<string, string | undefined>,
  serverUrl: string,
): CheckPromoteInputs {
  const problems: string[] = [];
  const value = (name: string) => input(name).trim();
  const required = (name: string, why = '') => {
    const found = value(name);
    if (found === '') problems.push(`Input '${name}' is required${why}.`);
    return found;
  };
  const boolean = (name: string) => {
    const found = value(name);
    if (/^(true|True|TRUE)$/.test(found)) return true;
    if (/^(false|False|FALSE)$/.test(found)) return false;
    problems.push(`Input '${name}' is '${found}': write true or false.`);
    return false;
  };
  const seconds = (name: string, allowZero: boolean) => {
    const found = value(name);
    const number = Number(found);
    if (found === '' || !Number.isFinite(number) || number < 0 || (!allowZero && number === 0)) {
      problems.push(
        `Input '${name}' is '${found}': write a number of seconds${allowZero ? '' : ' above 0'}.`,
      );
      return 1;
    }
    return number;
  };
  const list = (name: string) =>
    value(name)
      .split(/[\s,]+/)
      .filter(Boolean);

  const mode = value('mode') as Mode;
  if (!MODES.includes(mode)) {
    problems.push(`Input 'mode' is '${value('mode')}': write one of ${MODES.join(', ')}.`);
  }
  const environment = required('environment');
  if (environment !== '' && !isValidBranchName(environment)) {
    problems.push(
      `Input 'environment' is '${environment}', which is not a branch name. Pass the environment's branch, e.g. 'dev'.`,
    );
  }
  const promotedCommit = value('promoted-commit');
  if (promotedCommit !== '' && !isCommitId(promotedCommit)) {
    problems.push(
      `Input 'promoted-commit' is '${promotedCommit}': pass the full 40-character id of the promoted 'main' commit, or nothing for a merge that is not a promotion.`,
    );
  }
  const gitopsCommit =
    mode === 'check' || mode === 'notify'
      ? required(
          'gitops-commit',
          " with 'mode: check': pass the merged GitOps commit (github.sha in the GitOps repository)",
        )
      : value('gitops-commit');
  const gitopsRepository = value('gitops-repository');
  const gitopsBranch = value('gitops-branch');
  if (gitopsBranch !== '' && !isValidBranchName(gitopsBranch.replace(/^refs\/heads\//, ''))) {
    problems.push(`Input 'gitops-branch' is '${gitopsBranch}', which is not a branch name.`);
  }
  const auth = value('azure-auth') || 'oidc';
  if (!(AZURE_AUTH_MODES as readonly string[]).includes(auth)) {
    problems.push(`Input 'azure-auth' is '${auth}': write one of ${AZURE_AUTH_MODES.join(', ')}.`);
  }
  const tenantId = value('azure-tenant-id') || (env.AZURE_TENANT_ID ?? '').trim();
  const clientId = value('azure-client-id') || (env.AZURE_CLIENT_ID ?? '').trim();
  const clientSecret = value('azure-client-secret');
  if (mode === 'check' && auth !== 'azure-cli') {
    if (!tenantId)
      problems.push(
        `Input 'azure-tenant-id' is required with 'azure-auth: ${auth}' (or set AZURE_TENANT_ID).`,
      );
    if (!clientId)
      problems.push(
        `Input 'azure-client-id' is required with 'azure-auth: ${auth}' (or set AZURE_CLIENT_ID).`,
      );
    if (auth === 'client-secret' && !clientSecret)
      problems.push("Input 'azure-client-secret' is required with 'azure-auth: client-secret'.");
  }
  const repository = required('repository');
  if (repository !== '' && !OWNER_NAME.test(repository)) {
    problems.push(`Input 'repository' is '${repository}': write it as owner/name.`);
  }
  const nextEnvironment = value('next-environment');
  if (nextEnvironment !== '' && !isValidBranchName(nextEnvironment)) {
    problems.push(`Input 'next-environment' is '${nextEnvironment}', which is not a branch name.`);
  }
  const inputs: CheckPromoteInputs = {
    mode,
    environment,
    promotedCommit: promotedCommit || undefined,
    gitops: {
      repositoryUrl:
        gitopsRepository === '' ? undefined : repositoryUrl(gitopsRepository, serverUrl),
      branch: gitopsBranch.replace(/^refs\/heads\//, '') || undefined,
      commit: gitopsCommit,
    },
    azure: {
      auth,
      ...(tenantId ? { tenantId } : {}),
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      subscriptions: list('subscriptions'),
      managementGroups: list('management-groups'),
      cloud: value('azure-cloud'),
      ...optional('armEndpoint', value('azure-resource-manager-endpoint')),
      ...optional('authorityHost', value('azure-authority-host')),
      ...optional('tokenScope', value('azure-token-scope')),
      ...optional('oidcAudience', value('azure-oidc-audience')),
    },
    timeoutSeconds: seconds('timeout-seconds', false),
    pollIntervalSeconds: seconds('poll-interval-seconds', false),
    gracePeriodSeconds: seconds('grace-period-seconds', true),
    allowNoConfigurations: boolean('allow-no-configurations'),
    token: required('github-token'),
    repository,
    promotionChainFile: required('promotion-chain-file'),
    nextEnvironment: nextEnvironment || undefined,
    cdWorkflow: required('cd-workflow'),
    dispatchNext: boolean('dispatch-next'),
    notify: {
      gitopsRepository: gitopsRepository || (env.GITHUB_REPOSITORY ?? ''),
      gitopsToken: mode === 'notify' ? required('gitops-token') : value('gitops-token'),
      checkWorkflow: mode === 'notify' ? required('check-workflow') : value('check-workflow'),
    },
  };
  if (mode === 'notify' && !OWNER_NAME.test(inputs.notify.gitopsRepository)) {
    problems.push(
      `With 'mode: notify', 'gitops-repository' must be owner/name (default: the repository the workflow runs in), not '${inputs.notify.gitopsRepository}'.`,
    );
  }
  if (problems.length > 0) throw new InputError(problems);
  return inputs;
}

/** `owner/name` on this GitHub, or a URL as given. */
function repositoryUrl(value: string, serverUrl: string): string {
  return OWNER_NAME.test(value) ? `${serverUrl.replace(/\/+$/, '')}/${value}` : value;
}

function optional<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value === '' ? {} : ({ [key]: value } as Record<K, string>);
}
