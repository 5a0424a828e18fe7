import { describe, expect, it } from 'vitest';

describe('test runtime', () => {
  it('runs on Node 24 or newer (the actions declare node24; scripts/node.mjs picks one)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});
