import { describe, expect, it } from 'vitest';
import { resolveComplianceTarget } from '@kalypso/core';
import { fluxConfigurationQuery, fluxSummaryQuery, kqlString } from './query.ts';

describe('fluxConfigurationQuery', () => {
  it('filters on type, branch and the normalised repository, and pages by id', () => {
    const query = fluxConfigurationQuery(
      resolveComplianceTarget({
        repositoryUrl: 'https://github.com/Contoso/GitOps.git',
        branch: 'dev',
        commit: 'a'.repeat(40),
      }),
    );
    expect(query).toContain(
      "| where type =~ 'microsoft.kubernetesconfiguration/fluxconfigurations'",
    );
    expect(query).toContain(
      "| where tostring(properties.gitRepository.repositoryRef.branch) == 'dev'",
    );
    expect(query).toContain("| where (repoHost == 'github.com' and repoPath == 'contoso/gitops')");
    expect(query.endsWith('| order by id asc')).toBe(true);
    expect(query).toMatch(/\| project id, name,/);
  });

  it('accepts every Azure DevOps spelling of the repository', () => {
    const query = fluxConfigurationQuery(
      resolveComplianceTarget({
        repositoryUrl: 'git@ssh.dev.azure.com:v3/org/proj/repo',
        branch: 'dev',
        commit: 'a'.repeat(40),
      }),
    );
    expect(query).toContain(
      "(repoHost == 'dev.azure.com' and repoPath == 'org/proj/_git/repo') or (repoHost == 'ssh.dev.azure.com'",
    );
  });
});

describe('kqlString', () => {
  it.each([
    ['dev', "'dev'"],
    ["it's", "'it\\'s'"],
    ['a\\b', "'a\\\\b'"],
    ['line\nbreak', "'line\\nbreak'"],
  ])('quotes %j as %s', (value, literal) => {
    expect(kqlString(value)).toBe(literal);
  });
});

describe('fluxSummaryQuery', () => {
  const target = resolveComplianceTarget({
    repositoryUrl: 'https://github.com/contoso/gitops',
    branch: 'dev',
    commit: 'a'.repeat(40),
  });

  it('counts configurations and distinct clusters by state and synced commit, in one unpaged answer', () => {
    const query = fluxSummaryQuery(target);
    expect(query).toContain("| where (repoHost == 'github.com' and repoPath == 'contoso/gitops')");
    expect(query).toContain(
      '| summarize configurations = count() by clusterId, complianceState, syncedCommit, suspended, provisioningState',
    );
    expect(query).toContain(
      '| summarize configurations = sum(configurations), clusters = count() by complianceState, syncedCommit, suspended, provisioningState',
    );
    expect(query).not.toContain('project id');
  });

  it('selects the failing or pending rows with the target commit quoted', () => {
    expect(fluxConfigurationQuery(target, 'failing')).toContain(
      `| where tobool(properties.suspend) == true or complianceState == 'Suspended' or tostring(properties.provisioningState) == 'Failed' or (syncedCommit == '${'a'.repeat(40)}' and complianceState == 'Non-Compliant')`,
    );
    expect(fluxConfigurationQuery(target, 'pending')).toContain(
      `or syncedCommit != '${'a'.repeat(40)}' or complianceState != 'Compliant'`,
    );
    expect(fluxConfigurationQuery(target, 'all')).not.toContain('syncedCommit');
  });
});
