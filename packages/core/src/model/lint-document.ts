import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair } from 'yaml';
import type { Problem } from './problem.ts';
import { didYouMean, editDistance, loose } from './did-you-mean.ts';
import { schemaFileName } from './json-schema.ts';
import {
  documentShape,
  KALYPSO_API_VERSION,
  KALYPSO_GROUP,
  KALYPSO_KINDS,
  type Shape,
} from './shapes.ts';

/** One parsed document as the loader sees it. */
export interface LintedDocument {
  readonly file: string;
  readonly root: Node;
  readonly lines: LineCounter;
  readonly apiVersion: string;
  readonly kind: string;
  /** `Kind 'name'` */
  readonly object: string;
}

const PLATFORM_CONFIG = 'platform-config';

const MEANS_YES = new Set(['true', 'yes', 'y', 'on', '1', 'enabled']);

/** Unknown-field warnings listed per object; the rest are counted in one more warning. */
const MAX_FIELD_WARNINGS = 20;

/**
 * Mistakes in one document that Kubernetes and the operator accept silently (warnings, never
 * errors): unknown fields with "did you mean", fields at the wrong level (a mis-indented label
 * block), ConfigMap labels that nearly say `platform-config: "true"`, and an API group that looks
 * like Kalypso's. The walk follows the kind's shape only, so its work is linear in the document.
 */
export function lintDocument(doc: LintedDocument, warn: (problem: Problem) => void): void {
  const at = (node: Node | null | undefined): number | undefined => {
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : doc.lines.linePos(offset).line;
  };
  const report = (node: Node | null | undefined, message: string) => {
    const line = at(node);
    warn({ file: doc.file, ...(line ? { line } : {}), object: doc.object, message });
  };
  const [group, version] = splitApiVersion(doc.apiVersion);
  if (doc.kind === 'ConfigMap') {
    if (doc.apiVersion === 'v1') lintConfigMap(doc, report);
    return;
  }
  if (group === KALYPSO_GROUP) {
    // Unknown kinds and versions are errors in the loader; the fields of known ones are ours.
    const shape = version === 'v1alpha1' ? documentShape(doc.kind) : undefined;
    if (!shape) return;
    // Hostile input (thousands of unknown keys) gets a bounded number of warnings.
    let count = 0;
    let first: Node | null | undefined;
    lintFields(doc.root, shape, shape, '', doc.kind, (node, message) => {
      count++;
      if (count <= MAX_FIELD_WARNINGS) report(node, message);
      else first ??= node;
    });
    if (count > MAX_FIELD_WARNINGS)
      report(
        first,
        `${count - MAX_FIELD_WARNINGS} more unknown or misplaced fields in this object were not listed; compare it with the ${doc.kind} schema (schemas/${schemaFileName(doc.kind)}).`,
      );
    return;
  }
  lintLookalikeGroup(doc, group, report);
}

type Report = (node: Node | null | undefined, message: string) => void;

function splitApiVersion(apiVersion: string): [string, string] {
  const slash = apiVersion.lastIndexOf('/');
  return slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
}

/** `apiVersion: schedular.kalypso.io/v1alpha1` and the like: the object is skipped as foreign. */
function lintLookalikeGroup(doc: LintedDocument, group: string, report: Report): void {
  if (group === '' || group.length > 64) return;
  const looksKalypso =
    group.toLowerCase().includes('kalypso') ||
    editDistance(group.toLowerCase(), KALYPSO_GROUP, 3) <= 3;
  if (!looksKalypso) return;
  const kind = KALYPSO_KINDS.includes(doc.kind) ? doc.kind : didYouMean(doc.kind, KALYPSO_KINDS);
  if (!kind) return;
  const apiVersionNode = child(doc.root, 'apiVersion');
  const kindHint = kind === doc.kind ? '' : ` and kind '${kind}'`;
  report(
    apiVersionNode ?? doc.root,
    `apiVersion '${doc.apiVersion}' is not Kalypso's API group, so this object is skipped as a foreign kind; did you mean 'apiVersion: ${KALYPSO_API_VERSION}'${kindHint}?`,
  );
}

