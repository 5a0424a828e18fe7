import { describe, expect, it } from 'vitest';
import {
  FLUX_DEFAULT_EXCLUSIONS,
  normaliseSourcePath,
  sourceFromTree,
  sourceIgnoreFilter,
  sourceIgnoreMatcher,
} from './source-ignore.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sourceIgnoreFilter', () => {
  const ignored = sourceIgnoreFilter('# comment\n.github/\n/.environments/\n*.tmp.yaml\ndocs\n');
  it.each([
    ['.github/workflows/ci.yaml', true],
    ['.environments/dev.yaml', true],
    ['nested/.environments/dev.yaml', false],
    ['templates/a.tmp.yaml', true],
    ['docs/x.yaml', true],
    ['a/docs/x.yaml', true],
    ['templates/flux.yaml', false],
  ])('%s → %s', (path, expected) => expect(ignored(path)).toBe(expected));

  it('ignores nothing without rules', () =>
    expect(sourceIgnoreFilter('\n# x\n')('a.yaml')).toBe(false));
});

describe('sourceIgnoreMatcher: gitignore semantics', () => {
  const ignored = sourceIgnoreMatcher(
    new Map([
      [
        '',
        [
          'drafts/*.yaml',
          '!drafts/keep.yaml',
          '**/generated/',
          'secret-*.yaml',
          'old?.yaml',
          'archive/',
          '!archive/back.yaml',
          '!cloudbuild.yaml',
        ].join('\n'),
      ],
      ['apps/', 'local.yaml\n/top.yaml\n'],
    ]),
  );
  it.each([
    ['drafts/a.yaml', true],
    ['drafts/keep.yaml', false],
    ['drafts/deeper/a.yaml', false],
    ['generated/x.yaml', true],
    ['a/b/generated/x.yaml', true],
    ['generated.yaml', false],
    ['secret-db.yaml', true],
    ['apps/secret-db.yaml', true],
    ['secrets.yaml', false],
    ['old1.yaml', true],
    ['old12.yaml', false],
    ['archive/back.yaml', true], // a file below an excluded folder never comes back
    ['cloudbuild.yaml', false], // a default exclusion re-included
    ['apps/local.yaml', true],
    ['apps/sub/local.yaml', true],
    ['local.yaml', false],
    ['apps/top.yaml', true],
    ['apps/sub/top.yaml', false],
  ])('%s → %s', (path, expected) => expect(ignored(path)).toBe(expected));

  it.each([
    '.git/config',
    '.gitignore',
    'a/.gitmodules',
    'logo.png',
    'bundle.tar.gz',
    '.github/workflows/ci.yaml',
    'a/.circleci/config.yml',
    '.gitlab-ci.yml',
    'cloudbuild.yaml',
    'x/.sops.yaml',
    '.flux.yaml',
  ])("Flux's defaults leave %s out", (path) =>
    expect(sourceIgnoreMatcher(new Map())(path)).toBe(true),
  );

  it('can do without the defaults', () => {
    expect(FLUX_DEFAULT_EXCLUSIONS).toContain('.git/');
    expect(sourceIgnoreMatcher(new Map(), false)('.github/x.yaml')).toBe(false);
  });
});

describe('normaliseSourcePath', () => {
  it.each([
    ['.', ''],
    ['./', ''],
    ['./kalypso/', 'kalypso'],
    ['deploy/kalypso', 'deploy/kalypso'],
  ])('%s → %j', (path, expected) => expect(normaliseSourcePath(path)).toBe(expected));
});

describe('sourceFromTree', () => {
  const tree = new Map([
    ['.sourceignore', bytes('.github/\n')],
    ['.github/workflows/ci.yaml', bytes('x')],
    ['templates/flux.yaml', bytes('a')],
    ['README.md', bytes('r')],
    ['deploy/.sourceignore', bytes('drafts/\n')],
    ['deploy/app.yml', bytes('b')],
    ['deploy/drafts/old.yaml', bytes('c')],
  ]);

  it('reads the manifests of the whole repository minus every .sourceignore, each for its folder', () => {
    expect(sourceFromTree(tree, { path: '.', origin: { kind: 'base' } })).toEqual({
      origin: { kind: 'base' },
      files: [
        { path: 'deploy/app.yml', text: 'b' },
        { path: 'templates/flux.yaml', text: 'a' },
      ],
    });
  });

  it('reads a folder with its own .sourceignore and a display prefix', () => {
    const origin = { kind: 'workload', registration: 'apps' } as const;
    expect(sourceFromTree(tree, { path: './deploy/', origin, display: 'acme/apps@main:' })).toEqual(
      {
        origin,
        files: [{ path: 'acme/apps@main:deploy/app.yml', text: 'b' }],
      },
    );
  });

  it('does not decode a file over the per-file budget: passes its size on', () => {
    const big = new Map([
      ['big.yaml', new Uint8Array(2000)],
      ['small.yaml', bytes('s')],
    ]);
    expect(
      sourceFromTree(big, { path: '.', origin: { kind: 'base' }, maxFileBytes: 1024 }).files,
    ).toEqual([
      { path: 'big.yaml', text: '', unreadBytes: 2000 },
      { path: 'small.yaml', text: 's' },
    ]);
  });

  it('passes a deferred file on by its blob id (by size over the budget), ignore rules applied', () => {
    const deferred = new Map<string, Uint8Array | { blobId: string; size: number }>([
      ['.sourceignore', bytes('drafts/\n')],
      ['app.yaml', { blobId: 'a'.repeat(40), size: 10 }],
      ['big.yaml', { blobId: 'b'.repeat(40), size: 2000 }],
      ['drafts/old.yaml', { blobId: 'c'.repeat(40), size: 10 }],
      ['read.yaml', bytes('r')],
    ]);
    expect(
      sourceFromTree(deferred, { path: '.', origin: { kind: 'base' }, maxFileBytes: 1024 }).files,
    ).toEqual([
      { path: 'app.yaml', text: '', blobId: 'a'.repeat(40) },
      { path: 'big.yaml', text: '', unreadBytes: 2000 },
      { path: 'read.yaml', text: 'r' },
    ]);
  });

  it('refuses a deferred .sourceignore (its rules decide which files the source has)', () => {
    const tree = new Map([['.sourceignore', { blobId: 'a'.repeat(40), size: 3 }]]);
    expect(() => sourceFromTree(tree, { path: '.', origin: { kind: 'base' } })).toThrow(
      'must be read',
    );
  });
});
