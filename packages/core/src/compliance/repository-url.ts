import type { RepositoryLocation } from './types.ts';

/**
 * The normalisation Flux configuration URLs need, because clusters spell the same repository in
 * many ways (`https://github.com/Org/Repo.git`, `ssh://git@github.com:22/org/repo`,
 * `git@github.com:org/repo`). The Resource Graph query applies the very same two expressions in
 * KQL, so the server-side filter and the verdict agree.
 */
export const REPOSITORY_HOST_PATTERN = '^(?:[a-z][a-z0-9+.\\-]*://)?(?:[^@/]+@)?([^/:]+)';
export const REPOSITORY_PATH_PATTERN =
  '^(?:[a-z][a-z0-9+.\\-]*://)?(?:[^@/]+@)?[^/:]+(?::[0-9]+)?[:/]+(.+?)(?:\\.git)?/*$';

const hostExpression = new RegExp(REPOSITORY_HOST_PATTERN);
const pathExpression = new RegExp(REPOSITORY_PATH_PATTERN);

/**
 * Host and path of a repository URL as written: lower-cased, without scheme, user, port, `.git`
 * and trailing slashes. Returns undefined when the text is not a repository URL.
 */
export function locateRepository(url: string): RepositoryLocation | undefined {
  const text = url.trim().toLowerCase();
  const host = hostExpression.exec(text)?.[1];
  const path = pathExpression.exec(text)?.[1];
  if (!host || !path) return undefined;
  return { host, path };
}

/**
 * The canonical location: Azure DevOps SSH (`ssh.dev.azure.com/v3/org/project/repo`) and legacy
 * `org.visualstudio.com` forms become `dev.azure.com/org/project/_git/repo`; others are unchanged.
 */
export function canonicalRepository(location: RepositoryLocation): RepositoryLocation {
  const segments = location.path.split('/');
  const [first, org, project, repo] = segments;
  const isSshForm =
    location.host === 'ssh.dev.azure.com' || location.host === 'vs-ssh.visualstudio.com';
  if (isSshForm && first === 'v3' && segments.length === 4 && org && project && repo) {
    return { host: 'dev.azure.com', path: `${org}/${project}/_git/${repo}` };
  }
  const legacy = /^([a-z0-9-]+)\.visualstudio\.com$/.exec(location.host);
  if (legacy && location.host !== 'vs-ssh.visualstudio.com') {
    const rest = segments[0] === 'defaultcollection' ? segments.slice(1) : segments;
    return { host: 'dev.azure.com', path: `${legacy[1]}/${rest.join('/')}` };
  }
  return location;
}

/** Every spelling of a canonical location that a Flux configuration may use. */
export function repositoryAliases(canonical: RepositoryLocation): RepositoryLocation[] {
  const aliases = [canonical];
  const azureDevOps = /^([^/]+)\/([^/]+)\/_git\/([^/]+)$/.exec(canonical.path);
  if (canonical.host === 'dev.azure.com' && azureDevOps) {
    const [, org, project, repo] = azureDevOps;
    aliases.push(
      { host: 'ssh.dev.azure.com', path: `v3/${org}/${project}/${repo}` },
      { host: `${org}.visualstudio.com`, path: `${project}/_git/${repo}` },
      { host: `${org}.visualstudio.com`, path: `defaultcollection/${project}/_git/${repo}` },
      { host: 'vs-ssh.visualstudio.com', path: `v3/${org}/${project}/${repo}` },
    );
  }
  return aliases;
}

/** True when two URLs name the same repository once normalised. */
export function sameRepository(url: string, canonical: RepositoryLocation): boolean {
  const location = locateRepository(url);
  if (!location) return false;
  const other = canonicalRepository(location);
  return other.host === canonical.host && other.path === canonical.path;
}

/** `host/path`, for messages. */
export function formatLocation(location: RepositoryLocation): string {
  return `${location.host}/${location.path}`;
}
