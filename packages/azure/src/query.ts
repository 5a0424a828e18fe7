import {
  REPOSITORY_HOST_PATTERN,
  REPOSITORY_PATH_PATTERN,
  type ComplianceTarget,
  type ConfigurationSelection,
} from '@kalypso/core';

/** The synced commit SHA in a Flux revision, as syncedCommitOf in packages/core reads it. */
const SYNCED_COMMIT = `extract(@'([0-9a-f]{64}|[0-9a-f]{40})$', 1, tolower(trim(@'\\s+', tostring(properties.sourceSyncedCommitId))))`;

/**
 * The Flux configurations watching the target's repository and branch. Only validated values
 * reach the text (resolveComplianceTarget), and each is still quoted with kqlString, so no input
 * can change the query's shape. The URL is normalised in KQL with the same expressions the
 * verdict uses, so `https://GitHub.com/org/repo.git` and `git@github.com:org/repo` both match.
 */
function watching(target: ComplianceTarget): string[] {
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
  ];
}

/**
 * The summary query: the watching configurations counted by compliance state and synced commit
 * (and suspension and provisioning state), with the number of distinct clusters in each group.
 * Its answer has one row per group however large the fleet, so it is never paged (Resource Graph
 * answers a `summarize` on its first page only).
 */
export function fluxSummaryQuery(target: ComplianceTarget): string {
  const keys = 'complianceState, syncedCommit, suspended, provisioningState';
  return [
    ...watching(target),
    '| extend complianceState = tostring(properties.complianceState),' +
      ` syncedCommit = ${SYNCED_COMMIT},` +
      ' suspended = tobool(properties.suspend),' +
      ' provisioningState = tostring(properties.provisioningState),' +
      ` clusterId = extract(@'^(.*)/providers/microsoft\\.kubernetesconfiguration/', 1, tolower(id))`,
    `| summarize configurations = count() by clusterId, ${keys}`,
    `| summarize configurations = sum(configurations), clusters = count() by ${keys}`,
    '| order by configurations desc',
  ].join('\n');
}

/**
 * The rows of the watching configurations a selection asks for (every one by default). The
 * selection is the same as selectReports in packages/core: `failing` = suspended, failed to
 * provision, or Non-Compliant on the target; `pending` = not Compliant on the target.
 */
export function fluxConfigurationQuery(
  target: ComplianceTarget,
  which: ConfigurationSelection = 'all',
): string {
  const commit = kqlString(target.commit);
  const failing =
    `tobool(properties.suspend) == true or complianceState == 'Suspended'` +
    ` or tostring(properties.provisioningState) == 'Failed'` +
    ` or (syncedCommit == ${commit} and complianceState == 'Non-Compliant')`;
  const selection =
    which === 'all'
      ? []
      : [
          `| extend complianceState = tostring(properties.complianceState), syncedCommit = ${SYNCED_COMMIT}`,
          which === 'failing'
            ? `| where ${failing}`
            : `| where ${failing} or syncedCommit != ${commit} or complianceState != 'Compliant'`,
        ];
  return [
    ...watching(target),
    ...selection,
    '| project id, name,' +
      ' repositoryUrl = tostring(properties.gitRepository.url),' +
      ' branch = tostring(properties.gitRepository.repositoryRef.branch),' +
      ' complianceState = tostring(properties.complianceState),' +
      ' provisioningState = tostring(properties.provisioningState),' +
      ' suspended = tobool(properties.suspend),' +
      ' sourceSyncedCommitId = tostring(properties.sourceSyncedCommitId),' +
      ' statusUpdatedAt = tostring(properties.statusUpdatedAt),' +
      ' errorMessage = tostring(properties.errorMessage),' +
      ' statuses = properties.statuses,' +
      ' kustomizations = properties.kustomizations',
    // Paging needs `id` projected and a stable order.
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
