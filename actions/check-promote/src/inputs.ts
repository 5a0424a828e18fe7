import { InputReader } from '@kalypso/github';
import { AZURE_AUTH_MODES, type AzureComplianceSettings } from '@kalypso/azure';
import {
  compileContextPattern,
  DEFAULT_CONTEXT_PATTERN,
  DEFAULT_INVENTORY_FILE,
  parseMinimumReporters,
  type DeploymentMode,
} from '@kalypso/core';

export { InputError } from '@kalypso/github';

/**
 * - `check`: wait for compliance, then statuses and (unless `cd-workflow` is empty) the next
 *   environment;
 * - `promote-next`: after post-deployment steps, mark Deployed and start the next environment;
 * - `mark-failed`: after a failed step, mark "Failed to deploy".
 * The GitOps-side notification is the `notify` action.
 */
export type Mode = DeploymentMode;
export const MODES: readonly Mode[] = ['check', 'promote-next', 'mark-failed'];

/** Where the evidence comes from (input `evidence`): each value is one adapter (evidence.ts). */
export const EVIDENCE_SOURCES = ['azure-resource-graph', 'commit-statuses', 'both'] as const;
export type EvidenceSourceName = (typeof EVIDENCE_SOURCES)[number];

/** Who must report commit statuses (input `expected-reporters`). */
export const EXPECTED_REPORTERS = ['inventory', 'previous', 'minimum'] as const;

/** The settings of the commit-status source, checked only when it is chosen. */
export interface CommitStatusInputs {
  pattern: string;
  expected: (typeof EXPECTED_REPORTERS)[number];
  minimumReporters: string;
  inventoryFile: string;
  /** Reads the GitOps repository's statuses and inventory; `github-token` when empty. */
  token: string;
  tokenInput: string;
}

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
  /** The evidence source; its settings (`azure`) are checked only when it is the one chosen. */
  evidence: EvidenceSourceName;
  azure: AzureComplianceSettings;
  commitStatuses: CommitStatusInputs;
  timeoutSeconds: number;
  pollIntervalSeconds: number;
  gracePeriodSeconds: number;
  allowNoConfigurations: boolean;
  token: string;
  /** Reads the GitOps repository to verify the dispatch; empty: `token` (docs/decisions/gate-checks.md). */
  gitopsToken: string;
  /** Control-plane repository, `owner/name`. */
  repository: string;
  promotionChainFile: string;
  nextEnvironment: string | undefined;
  /** The CD workflow that starts the next environment; "" with `mode: check`: do not start it. */
  cdWorkflow: string;
  /** `cd-workflow` is set: `mode: check` starts the next environment itself. */
  dispatchNext: boolean;
  dryRun: boolean;
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
  if ((mode as string) === 'notify') {
    read.problem(
      "Input 'mode' is 'notify', which moved to its own action: in the GitOps repository's workflow, use 'kalypso-actions/notify@v1' (see CHANGELOG.md).",
    );
  } else if (!MODES.includes(mode)) {
    read.problem(`Input 'mode' is '${mode}': write one of ${MODES.join(', ')}.`);
  }
  read.removed(
    'dispatch-next',
    "write `cd-workflow: ''` for `dispatch-next: false` (post-deployment steps follow), or leave both out",
  );
  read.removed('check-workflow', "it served 'mode: notify', now the 'notify' action");
  const environment = read.branch('environment');
  const promotedCommit = read.commitId(
    'promoted-commit',
    false,
    "the promoted 'main' commit, or nothing for a merge that is not a promotion",
  );
  const gitopsCommit = read.text('gitops-commit');
  if (mode === 'check' && gitopsCommit === '') {
    read.problem(
      `Input 'gitops-commit' is required with 'mode: check': pass the merged GitOps commit (Kalypso's commit_id, which the notify action dispatches).`,
    );
  }
  const gitopsRepository = read.text('gitops-repository');
  const gitopsBranch = read.branch('gitops-branch', false);
  const evidence = (read.text('evidence') || 'azure-resource-graph') as EvidenceSourceName;
  if (!EVIDENCE_SOURCES.includes(evidence))
    read.problem(`Input 'evidence' is '${evidence}': write one of ${EVIDENCE_SOURCES.join(', ')}.`);
  const auth = read.text('azure-auth') || 'oidc';
  if (!(AZURE_AUTH_MODES as readonly string[]).includes(auth)) {
    read.problem(`Input 'azure-auth' is '${auth}': write one of ${AZURE_AUTH_MODES.join(', ')}.`);
  }
  const tenantId = read.text('azure-tenant-id') || (env.AZURE_TENANT_ID ?? '').trim();
  const clientId = read.text('azure-client-id') || (env.AZURE_CLIENT_ID ?? '').trim();
  const clientSecret = read.text('azure-client-secret');
  const usesAzure = evidence !== 'commit-statuses';
  const usesStatuses = evidence !== 'azure-resource-graph';
  const commitStatuses = readCommitStatusInputs(read, mode === 'check' && usesStatuses);
  if (mode === 'check' && usesAzure && auth !== 'azure-cli') {
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
  const cdWorkflow = read.text('cd-workflow');
  if (mode === 'promote-next' && cdWorkflow === '') {
    read.problem(
      "Input 'cd-workflow' is empty with 'mode: promote-next', whose job is to dispatch it: leave it out (default cd.yaml) or name the CD workflow.",
    );
  }
  const list = (name: string) =>
    read
      .text(name)
      .split(/[\s,]+/)
      .filter(Boolean);
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
    evidence,
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
    commitStatuses,
    timeoutSeconds: read.seconds('timeout-seconds'),
    pollIntervalSeconds: read.seconds('poll-interval-seconds'),
    gracePeriodSeconds: read.seconds('grace-period-seconds', true),
    allowNoConfigurations: read.boolean('allow-no-configurations'),
    token: read.required('github-token'),
    gitopsToken: read.text('gitops-token'),
    repository,
    promotionChainFile: read.required('promotion-chain-file'),
    nextEnvironment: nextEnvironment || undefined,
    cdWorkflow,
    dispatchNext: cdWorkflow !== '',
    dryRun: read.boolean('dry-run'),
  };
  read.finish();
  return inputs;
}

