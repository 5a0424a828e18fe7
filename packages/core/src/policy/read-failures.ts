import { isScalar, type Node } from 'yaml';
import type { FailureThresholds, Threshold } from './types.ts';
import { clip, type PolicyReader } from './yaml-reading.ts';

const FAILURE_KEYS = ['max', 'unreachable', 'mandatory', 'perClusterType'];
const PATTERN = /^[A-Za-z0-9*?._-]{1,100}$/;
const EXAMPLE = `failures: { max: 5%, unreachable: count, mandatory: [payments-*] }`;

/** `5` or `"5%"`: a count of clusters or a percentage of them (docs/decisions/failure-thresholds.md). */
export function parseThreshold(text: string): Threshold | { problem: string } {
  const trimmed = text.trim();
  const count = /^\d{1,7}$/.exec(trimmed);
  if (count) return { type: 'count', count: Number(trimmed) };
  const percent = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(trimmed);
  if (percent && Number(percent[1]) <= 100) return { type: 'percent', percent: Number(percent[1]) };
  return {
    problem: `threshold '${clip(text)}' is neither a whole number of clusters (e.g. 5) nor a percentage from 0% to 100% (e.g. 5%).`,
  };
}

/** The `failures:` mapping of an environment, or undefined when it has problems. */
export function readFailures(
  reader: PolicyReader,
  node: Node,
  object: string,
): FailureThresholds | undefined {
  const map = reader.mapping(node, object, 'failures', EXAMPLE);
  if (!map) return undefined;
  const before = reader.problems.length;
  reader.checkKeys(map, FAILURE_KEYS, object, `'failures'`);
  const threshold = (value: Node, field: string): Threshold | undefined => {
    const text = reader.text(value, object, field);
    if (text === undefined) return undefined;
    const parsed = parseThreshold(text);
    if ('problem' in parsed) {
      reader.fail(value, object, `'${field}': ${parsed.problem}`);
      return undefined;
    }
    return parsed;
  };
  const pattern = (value: Node, field: string): string | undefined => {
    const text = reader.text(value, object, field);
    if (text === undefined) return undefined;
    if (PATTERN.test(text)) return text;
    reader.fail(
      value,
      object,
      `'${field}': '${clip(text)}' is not a cluster type pattern; use letters, digits, '.', '_', '-' and the wildcards '*' and '?', e.g. payments-*.`,
    );
    return undefined;
  };

  const maxNode = reader.value(map, 'max');
  const max = maxNode ? threshold(maxNode, 'failures.max') : { type: 'count' as const, count: 0 };

  let unreachable: 'count' | 'ignore' = 'count';
  const unreachableNode = reader.value(map, 'unreachable');
  if (unreachableNode) {
    const text = reader.text(unreachableNode, object, 'failures.unreachable');
    if (text === 'count' || text === 'ignore') unreachable = text;
    else if (text !== undefined)
      reader.fail(
        unreachableNode,
        object,
        `'failures.unreachable' is '${clip(text)}'; write 'count' (a cluster without evidence counts as failed) or 'ignore' (it is left out).`,
      );
  }

  const mandatory: string[] = [];
  const mandatoryNode = reader.value(map, 'mandatory');
  if (mandatoryNode)
    for (const item of reader.list(mandatoryNode, object, 'failures.mandatory', 100) ?? []) {
      const value = pattern(item, 'failures.mandatory');
      if (value !== undefined) mandatory.push(value);
    }

  const perClusterType: { pattern: string; max: Threshold }[] = [];
  const perNode = reader.value(map, 'perClusterType');
  if (perNode) {
    const perMap = reader.mapping(
      perNode,
      object,
      'failures.perClusterType',
      `perClusterType: { "edge-*": 1, large: 10% }`,
    );
    if (perMap) {
      if (perMap.items.length > 100)
        reader.fail(
          perNode,
          object,
          `'failures.perClusterType' has ${perMap.items.length} entries; at most 100 are allowed.`,
        );
      else
        for (const pair of perMap.items) {
          const key = pair.key as Node;
          const name = isScalar(key) ? pattern(key, 'failures.perClusterType') : undefined;
          const value = pair.value as Node | null;
          if (!value) {
            reader.fail(
              key,
              object,
              `'failures.perClusterType' needs a threshold for each pattern, e.g. "edge-*": 1.`,
            );
            continue;
          }
          const max = threshold(value, `failures.perClusterType.${name ?? '?'}`);
          if (name !== undefined && max) perClusterType.push({ pattern: name, max });
        }
    }
  }
  if (reader.problems.length > before || !max) return undefined;
  return { max, unreachable, mandatory, perClusterType };
}
