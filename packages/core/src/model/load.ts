import { isMap, isScalar, LineCounter, parseAllDocuments, type Node } from 'yaml';
import { labelKeyError, labelValueError, objectNameError } from './labels.ts';
import type { ProblemList } from './problem.ts';
import { readObject } from './read-kinds.ts';
import { isManifestPath, type Source } from './source.ts';
import type { ControlPlaneObject, ObjectOrigin } from './types.ts';
import { ObjectReader } from './yaml-node.ts';

const SCHEDULER_API = 'scheduler.kalypso.io/v1alpha1';
const SCHEDULER_KINDS = new Set([
  'Environment',
  'BaseRepo',
  'GitOpsRepo',
  'ClusterType',
  'Template',
  'WorkloadRegistration',
  'Workload',
  'SchedulingPolicy',
  'ConfigSchema',
]);

/** What loading found: the objects, and notes on what was skipped (for debug logs). */
export interface LoadedSource {
  readonly objects: ControlPlaneObject[];
  readonly notes: string[];
}

/**
 * Loads the control-plane objects of one source: every `*.yaml`/`*.yml` file, every document
 * that has both `apiVersion` and `kind`. Kalypso kinds and platform ConfigMaps are read and
 * validated; any other document is skipped with a note, never an error.
 */
export function loadSource(source: Source, problems: ProblemList): LoadedSource {
  const objects: ControlPlaneObject[] = [];
  const notes: string[] = [];
  for (const file of source.files) {
    if (!isManifestPath(file.path)) continue;
    const lines = new LineCounter();
    const documents = parseAllDocuments(file.text, {
      lineCounter: lines,
      uniqueKeys: true,
      prettyErrors: true,
    });
    const list = Array.isArray(documents) ? documents : [];
    for (const doc of list) {
      if (doc.errors.length > 0) {
        for (const error of doc.errors) {
          const line = error.linePos?.[0]?.line;
          problems.add({
            file: file.path,
            ...(line ? { line } : {}),
            message: `YAML syntax error: ${firstLine(error.message)}. Fix the file's YAML; nothing from it was read.`,
          });
        }
        continue;
      }
      const root = doc.contents as Node | null;
      if (!isMap(root)) continue;
      const apiVersion = scalarText(root, 'apiVersion');
      const kind = scalarText(root, 'kind');
      if (apiVersion === undefined || kind === undefined) continue;
      const line = root.range ? lines.linePos(root.range[0]).line : 1;
      const origin: ObjectOrigin = { file: file.path, line, source: source.origin };
      const metadata = childOf(root, 'metadata');
      const name = isMap(metadata) ? scalarText(metadata, 'name') : undefined;
      const object = `${kind} '${name ?? '?'}'`;
      if (!isRecognised(apiVersion, kind, root)) {
        notes.push(
          `Skipped ${apiVersion} ${object} (${file.path}:${line}): not a Kalypso object or platform config.`,
        );
        continue;
      }
      const reader = new ObjectReader(file.path, object, lines, problems, file.text);
      if (apiVersion !== SCHEDULER_API && kind !== 'ConfigMap') {
        reader.fail(
          childOf(root, 'apiVersion'),
          `apiVersion '${apiVersion}' is not supported; use '${SCHEDULER_API}'.`,
        );
        continue;
      }
      const meta = reader.mapping(root, 'metadata', 'metadata', true);
      const objectName = reader.string(meta, 'name', 'metadata.name', true);
      if (objectName === undefined) continue;
      const nameProblem = objectNameError(objectName);
      if (nameProblem) reader.fail(childOf(meta, 'name'), nameProblem);
      const labels = reader.stringMap(meta, 'labels', 'metadata.labels', false) ?? {};
      for (const [key, value] of Object.entries(labels)) {
        const labelProblem = labelKeyError(key) ?? labelValueError(key, value);
        if (labelProblem) reader.fail(childOf(meta, 'labels'), labelProblem);
      }
      const read = readObject(kind, { reader, root, name: objectName, labels, origin });
      if (read) objects.push(read);
    }
  }
  return { objects, notes };
}

/** Kalypso kinds, and v1 ConfigMaps that are platform config (§5.1: labelled or azure-app-config*). */
function isRecognised(apiVersion: string, kind: string, root: Node): boolean {
  if (kind === 'ConfigMap') {
    if (apiVersion !== 'v1') return false;
    const metadata = childOf(root, 'metadata');
    const name = isMap(metadata) ? scalarText(metadata, 'name') : undefined;
    const labels = childOf(metadata, 'labels');
    const flag = childOf(labels, 'platform-config');
    const flagged = isScalar(flag) && (flag.value === 'true' || flag.value === true);
    return flagged || (name?.startsWith('azure-app-config') ?? false);
  }
  return SCHEDULER_KINDS.has(kind) && apiVersion.startsWith('scheduler.kalypso.io/');
}

function childOf(node: Node | null | undefined, key: string): Node | undefined {
  if (!isMap(node)) return undefined;
  for (const pair of node.items) {
    if (isScalar(pair.key) && pair.key.value === key)
      return (pair.value as Node | null) ?? undefined;
  }
  return undefined;
}

function scalarText(node: Node, key: string): string | undefined {
  const value = childOf(node, key);
  if (!isScalar(value)) return undefined;
  const v = value.value;
  if (typeof v === 'string') return v === '' ? undefined : v;
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/\s+at line \d+, column \d+:?$/, '');
}
