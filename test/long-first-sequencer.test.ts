// The order `npm test` hands files to its workers (test/support/long-first-sequencer.ts): the
// end-to-end files first, then the integration files, then the rest.
import { describe, expect, it } from 'vitest';
import { costRank } from './support/long-first-sequencer.ts';

describe('the long files go first', () => {
  it('ranks end-to-end before integration before the rest, by the file name only', () => {
    const files = [
      'packages/core/src/render/render-environment.test.ts',
      'test/schedule.int.test.ts',
      'test/e2e/promotion.e2e.test.ts',
      'test/e2e/expressions.test.ts',
      'test/azure/deadlines.int.test.ts',
      'test/e2e/promotion-races.e2e.test.ts',
    ];
    const ordered = [...files].sort((a, b) => costRank(a) - costRank(b));
    expect(ordered).toEqual([
      'test/e2e/promotion.e2e.test.ts',
      'test/e2e/promotion-races.e2e.test.ts',
      'test/schedule.int.test.ts',
      'test/azure/deadlines.int.test.ts',
      'packages/core/src/render/render-environment.test.ts',
      'test/e2e/expressions.test.ts',
    ]);
    expect(costRank('/work/x/test/e2e/world.e2e.test.ts')).toBe(0);
    expect(costRank('test/integration.test.ts')).toBe(2);
  });
});
