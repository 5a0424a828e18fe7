/**
 * The inventory of clusters expected to report commit statuses (`.kalypso/clusters.yaml` on the
 * GitOps environment branch): which clusters, of which cluster type, and whether their silence
 * holds a promotion. Hostile text: bounded in size and entries, names restricted to the
 * characters a context pattern accepts, every problem reported at once with file and line.
 * See docs/commit-status-evidence.md.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { didYouMean } from '../model/did-you-mean.ts';
import type { Problem } from '../model/problem.ts';
import { ComplianceInputError } from './types.ts';

/** The inventory's default path on the GitOps branch. */
export const DEFAULT_INVENTORY_FILE = '.kalypso/clusters.yaml';
/** Bytes of the inventory read at most. */
export const MAX_INVENTORY_BYTES = 1024 * 1024;
/** Clusters an inventory may list. */
export const MAX_INVENTORY_CLUSTERS = 10_000;
/** A cluster or cluster type name: what a context segment may hold. */
export const CLUSTER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/;

export interface InventoryCluster {
  readonly name: string;
  readonly clusterType: string;
  /** An optional cluster counts only when it reports; its silence holds nothing. */
  readonly optional: boolean;
  readonly line?: number;
}

const TOP_KEYS = ['clusters'];
const CLUSTER_KEYS = ['name', 'clusterType', 'optional'];

/**
 * Parses and validates an inventory; throws ComplianceInputError naming every problem
 * (`file:line: what to do`).
 */
export function parseClusterInventory(text: string, file: string): InventoryCluster[] {
  const problems: Problem[] = [];
  const fail = (line: number | undefined, message: string) =>
    problems.push({ file, ...(line ? { line } : {}), message });
  const done = (clusters: InventoryCluster[]) => {
    if (problems.length > 0) throw inventoryError(file, problems);
    return clusters;
  };
  if (text.length > MAX_INVENTORY_BYTES) {
    fail(
      undefined,
      `is larger than ${MAX_INVENTORY_BYTES} bytes: list only the clusters that deploy this branch.`,
    );
    return done([]);
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const lineOf = (node: Node | null | undefined) =>
    node?.range ? lines.linePos(node.range[0]).line : undefined;
  for (const error of doc.errors)
    fail(
      lines.linePos(error.pos[0]).line,
      `does not parse as YAML: ${error.message.split('\n')[0]}`,
    );
  if (problems.length > 0) return done([]);
  const root = doc.contents;
  if (!isMap(root)) {
    fail(lineOf(root), "must be a mapping with a 'clusters:' list.");
    return done([]);
  }
  let list: Node | null = null;
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (key === 'clusters') list = pair.value as Node | null;
    else fail(lineOf(pair.key as Node), unknownKey(key, TOP_KEYS));
  }
  if (!isSeq(list)) {
    fail(lineOf(list ?? root), "'clusters' must be a list of {name, clusterType, optional}.");
    return done([]);
  }
  if (list.items.length > MAX_INVENTORY_CLUSTERS) {
    fail(
      lineOf(list),
      `lists ${list.items.length} clusters, more than ${MAX_INVENTORY_CLUSTERS}: split the fleet over environments.`,
    );
    return done([]);
  }
  const seen = new Map<string, number | undefined>();
  const clusters: InventoryCluster[] = [];
  for (const item of list.items) {
    const line = lineOf(item as Node);
    if (!isMap(item)) {
      fail(line, 'a cluster must be a mapping with name and clusterType.');
      continue;
    }
    const fields: Record<string, unknown> = {};
    for (const pair of item.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!CLUSTER_KEYS.includes(key)) {
        fail(lineOf(pair.key as Node), unknownKey(key, CLUSTER_KEYS));
        continue;
      }
      fields[key] = isScalar(pair.value) ? pair.value.value : pair.value;
    }
    const name = nameField(fields.name, 'name', line, fail);
    const clusterType = nameField(fields.clusterType, 'clusterType', line, fail);
    const optional = fields.optional ?? false;
    if (typeof optional !== 'boolean')
      fail(line, `cluster '${name ?? 'without a valid name'}': 'optional' must be true or false.`);
    if (name === undefined || clusterType === undefined) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) {
      const first = seen.get(key);
      fail(
        line,
        `cluster '${name}' is listed twice${first ? ` (first at line ${first})` : ''}: keep one entry per cluster.`,
      );
      continue;
    }
    seen.set(key, line);
    clusters.push({
      name,
      clusterType,
      optional: optional === true,
      ...(line ? { line } : {}),
    });
  }
  return done(clusters);
}

function nameField(
  value: unknown,
  field: string,
  line: number | undefined,
  fail: (line: number | undefined, message: string) => void,
): string | undefined {
  if (value === undefined || value === null || value === '') {
    fail(line, `a cluster has no '${field}': write it (e.g. '${field}: eks-eu-1').`);
    return undefined;
  }
  const text =
    typeof value === 'string' || typeof value === 'number' ? String(value) : 'a mapping or list';
  if (typeof value !== 'string' || !CLUSTER_NAME.test(text)) {
    fail(
      line,
      `'${field}' ${JSON.stringify(text.slice(0, 80))} is not a cluster name: use letters, digits, '.', '_' and '-', starting with a letter or digit.`,
    );
    return undefined;
  }
  return text;
}

function unknownKey(key: string, known: readonly string[]): string {
  const guess = didYouMean(key, known);
  return `unknown field ${JSON.stringify(key.slice(0, 80))}${guess ? `: did you mean '${guess}'?` : `: write one of ${known.join(', ')}.`}`;
}

function inventoryError(file: string, problems: readonly Problem[]): ComplianceInputError {
  const error = new ComplianceInputError(
    problems.map((p) => `${p.file ?? file}${p.line ? `:${p.line}` : ''}: ${p.message}`),
  );
  return error;
}
