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
 * docs/decisions/gitops-path-honoured.md). Unlike the original, a `.git` suffix is not kept in the repository name. Returns
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

/**
 * Whether a token for `serverUrl` (`GITHUB_SERVER_URL`) may travel to `url`: only to the exact
 * origin — scheme, host and port. `other-host` URLs are read anonymously; a URL on the server's
 * host with another scheme or port is `mismatch` (an `http://` URL would carry the token in clear
 * text), with the reason.
 */
export function tokenOrigin(
  url: string,
  serverUrl: string,
): { kind: 'same' } | { kind: 'other-host' } | { kind: 'mismatch'; why: string } {
  let target: URL;
  let server: URL;
  try {
    target = new URL(url);
    server = new URL(serverUrl);
  } catch {
    return { kind: 'other-host' };
  }
  if (target.origin === server.origin) return { kind: 'same' };
  if (target.hostname.toLowerCase() !== server.hostname.toLowerCase())
    return { kind: 'other-host' };
  const why =
    target.protocol === 'http:' && server.protocol === 'https:'
      ? `it uses http:// on the host of GITHUB_SERVER_URL '${server.origin}', so the token would travel in clear text`
      : `its origin '${target.origin}' is not GITHUB_SERVER_URL's '${server.origin}' (scheme, host and port must all match), and the token is only sent to that exact origin`;
  return { kind: 'mismatch', why };
}

/**
 * `text` with the user information of every URL in it (`https://user:token@host/…`) replaced by
 * `***`: the one redaction every message, annotation, summary, comment and pull request body the
 * project shows goes through (docs/decisions/inert-output.md). The user `git` of an ssh URL
 * (`ssh://git@host/…`, `git@host:owner/repo`) is no credential and stays. A link target passes
 * `replacement` '' (the URL without user information, which still opens the page).
 */
export function redactUrlCredentials(text: string, replacement = '***@'): string {
  if (!text.includes('@')) return text;
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@'"`<>]+)@/gi, (all, scheme, user) =>
    user === 'git' ? all : `${scheme}${replacement}`,
  );
}

/** Whether a URL carries user information (`user:password@`), which a repository URL must not. */
export function hasUrlCredentials(url: string): boolean {
  return redactUrlCredentials(url) !== url;
}

/**
 * Why `url` (the value of `field`, e.g. `spec.repo`) is not a repository URL, then `fix`: a URL
 * with credentials is named without them and told to drop them.
 */
export function repositoryUrlProblem(field: string, url: string, fix: string): string {
  if (hasUrlCredentials(url))
    return `${field} '${redactUrlCredentials(url)}' carries credentials (the part before '@'): remove them, the token comes from the action's inputs and a URL is shown in logs and summaries. ${fix}`;
  return `${field} '${url}' is not a repository URL of the form https://<host>/<owner>/<repo>. ${fix}`;
}
