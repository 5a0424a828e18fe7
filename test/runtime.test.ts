import { describe, expect, it } from 'vitest';

describe('test runtime', () => {
  it('runs on Node 24, the runtime the actions declare', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
