import { InputReader } from '@kalypso/github';
import { AZURE_AUTH_MODES, type AzureComplianceSettings } from '@kalypso/azure';

export { InputError } from '@kalypso/github';

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
  const read = new InputReader(input);
  const mode = read.text('mode') as Mode;
  if (!MODES.includes(mode))
    read.problem(`Input 'mode' is '${mode}': write one of ${MODES.join(', ')}.`);
  const environment = read.branch('environment');
  const promotedCommit = read.commitId(
    'promoted-commit',
    false,
    "the promoted 'main' commit, or nothing for a merge that is not a promotion",
  );
  const needsCommit = mode === 'check' || mode === 'notify';
  const gitopsCommit = read.text('gitops-commit');
  if (needsCommit && gitopsCommit === '') {
    read.problem(
      `Input 'gitops-commit' is required with 'mode: ${mode}': pass the merged GitOps commit (github.sha in the GitOps repository).`,
    );
  }
  const gitopsRepository = read.text('gitops-repository');
  const gitopsBranch = read.branch('gitops-branch', false);
  const auth = read.text('azure-auth') || 'oidc';
  if (!(AZURE_AUTH_MODES as readonly string[]).includes(auth)) {
    read.problem(`Input 'azure-auth' is '${auth}': write one of ${AZURE_AUTH_MODES.join(', ')}.`);
  }
  const tenantId = read.text('azure-tenant-id') || (env.AZURE_TENANT_ID ?? '').trim();
  const clientId = read.text('azure-client-id') || (env.AZURE_CLIENT_ID ?? '').trim();
  const clientSecret = read.text('azure-client-secret');
  if (mode === 'check' && auth !== 'azure-cli') {
    if (!tenantId)
      read.problem(
        `Input 'azure-tenant-id' is required with 'azure-auth: ${auth}' (or set AZURE_TENANT_ID).`,
      );
    if (!clientId)
      read.problem(
        `Input 'azure-client-id' is required with 'azure-auth: ${auth}' (or set AZURE_CLIENT_ID).`,
      );
    if (auth === 'client-secret' && !clientSecret)
      read.problem("Input 'azure-client-secret' is required with 'azure-auth: client-secret'.");
  }
  const repository = read.repository('repository');
  const nextEnvironment = read.branch('next-environment', false);
  const list = (name: string) =>
    read
      .text(name)
      .split(/[\s,]+/)
      .filter(Boolean);
  const notifying = mode === 'notify';
  const inputs: CheckPromoteInputs = {
    mode,
    environment,
    promotedCommit: promotedCommit || undefined,
    gitops: {
      repositoryUrl:
        gitopsRepository === '' ? undefined : repositoryUrl(gitopsRepository, serverUrl),
      branch: gitopsBranch || undefined,
      commit: gitopsCommit,
    },
    azure: {
      auth,
      ...(tenantId ? { tenantId } : {}),
      ...(clientId ? { clientId } : {}),
      ...(clientSecret ? { clientSecret } : {}),
      subscriptions: list('subscriptions'),
      managementGroups: list('management-groups'),
      cloud: read.text('azure-cloud'),
      ...optional('armEndpoint', read.text('azure-resource-manager-endpoint')),
      ...optional('authorityHost', read.text('azure-authority-host')),
      ...optional('tokenScope', read.text('azure-token-scope')),
      ...optional('oidcAudience', read.text('azure-oidc-audience')),
    },
    timeoutSeconds: read.seconds('timeout-seconds'),
    pollIntervalSeconds: read.seconds('poll-interval-seconds'),
    gracePeriodSeconds: read.seconds('grace-period-seconds', true),
    allowNoConfigurations: read.boolean('allow-no-configurations'),
    token: read.required('github-token'),
    repository,
    promotionChainFile: read.required('promotion-chain-file'),
    nextEnvironment: nextEnvironment || undefined,
    cdWorkflow: read.required('cd-workflow'),
    dispatchNext: read.boolean('dispatch-next'),
    notify: {
      gitopsRepository: gitopsRepository || (env.GITHUB_REPOSITORY ?? ''),
      gitopsToken: notifying ? read.required('gitops-token') : read.text('gitops-token'),
      checkWorkflow: notifying ? read.required('check-workflow') : read.text('check-workflow'),
    },
  };
  if (notifying && !OWNER_NAME.test(inputs.notify.gitopsRepository)) {
    read.problem(
      `With 'mode: notify', 'gitops-repository' must be owner/name (default: the repository the workflow runs in), not '${inputs.notify.gitopsRepository}'.`,
    );
  }
  read.finish();
  return inputs;
}

/** `owner/name` on this GitHub, or a URL as given. */
function repositoryUrl(value: string, serverUrl: string): string {
  return OWNER_NAME.test(value) ? `${serverUrl.replace(/\/+$/, '')}/${value}` : value;
}

function optional<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value === '' ? {} : ({ [key]: value } as Record<K, string>);
}
