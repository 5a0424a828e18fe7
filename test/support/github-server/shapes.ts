// The objects GitHub nests in its answers — users, repositories, labels — built whole, with every
// field GitHub's OpenAPI description requires (the contract test holds every answer to it), typed
// by `@octokit/openapi-types` so a missing field is also a compile error.
import type { components } from '@octokit/openapi-types';
import type { RepoRecord } from './router.ts';

type Schemas = components['schemas'];

/** A stable positive id for a login (GitHub's ids are numbers). */
function idOf(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 2_000_000_000;
  return hash + 1;
}

/** `simple-user`: `Bot` for `name[bot]`, `Organization` when asked, `User` otherwise. */
export function simpleUser(
  baseUrl: string,
  login: string,
  type: 'User' | 'Bot' | 'Organization' = login.endsWith('[bot]') ? 'Bot' : 'User',
): Schemas['simple-user'] {
  const api = `${baseUrl}/users/${encodeURIComponent(login)}`;
  const id = idOf(login);
  return {
    login,
    id,
    node_id: `${type === 'Bot' ? 'BOT' : type === 'Organization' ? 'O' : 'U'}_${id}`,
    avatar_url: `${baseUrl}/avatars/u/${id}`,
    gravatar_id: '',
    url: api,
    html_url: `${baseUrl}/${encodeURIComponent(login)}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    site_admin: false,
    user_view_type: 'public',
  };
}

/** The owner of a repository (an organization: tests create them under `acme`). */
export function ownerOf(baseUrl: string, repo: RepoRecord): Schemas['simple-user'] {
  return simpleUser(baseUrl, repo.owner, 'Organization');
}

/** The fields every repository object carries: names, owner and URLs. */
function repositoryCore(baseUrl: string, repo: RepoRecord) {
  const api = `${baseUrl}/repos/${repo.fullName}`;
  return {
    id: repo.id,
    node_id: `R_${repo.id}`,
    name: repo.name,
    full_name: repo.fullName,
    owner: ownerOf(baseUrl, repo),
    private: repo.private,
    html_url: `${baseUrl}/${repo.fullName}`,
    description: null,
    fork: false,
    url: api,
    archive_url: `${api}/{archive_format}{/ref}`,
    assignees_url: `${api}/assignees{/user}`,
    blobs_url: `${api}/git/blobs{/sha}`,
    branches_url: `${api}/branches{/branch}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    comments_url: `${api}/comments{/number}`,
    commits_url: `${api}/commits{/sha}`,
    compare_url: `${api}/compare/{base}...{head}`,
    contents_url: `${api}/contents/{+path}`,
    contributors_url: `${api}/contributors`,
    deployments_url: `${api}/deployments`,
    downloads_url: `${api}/downloads`,
    events_url: `${api}/events`,
    forks_url: `${api}/forks`,
    git_commits_url: `${api}/git/commits{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    hooks_url: `${api}/hooks`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    issue_events_url: `${api}/issues/events{/number}`,
    issues_url: `${api}/issues{/number}`,
    keys_url: `${api}/keys{/key_id}`,
    labels_url: `${api}/labels{/name}`,
    languages_url: `${api}/languages`,
    merges_url: `${api}/merges`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    pulls_url: `${api}/pulls{/number}`,
    releases_url: `${api}/releases{/id}`,
    stargazers_url: `${api}/stargazers`,
    statuses_url: `${api}/statuses/{sha}`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    tags_url: `${api}/tags`,
    teams_url: `${api}/teams`,
    trees_url: `${api}/git/trees{/sha}`,
  };
}

/** `minimal-repository`. */
export function minimalRepository(
  baseUrl: string,
  repo: RepoRecord,
): Schemas['minimal-repository'] {
  return repositoryCore(baseUrl, repo);
}

/** The fields of a whole repository object beyond the core: clone URLs, counts, flags, dates. */
function repositoryDetails(baseUrl: string, repo: RepoRecord, defaultBranch: string) {
  const host = new URL(baseUrl).host;
  return {
    clone_url: `${baseUrl}/${repo.fullName}.git`,
    git_url: `git://${host}/${repo.fullName}.git`,
    ssh_url: `git@${host}:${repo.fullName}.git`,
    svn_url: `${baseUrl}/${repo.fullName}`,
    mirror_url: null,
    homepage: null,
    language: null,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 0,
    default_branch: defaultBranch,
    open_issues: 0,
    open_issues_count: 0,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    archived: false,
    disabled: false,
    visibility: repo.private ? 'private' : 'public',
    license: null,
    pushed_at: repo.created_at,
    created_at: repo.created_at,
    updated_at: repo.created_at,
    allow_auto_merge: repo.settings.allow_auto_merge,
  };
}

/** `repository` (as nested in a pull request's head and base). */
export function repository(
  baseUrl: string,
  repo: RepoRecord,
  defaultBranch: string,
): Schemas['repository'] {
  return {
    ...repositoryCore(baseUrl, repo),
    ...repositoryDetails(baseUrl, repo, defaultBranch),
    has_downloads: true,
  };
}

/** `full-repository` (`GET /repos/{owner}/{repo}`). */
export function fullRepository(
  baseUrl: string,
  repo: RepoRecord,
  defaultBranch: string,
): Schemas['full-repository'] {
  return {
    ...repositoryCore(baseUrl, repo),
    ...repositoryDetails(baseUrl, repo, defaultBranch),
    has_discussions: false,
    network_count: 0,
    subscribers_count: 0,
  };
}

/** `label`. */
export function labelObject(
  baseUrl: string,
  repo: RepoRecord,
  label: { id: number; name: string; color: string; description: string | null },
): Schemas['label'] {
  return {
    id: label.id,
    node_id: `LA_${label.id}`,
    url: `${baseUrl}/repos/${repo.fullName}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    description: label.description,
    color: label.color,
    default: false,
  };
}

/**
 * A team of the repository's organization, as `team` (a `team-simple` with its `parent`): the
 * pull request answers list requested teams as one or the other, and this satisfies both.
 */
export function team(baseUrl: string, repo: RepoRecord, slug: string): Schemas['team'] {
  return { ...teamSimple(baseUrl, repo, slug), parent: null };
}

/** `team-simple` for a team slug of the repository's organization. */
export function teamSimple(
  baseUrl: string,
  repo: RepoRecord,
  slug: string,
): Schemas['team-simple'] {
  const id = idOf(`${repo.owner}/${slug}`);
  const api = `${baseUrl}/organizations/${idOf(repo.owner)}/team/${id}`;
  return {
    id,
    node_id: `T_${id}`,
    url: api,
    members_url: `${api}/members{/member}`,
    name: slug,
    description: null,
    permission: 'pull',
    privacy: 'closed',
    notification_setting: 'notifications_enabled',
    html_url: `${baseUrl}/orgs/${repo.owner}/teams/${slug}`,
    repositories_url: `${api}/repos`,
    slug,
    type: 'organization',
  };
}
