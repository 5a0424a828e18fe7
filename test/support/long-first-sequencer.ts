// The order in which `npm test` hands test files to its workers: the long ones first, so that none
// of them starts last and keeps the run going while the other workers sit idle. vitest orders by
// the durations of the previous run when it has them (its cache, which a clean CI clone lacks) and
// otherwise by file size, largest first; a small end-to-end file can run for minutes and would then
// start last. So the kinds go first by what they cost: the end-to-end scenarios (`*.e2e.test.ts`,
// whole promotions), then the integration suites (`*.int.test.ts`, bundles against the local
// servers), then the rest; within a kind, vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** 0 for end-to-end files, 1 for integration files, 2 for the rest. */
export function costRank(file: string): number {
  if (/\.e2e\.test\.[cm]?ts$/.test(file)) return 0;
  if (/\.int\.test\.[cm]?ts$/.test(file)) return 1;
  return 2;
}

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered
      .map((spec, index) => ({ spec, index, rank: costRank(spec.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
