import {
  REPOSITORY_HOST_PATTERN,
  REPOSITORY_PATH_PATTERN,
  type ComplianceTarget,
} from '@kalypso/core';

/**
 * The Resource Graph query for every Flux configuration watching the target's repository and
 * branch. Only validated values reach the text (resolveComplianceTarget), and each is still quoted
 * with kqlString, so no input can change the query's shape. The URL is normalised in KQL with the
 * same expressions the verdict uses, so `https://GitHub.com/org/repo.git` and
 * `git@github.com:org/repo` both match (azure-resource-graph.md §5.1, §5.3).
 */
export function fluxConfigurationQuery(target: ComplianceTarget): string {
  const repositories = target.repositoryAliases
    .map((a) => `(repoHost == ${kqlString(a.host)} and repoPath == ${kqlString(a.path)})`)
    .join(' or ');
  return [
    'kubernetesconfigurationresources',
    `| where type =~ 'microsoft.kubernetesconfiguration/fluxconfigurations'`,
    `| where tostring(properties.gitRepository.repositoryRef.branch) == ${kqlString(target.branch)}`,
    `| extend repoUrl = tolower(trim(@'\\s+', tostring(properties.gitRepository.url)))`,
    `| extend repoHost = extract(${kqlVerbatim(REPOSITORY_HOST_PATTERN)}, 1, repoUrl)`,
    `| extend repoPath = extract(${kqlVerbatim(REPOSITORY_PATH_PATTERN)}, 1, repoUrl)`,
    `| where ${repositories}`,
    '| project id, name,' +
      ' repositoryUrl = tostring(properties.gitRepository.url),' +
      ' branch = tostring(properties.gitRepository.repositoryRef.branch),' +
      ' complianceState = tostring(properties.complianceState),' +
      ' provisioningState = tostring(properties.provisioningState),' +
      ' suspended = tobool(properties.suspend),' +
      ' sourceSyncedCommitId = tostring(properties.sourceSyncedCommitId),' +
      ' statusUpdatedAt = tostring(properties.statusUpdatedAt),' +
      ' errorMessage = tostring(properties.errorMessage),' +
      ' statuses = properties.statuses',
    // Paging needs `id` projected and a stable order (azure-resource-graph.md §1.4).
    '| order by id asc',
  ].join('\n');
}

/** A KQL string literal: single-quoted, with backslashes and quotes escaped. */
export function kqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

/** A verbatim KQL literal for a constant regular expression (no escapes are processed inside). */
function kqlVerbatim(pattern: string): string {
  if (pattern.includes("'"))
    throw new Error(`Pattern ${pattern} cannot be a verbatim KQL literal.`);
  return `@'${pattern}'`;
}
