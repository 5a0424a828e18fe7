import { formatThreshold } from './thresholds.ts';
import type { FailureThresholds } from './types.ts';

/** `tolerates 5% failed clusters (unreachable count); any failure in payments-* fails`. */
export function describeThresholds(failures: FailureThresholds): string {
  const parts = [
    `tolerates ${formatThreshold(failures.max)} failed clusters (unreachable ${failures.unreachable === 'count' ? 'ones count' : 'ones ignored'})`,
  ];
  for (const { pattern, max } of failures.perClusterType)
    parts.push(`${formatThreshold(max)} per cluster type ${pattern}`);
  if (failures.mandatory.length > 0)
    parts.push(`any failure in ${failures.mandatory.join(', ')} fails`);
  return parts.join(', ');
}
