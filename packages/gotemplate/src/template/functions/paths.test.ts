import { describe, expect, it } from 'vitest';
import { cleanPath } from './paths.ts';

describe('cleanPath: the one path.Clean (sprig `clean`, GitOpsRepo spec.path, kustomization paths)', () => {
  it.each([
    ['', '.'],
    ['a//b/./c/', 'a/b/c'],
    ['a/b/../../..', '..'],
    ['../a/../b', '../b'],
    ['/../x', '/x'],
    ['//', '/'],
  ])("cleanPath('%s') is '%s' (Go's path.Clean)", (input, expected) =>
    expect(cleanPath(input)).toBe(expected),
  );
});