function lintConfigMap(doc: LintedDocument, report: Report): void {
  const metadata = child(doc.root, 'metadata');
  const labels = child(metadata, 'labels');
  // A ConfigMap takes part only when something says it is meant as platform config: a label
  // that nearly says so, or one of the well-known names. Other ConfigMaps are not ours to judge.
  const blocks: { node: Node; where: string }[] = [];
  if (isMap(labels)) blocks.push({ node: labels, where: 'metadata.labels' });
  for (const [parent, where] of [
    [doc.root, 'labels'],
    [child(doc.root, 'spec'), 'spec.labels'],
    [child(doc.root, 'data'), 'data.labels'],
  ] as const) {
    const misplaced = child(parent, 'labels');
    if (isMap(misplaced) && mentionsPlatformConfig(misplaced))
      report(
        keyNode(parent, 'labels'),
        `found a labels block ${where === 'labels' ? 'at the top level' : `at ${where}`}, where Kubernetes does not read labels, so this ConfigMap is not platform config and its data is not used; move the block under metadata (metadata.labels).`,
      );
  }
  for (const { node } of blocks) {
    if (!isMap(node)) continue;
    for (const pair of node.items) {
      const key = keyText(pair);
      if (key === undefined) continue;
      const value = pair.value as Node | null;
      if (key === PLATFORM_CONFIG) {
        const text = isScalar(value) ? value.value : undefined;
        if (text === 'true' || text === true) continue;
        // Only a value that means "yes" is a near miss: `"false"` switches the ConfigMap off on purpose.
        if (!MEANS_YES.has(String(text).trim().toLowerCase())) continue;
        report(
          (value as Node | null) ?? (pair.key as Node),
          `label 'platform-config' is '${String(isScalar(value) ? (value.source ?? text) : '')}', but only the exact string "true" makes a ConfigMap platform config, so its data is not used; write platform-config: "true".`,
        );
        continue;
      }
      if (isNearPlatformConfig(key)) {
        report(
          pair.key as Node,
          `label '${key}' is not 'platform-config', so this ConfigMap is not platform config and its data is not used; did you mean 'platform-config: "true"'?`,
        );
      }
    }
  }
}

function isNearPlatformConfig(key: string): boolean {
  if (key.length > 64) return false;
  const name = key.includes('/') ? key.slice(key.lastIndexOf('/') + 1) : key;
  return (
    loose(name) === loose(PLATFORM_CONFIG) ||
    editDistance(name.toLowerCase(), PLATFORM_CONFIG, 3) <= 3
  );
}

function mentionsPlatformConfig(node: Node): boolean {
  return (
    isMap(node) &&
    node.items.some((pair) => {
      const key = keyText(pair);
      return key !== undefined && (key === PLATFORM_CONFIG || isNearPlatformConfig(key));
    })
  );
}

/** Walks a mapping along its shape, reporting keys the shape does not have. */
function lintFields(
  node: Node | null | undefined,
  shape: Shape,
  root: Shape,
  path: string,
  kind: string,
  report: Report,
): void {
  if (shape.type === 'list') {
    if (isSeq(node))
      node.items.forEach((item, i) =>
        lintFields(item as Node, shape.items, root, `${path}[${i}]`, kind, report),
      );
    return;
  }
  if (shape.type !== 'object' || !isMap(node)) return;
  const present = new Set(node.items.map(keyText).filter((k): k is string => k !== undefined));
  for (const pair of node.items) {
    const key = keyText(pair);
    if (key === undefined || key === '<<') continue;
    const fieldPath = path === '' ? key : `${path}.${key}`;
    const field = Object.hasOwn(shape.fields, key) ? shape.fields[key] : undefined;
    if (field) {
      lintFields(pair.value as Node | null, field, root, fieldPath, kind, report);
      continue;
    }
    const where = path === '' ? 'at the top level' : `under ${path}`;
    const suggestion = didYouMean(key, Object.keys(shape.fields));
    if (suggestion) {
      // A missing required field is an error of the loader, which already names this key.
      if (shape.required?.includes(suggestion) && !present.has(suggestion)) continue;
      report(
        pair.key as Node,
        `found '${key}' ${where}; did you mean '${suggestion}'? ${kind} has no such field, so its value is not used.`,
      );
      continue;
    }
    const elsewhere = pathsOf(key, root);
    if (elsewhere.length > 0) {
      report(
        pair.key as Node,
        `found '${key}' ${where}, where ${kind} does not read it: '${key}' belongs at ${elsewhere.join(' or ')}, so its value is not used. Fix the indentation.`,
      );
      continue;
    }
    report(
      pair.key as Node,
      `found '${key}' ${where}, a field ${kind} does not have, so its value is not used. Known fields there: ${Object.keys(shape.fields).join(', ')}.`,
    );
  }
}

/** Every path of the shape where `key` is a field (the shapes are small and finite). */
function pathsOf(key: string, shape: Shape, path = '', out: string[] = []): string[] {
  if (shape.type === 'list') return pathsOf(key, shape.items, `${path}[]`, out);
  if (shape.type !== 'object') return out;
  for (const [name, field] of Object.entries(shape.fields)) {
    const here = path === '' ? name : `${path}.${name}`;
    if (name === key) out.push(here);
    pathsOf(key, field, here, out);
  }
  return out;
}

function keyText(pair: Pair): string | undefined {
  const key = pair.key as Node | null;
  if (!isScalar(key)) return undefined;
  const value = key.value;
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function keyNode(node: Node | null | undefined, key: string): Node | undefined {
  if (!isMap(node)) return undefined;
  return node.items.find((pair) => keyText(pair) === key)?.key as Node | undefined;
}

function child(node: Node | null | undefined, key: string): Node | undefined {
  if (!isMap(node)) return undefined;
  const pair = node.items.find((p) => keyText(p) === key);
  return (pair?.value as Node | null | undefined) ?? undefined;
}
