/** A repository on a GitHub host (github.com or a GitHub Enterprise Server). */
export interface GitHubRepository {
  /** `https://github.com` (scheme + host + port), without a trailing slash. */
  origin: string;
  owner: string;
  name: string;
  /** `owner/name`. */
  fullName: string;
  /** `https://github.com/owner/name.git`, what git fetches and pushes. */
  cloneUrl: string;
}

/**
 * Reads `https://<host>/<owner>/<repo>[.git][/]` (any GitHub host, so Enterprise Server URLs work;
 * decision D5). Unlike the original, a `.git` suffix is not kept in the repository name. Returns
 * undefined for anything else (ssh URLs, missing owner or name, extra path segments).
 */
export function parseGitHubRepositoryUrl(url: string): GitHubRepository | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '') return undefined;
  const segments = parsed.pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (segments.length !== 2) return undefined;
  const owner = segments[0]!;
  const name = segments[1]!.replace(/\.git$/, '');
  if (!/^[\w.-]+$/.test(owner) || !/^[\w.-]+$/.test(name)) return undefined;
  return {
    origin: parsed.origin,
    owner,
    name,
    fullName: `${owner}/${name}`,
    cloneUrl: `${parsed.origin}/${owner}/${name}.git`,
  };
}

/** True when both URLs name the same host (the host the action's tokens belong to). */
export function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host.toLowerCase() === new URL(b).host.toLowerCase();
  } catch {
    return false;
  }
}
