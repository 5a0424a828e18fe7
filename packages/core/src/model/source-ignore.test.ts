import { describe, expect, it } from 'vitest';
import { normaliseSourcePath, sourceFromTree, sourceIgnoreFilter } from './source-ignore.ts';

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

  it('reads the manifests of the whole repository minus .sourceignore', () => {
    expect(sourceFromTree(tree, { path: '.', origin: { kind: 'base' } })).toEqual({
      origin: { kind: 'base' },
      files: [
        { path: 'deploy/app.yml', text: 'b' },
        { path: 'deploy/drafts/old.yaml', text: 'c' },
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
});
