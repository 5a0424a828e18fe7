// Releases, locally and in .github/workflows/release.yaml:
//
//   npm run release -- X.Y.Z [--date YYYY-MM-DD]
//       on a clean working tree whose dist/ is current: moves the Unreleased entries of
//       CHANGELOG.md under `## [X.Y.Z] - <date>`, sets the CLI's version (packages/cli/package.json,
//       package-lock.json), rebuilds dist/ (the CLI bundle carries the version), commits
//       `Release vX.Y.Z` and creates the annotated tag vX.Y.Z. Nothing is pushed.
//   node scripts/release.mjs notes X.Y.Z
//       prints the CHANGELOG.md entry of X.Y.Z (the GitHub release notes).
//   node scripts/release.mjs cli-metadata <server URL> <owner/name>
//       points packages/cli/package.json (repository, homepage, bugs) at the repository the
//       release is built from, before the release workflow packs the CLI: npm's provenance
//       requires `repository.url` to name the repository that built the package, and a mirror
//       publishes from its own.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const changelogPath = join(root, 'CHANGELOG.md');
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The entry of one version (without its heading), or undefined. */
export function notesOf(changelog, version) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## [${version}]`));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .replace(/\n\[[^\]]+\]: .*$/gm, '')
    .trim();
}

/** The changelog with the Unreleased entries moved under `## [version] - date`. */
export function releaseChangelog(changelog, version, date) {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => /^## \[Unreleased\]/i.test(l));
  if (start < 0) throw new Error('CHANGELOG.md has no "## [Unreleased]" section.');
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const body = lines.slice(start + 1, end < 0 ? undefined : end);
  if (!body.some((l) => /^\s*[-*] /.test(l)))
    throw new Error('the Unreleased section of CHANGELOG.md lists no change; nothing to release.');
  const released = lines
    .filter((l) => /^## \[\d+\.\d+\.\d+\]/.test(l))
    .map((l) => /\[(.+?)\]/.exec(l)[1]);
  if (released.includes(version)) throw new Error(`CHANGELOG.md already has ${version}.`);
  const newer = released.find((v) => compareVersions(v, version) > 0);
  if (newer) throw new Error(`${version} is not newer than the released ${newer}.`);
  while (body.length && body[body.length - 1] === '') body.pop();
  return [
    ...lines.slice(0, start),
    '## [Unreleased]',
    '',
    `## [${version}] - ${date}`,
    ...body,
    ...(end < 0 ? [''] : ['', ...lines.slice(end)]),
  ].join('\n');
}

/**
 * The CLI's package.json with `repository`, `homepage` and `bugs` naming `<serverUrl>/<repository>`
 * (an https origin without a path, and `owner/name`).
 */
export function withRepository(manifest, serverUrl, repository) {
  let origin;
  try {
    origin = new URL(serverUrl);
  } catch {
    throw new Error(`'${serverUrl}' is not a URL (expected for example https://github.com).`);
  }
  if (origin.protocol !== 'https:' || origin.pathname !== '/' || origin.search || origin.hash)
    throw new Error(
      `'${serverUrl}' is not an https origin (expected for example https://github.com).`,
    );
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(repository) || repository.endsWith('.git'))
    throw new Error(`'${repository}' is not owner/name.`);
  const url = `${origin.origin}/${repository}`;
  return {
    ...manifest,
    repository: { type: 'git', url: `git+${url}.git`, directory: 'packages/cli' },
    homepage: `${url}/tree/HEAD/packages/cli#readme`,
    bugs: { url: `${url}/issues` },
  };
}

export function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

function fail(message) {
  console.error(`release: ${message}`);
  process.exit(1);
}

function build() {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'ignore',
  });
}

function prepare(version, date) {
  if (!SEMVER.test(version)) fail(`'${version}' is not X.Y.Z (for example 1.2.0).`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date '${date}' is not YYYY-MM-DD.`);
  if (git('status', '--porcelain'))
    fail('the working tree has changes; commit or stash them first.');
  if (git('tag', '--list', `v${version}`)) fail(`the tag v${version} exists already.`);
  let changelog;
  try {
    changelog = releaseChangelog(readFileSync(changelogPath, 'utf8'), version, date);
  } catch (error) {
    fail(error.message);
  }
  build();
  const drift = git('status', '--porcelain', '--', 'dist');
  if (drift) {
    git('checkout', '--', 'dist');
    git('clean', '-fdq', '--', 'dist');
    fail(`dist/ is not current (npm run build changes it):\n${drift}\nCommit a fresh build first.`);
  }
  writeFileSync(changelogPath, changelog);
  const cliManifest = join(root, 'packages', 'cli', 'package.json');
  const manifest = JSON.parse(readFileSync(cliManifest, 'utf8'));
  manifest.version = version;
  writeFileSync(cliManifest, JSON.stringify(manifest, null, 2) + '\n');
  const lockPath = join(root, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  if (lock.packages?.['packages/cli']) {
    lock.packages['packages/cli'].version = version;
    writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
  }
  build();
  git('add', 'CHANGELOG.md', 'packages/cli/package.json', 'package-lock.json', 'dist');
  git('commit', '--quiet', '-m', `Release v${version}`);
  const notes = notesOf(changelog, version);
  git('tag', '--annotate', `v${version}`, '--message', `v${version}\n\n${notes}`);
  const major = version.split('.')[0];
  console.log(
    [
      `Prepared v${version}: CHANGELOG.md entry, CLI version, dist/, commit and tag v${version}.`,
      `Push it with: git push origin HEAD v${version}`,
      `The release workflow then publishes the notes and moves v${major} to v${version}.`,
    ].join('\n'),
  );
}

const isMain =
  process.argv[1] !== undefined &&
  realpathSync(import.meta.filename) === realpathSync(process.argv[1]);
if (isMain) {
  const args = process.argv.slice(2);
  if (args[0] === 'cli-metadata') {
    if (args.length !== 3)
      fail('usage: node scripts/release.mjs cli-metadata <server URL> <owner/name>');
    const cliManifest = join(root, 'packages', 'cli', 'package.json');
    let manifest;
    try {
      manifest = withRepository(JSON.parse(readFileSync(cliManifest, 'utf8')), args[1], args[2]);
    } catch (error) {
      fail(error.message);
    }
    writeFileSync(cliManifest, JSON.stringify(manifest, null, 2) + '\n');
    console.log(`packages/cli/package.json now points at ${manifest.repository.url}.`);
  } else if (args[0] === 'notes') {
    const version = args[1] ?? '';
    const notes = notesOf(readFileSync(changelogPath, 'utf8'), version);
    if (notes === undefined) fail(`CHANGELOG.md has no entry for '${version}'.`);
    console.log(notes);
  } else {
    const dateAt = args.indexOf('--date');
    const date = dateAt >= 0 ? args.splice(dateAt, 2)[1] : new Date().toISOString().slice(0, 10);
    if (args.length !== 1) fail('usage: npm run release -- X.Y.Z [--date YYYY-MM-DD]');
    prepare(args[0], date);
  }
}
