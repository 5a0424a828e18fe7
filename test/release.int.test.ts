// `npm run release -- X.Y.Z` on a clone of this repository: the changelog entry, the CLI version in
// the rebuilt bundle, the release commit and the annotated tag, and the refusals (dirty tree,
// existing version, not newer). Then the notes the release workflow publishes.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'kalypso-release-'));
const clone = join(scratch, 'clone');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const env = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release@example.com',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.com',
};
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: clone, encoding: 'utf8', env }).trim();
const release = (...args: string[]) =>
  spawnSync(process.execPath, [join(clone, 'scripts', 'release.mjs'), ...args], {
    cwd: clone,
    encoding: 'utf8',
    env,
  });

beforeAll(() => {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone], { env });
  symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'junction');
  // .gitignore's `node_modules/` matches folders only; the link is a file to git.
  appendFileSync(join(clone, '.git', 'info', 'exclude'), '/node_modules\n');
  // The clone's own sources, current dist/ (a no-op commit once dist/ is committed fresh).
  execFileSync(process.execPath, [join(clone, 'scripts', 'build.mjs')], { cwd: clone });
  git('add', '-A', 'dist');
  git('commit', '--quiet', '--allow-empty', '-m', 'current dist');
  // A known Unreleased section, whatever the real changelog says today.
  writeFileSync(
    join(clone, 'CHANGELOG.md'),
    [
      '# Changelog',
      '',
      'Intro.',
      '',
      '## [Unreleased]',
      '',
      '### Added',
      '',
      '- A new input.',
      '',
      '## [1.0.0] - 2026-01-02',
      '',
      '- First release.',
      '',
    ].join('\n'),
  );
  git('commit', '--quiet', '-am', 'changelog');
}, 120_000);

describe('npm run release', () => {
  it('refuses a dirty working tree', () => {
    writeFileSync(join(clone, 'scratch.txt'), 'x');
    const result = release('1.1.0', '--date', '2026-03-04');
    rmSync(join(clone, 'scratch.txt'));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the working tree has changes');
  });

  it.each([
    ['1.1', "'1.1' is not X.Y.Z"],
    ['1.0.0', 'CHANGELOG.md already has 1.0.0.'],
    ['0.9.0', '0.9.0 is not newer than the released 1.0.0.'],
  ])('refuses %s', (version, message) => {
    const result = release(version, '--date', '2026-03-04');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
    expect(git('status', '--porcelain')).toBe('');
  });

  it('prepares the changelog entry, the CLI version, dist/, the commit and the tag', () => {
    const before = git('rev-parse', 'HEAD');
    const result = release('1.1.0', '--date', '2026-03-04');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('git push origin HEAD v1.1.0');

    expect(readFileSync(join(clone, 'CHANGELOG.md'), 'utf8')).toBe(
      [
        '# Changelog',
        '',
        'Intro.',
        '',
        '## [Unreleased]',
        '',
        '## [1.1.0] - 2026-03-04',
        '',
        '### Added',
        '',
        '- A new input.',
        '',
        '## [1.0.0] - 2026-01-02',
        '',
        '- First release.',
        '',
      ].join('\n'),
    );
    const manifest = JSON.parse(readFileSync(join(clone, 'packages/cli/package.json'), 'utf8'));
    expect(manifest.version).toBe('1.1.0');
    const lock = JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8'));
    expect(lock.packages['packages/cli'].version).toBe('1.1.0');
    const version = execFileSync(
      process.execPath,
      [join(clone, 'dist/cli/kalypso.mjs'), '--version'],
      {
        encoding: 'utf8',
      },
    );
    expect(version).toBe('1.1.0\n');

    expect(git('status', '--porcelain')).toBe('');
    expect(git('log', '-1', '--format=%s')).toBe('Release v1.1.0');
    expect(git('rev-parse', 'HEAD~1')).toBe(before);
    expect(git('cat-file', '-t', 'v1.1.0')).toBe('tag');
    expect(git('rev-parse', 'v1.1.0^{commit}')).toBe(git('rev-parse', 'HEAD'));
    expect(git('tag', '-l', '--format=%(contents)', 'v1.1.0')).toContain('- A new input.');
  });

  it('prints the notes of a version for the GitHub release', () => {
    const notes = release('notes', '1.1.0');
    expect(notes.status).toBe(0);
    expect(notes.stdout).toBe('### Added\n\n- A new input.\n');
    const missing = release('notes', '3.0.0');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("no entry for '3.0.0'");
  });

  it('refuses to release twice and when nothing changed', () => {
    expect(release('1.1.0', '--date', '2026-03-05').stderr).toContain(
      'the tag v1.1.0 exists already.',
    );
    expect(release('1.2.0', '--date', '2026-03-05').stderr).toContain('lists no change');
  });

  it('points the CLI package at the repository the release workflow builds it from', () => {
    const result = release('cli-metadata', 'https://github.example.com', 'acme/kalypso-actions');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const pack = join(scratch, 'pack');
    mkdirSync(pack);
    onTestFinished(() => void git('checkout', '--', 'packages/cli/package.json'));
    execFileSync('npm', ['pack', '--workspace', 'packages/cli', '--pack-destination', pack], {
      cwd: clone,
      env,
      stdio: 'ignore',
    });
    const packed = JSON.parse(
      execFileSync('tar', ['-xOzf', join(pack, 'kalypso-cli-1.1.0.tgz'), 'package/package.json'], {
        encoding: 'utf8',
      }),
    ) as Record<string, unknown>;
    expect(packed).toMatchObject({
      version: '1.1.0',
      repository: {
        type: 'git',
        url: 'git+https://github.example.com/acme/kalypso-actions.git',
        directory: 'packages/cli',
      },
      homepage: 'https://github.example.com/acme/kalypso-actions/tree/HEAD/packages/cli#readme',
      bugs: { url: 'https://github.example.com/acme/kalypso-actions/issues' },
    });
  });

  it.each([
    [['http://github.com', 'acme/x'], "'http://github.com' is not an https origin"],
    [['https://github.com/acme', 'acme/x'], "'https://github.com/acme' is not an https origin"],
    [['https://github.com', 'acme'], "'acme' is not owner/name."],
    [['https://github.com', 'acme/x/y'], "'acme/x/y' is not owner/name."],
    [['https://github.com'], 'usage: node scripts/release.mjs cli-metadata'],
  ])('refuses cli-metadata %j', (args, message) => {
    const result = release('cli-metadata', ...args);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(message);
    expect(git('status', '--porcelain')).toBe('');
  });
});
