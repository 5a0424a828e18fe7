import { describe, expect, it } from 'vitest';
import { readInputs } from './inputs.ts';

const COMMIT = '4f2a9c1e7b3d5a6f8091c2d3e4f5a6b7c8d9e0f1';
const defaults: Record<string, string> = {
  mode: 'check',
  environment: 'dev',
  'gitops-commit': COMMIT,
  evidence: 'azure-resource-graph',
  'azure-auth': 'oidc',
  'azure-tenant-id': 'tenant',
  'azure-client-id': 'client',
  'azure-cloud': 'AzureCloud',
  'timeout-seconds': '1800',
  'poll-interval-seconds': '30',
  'grace-period-seconds': '120',
  'allow-no-configurations': 'false',
  'github-token': 'token',
  repository: 'contoso/control-plane',
  'promotion-chain-file': '.github/promotion-chain.yaml',
  'cd-workflow': 'cd.yaml',
  'dry-run': 'false',
};

function read(inputs: Record<string, string>, env: Record<string, string> = {}) {
  const all = { ...defaults, ...inputs };
  return readInputs((name) => all[name] ?? '', env, 'https://github.com');
}

describe('readInputs', () => {
  it('reads a check with defaults: no promoted commit, GitOps repository from gitops-repo.yaml', () => {
    expect(read({})).toMatchObject({
      mode: 'check',
      promotedCommit: undefined,
      gitops: { repositoryUrl: undefined, branch: undefined, commit: COMMIT },
      azure: { auth: 'oidc', tenantId: 'tenant', clientId: 'client', subscriptions: [] },
      timeoutSeconds: 1800,
      pollIntervalSeconds: 30,
      dispatchNext: true,
    });
  });

  it.each([
    ['contoso/gitops', 'https://github.com/contoso/gitops'],
    ['git@github.com:contoso/gitops.git', 'git@github.com:contoso/gitops.git'],
  ])('takes gitops-repository %s as %s', (given, url) => {
    expect(read({ 'gitops-repository': given }).gitops.repositoryUrl).toBe(url);
  });

  it('splits subscriptions and management groups on commas and new lines', () => {
    const { azure } = read({ subscriptions: 's1, s2\ns3', 'management-groups': 'mg1' });
    expect(azure).toMatchObject({ subscriptions: ['s1', 's2', 's3'], managementGroups: ['mg1'] });
  });

  it('falls back to AZURE_TENANT_ID and AZURE_CLIENT_ID', () => {
    const inputs = read(
      { 'azure-tenant-id': '', 'azure-client-id': '' },
      { AZURE_TENANT_ID: 't-env', AZURE_CLIENT_ID: 'c-env' },
    );
    expect(inputs.azure).toMatchObject({ tenantId: 't-env', clientId: 'c-env' });
  });

  it('needs neither Azure nor a GitOps commit to promote the next environment', () => {
    const inputs = read({
      mode: 'promote-next',
      'gitops-commit': '',
      'azure-tenant-id': '',
      'azure-client-id': '',
      'promoted-commit': COMMIT,
    });
    expect(inputs).toMatchObject({ mode: 'promote-next', promotedCommit: COMMIT });
  });

  it('reports every problem at once', () => {
    expect(() =>
      read({
        'gitops-commit': '',
        'promoted-commit': 'abc123',
        'azure-auth': 'client-secret',
        'azure-client-id': '',
        'poll-interval-seconds': '0',
        'dry-run': 'yes',
        repository: 'control-plane',
      }),
    ).toThrow(
      [
        'The inputs have 7 problems:',
        "  Input 'promoted-commit' is 'abc123': pass the full 40-character id of the promoted 'main' commit, or nothing for a merge that is not a promotion.",
        "  Input 'gitops-commit' is required with 'mode: check': pass the merged GitOps commit (Kalypso's commit_id, which the notify action dispatches).",
        "  Input 'azure-client-id' is required with 'azure-auth: client-secret' (or set AZURE_CLIENT_ID).",
        "  Input 'azure-client-secret' is required with 'azure-auth: client-secret'.",
        "  Input 'repository' is 'control-plane': write it as owner/name.",
        "  Input 'poll-interval-seconds' is '0': write a number of seconds above 0.",
        "  Input 'dry-run' is 'yes': write true or false.",
      ].join('\n'),
    );
  });

  it('takes the evidence from Azure Resource Graph, by default too', () => {
    expect(read({}).evidence).toBe('azure-resource-graph');
    expect(read({ evidence: '' }).evidence).toBe('azure-resource-graph');
  });

  it('names the evidence sources when the evidence is unknown, with the other problems', () => {
    expect(() => read({ evidence: 'flux-commit-status', 'azure-tenant-id': '' })).toThrow(
      "Input 'evidence' is 'flux-commit-status': write one of azure-resource-graph, commit-statuses, both.",
    );
  });

  it('commit-status evidence needs no Azure input, and its settings are checked all at once', () => {
    expect(
      read({ evidence: 'commit-statuses', 'azure-tenant-id': '', 'azure-client-id': '' }),
    ).toMatchObject({
      evidence: 'commit-statuses',
      commitStatuses: {
        pattern: 'kalypso/{clusterType}/{cluster}/*',
        expected: 'inventory',
        inventoryFile: '.kalypso/clusters.yaml',
        tokenInput: 'github-token',
      },
    });
    expect(
      read({ evidence: 'commit-statuses', 'gitops-token': 'other' }).commitStatuses,
    ).toMatchObject({ token: 'other', tokenInput: 'gitops-token' });
    let message = '';
    try {
      read({
        evidence: 'both',
        'azure-tenant-id': '',
        'status-context-pattern': 'kalypso/{clusterType}',
        'expected-reporters': 'minimum',
        'minimum-reporters': 'drone',
        'cluster-inventory-file': '../secrets',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("must hold '{cluster}' exactly once");
    expect(message).toContain("Input 'minimum-reporters' item 'drone'");
    expect(message).toContain("Input 'cluster-inventory-file' '../secrets' is not a relative path");
    expect(message).toContain("Input 'azure-tenant-id' is required");
  });

  it('names the modes when the mode is unknown', () => {
    expect(() => read({ mode: 'wait' })).toThrow(
      "Input 'mode' is 'wait': write one of check, promote-next, mark-failed.",
    );
  });

  it('points mode: notify to the notify action', () => {
    expect(() => read({ mode: 'notify' })).toThrow(
      "Input 'mode' is 'notify', which moved to its own action: in the GitOps repository's workflow, use 'kalypso-actions/notify@v1' (see CHANGELOG.md).",
    );
  });

  it('an empty cd-workflow holds the next environment for post-deployment steps', () => {
    expect(read({ 'cd-workflow': '' })).toMatchObject({ cdWorkflow: '', dispatchNext: false });
    expect(() => read({ mode: 'promote-next', 'cd-workflow': '' })).toThrow(
      "Input 'cd-workflow' is empty with 'mode: promote-next'",
    );
  });

  it('names what replaces a removed input', () => {
    expect(() => read({ 'dispatch-next': 'false' })).toThrow(
      "Input 'dispatch-next' was removed: write `cd-workflow: ''` for `dispatch-next: false` (post-deployment steps follow), or leave both out (see CHANGELOG.md).",
    );
  });
});