/** The commit-status settings; `check` validates them when the source is used. */
function readCommitStatusInputs(read: InputReader, check: boolean): CommitStatusInputs {
  const pattern = read.text('status-context-pattern') || DEFAULT_CONTEXT_PATTERN;
  const expected = (read.text('expected-reporters') ||
    'inventory') as CommitStatusInputs['expected'];
  const minimumReporters = read.text('minimum-reporters');
  const inventoryFile = read.text('cluster-inventory-file') || DEFAULT_INVENTORY_FILE;
  const readToken = read.text('gitops-token');
  if (check) {
    const problems = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        for (const p of (error as { problems?: { message: string }[] }).problems ?? [
          { message: String(error) },
        ])
          read.problem(p.message);
      }
    };
    problems(() => compileContextPattern(pattern));
    if (!EXPECTED_REPORTERS.includes(expected))
      read.problem(
        `Input 'expected-reporters' is '${expected}': write one of ${EXPECTED_REPORTERS.join(', ')}.`,
      );
    if (expected === 'minimum') problems(() => parseMinimumReporters(minimumReporters));
    if (
      !/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(inventoryFile) ||
      inventoryFile.split('/').some((s) => s === '.' || s === '..') ||
      inventoryFile.length > 255
    )
      read.problem(
        `Input 'cluster-inventory-file' '${inventoryFile.slice(0, 100)}' is not a relative path inside the GitOps repository (letters, digits, '.', '_', '-', '/'; no '..').`,
      );
  }
  return {
    pattern,
    expected,
    minimumReporters,
    inventoryFile,
    token: readToken || read.text('github-token'),
    tokenInput: readToken ? 'gitops-token' : 'github-token',
  };
}

/** `owner/name` on this GitHub, or a URL as given. */
function repositoryUrl(value: string, serverUrl: string): string {
  return OWNER_NAME.test(value) ? `${serverUrl.replace(/\/+$/, '')}/${value}` : value;
}

function optional<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value === '' ? {} : ({ [key]: value } as Record<K, string>);
}
