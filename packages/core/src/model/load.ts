import { isMap, isScalar, isSeq, parseAllDocuments, type LineCounter, type Node } from 'yaml';
import { didYouMean } from './did-you-mean.ts';
import { lintDocument } from './lint-document.ts';
import { labelKeyError, labelValueError, objectNameError } from './labels.ts';
import { DEFAULT_INPUT_LIMITS, formatBytes, utf8Length, type InputLimits } from './limits.ts';
import { ProblemList } from './problem.ts';
import type { LoadCache, LoadedFile } from './load-cache.ts';
import { loadChangedDocuments, type DocumentMark } from './load-documents.ts';
import { readObject } from './read-kinds.ts';
import { isManifestPath, type Source, type SourceFile, type SourceOrigin } from './source.ts';
import type { ControlPlaneObject, ObjectOrigin } from './types.ts';
import { ObjectReader } from './yaml-node.ts';
import { aliasErrors, duplicateKeyErrors } from './yaml-checks.ts';
import { firstLine, lineCounterAfter, syntaxErrorMessage } from './yaml-lines.ts';

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
  'DeploymentTarget',
]);

/** Every kind of `scheduler.kalypso.io`, for the unknown-kind message. */
export const KNOWN_SCHEDULER_KINDS: readonly string[] = [...SCHEDULER_KINDS];

/** What loading found: the objects, and notes on what was skipped (for debug logs). */
export interface LoadedSource {
  readonly objects: ControlPlaneObject[];
  readonly notes: string[];
  /**
   * `Kind/name` of objects that were found but could not be read (their problems are reported),
   * so that a reference to one is not reported a second time as "not found".
   */
  readonly unreadable: string[];
}

/** How many input bytes may still be read, shared by all sources of one environment. */
export interface InputBudget {
  remaining: number;
  /** Set once the total was exceeded, so the problem is reported once. */
  exceeded?: boolean;
}

export interface LoadOptions {
  readonly limits?: InputLimits;
  /** The environment's total-input budget; without it only the per-file limit applies. */
  readonly budget?: InputBudget;
  /**
   * Files already loaded in this process (the preview loads the base and the head of a pull
   * request, which share most files): a file with the same origin, path and bytes is not parsed
   * again.
   */
  readonly cache?: LoadCache;
}

/**
 * Loads the control-plane objects of one source: every `*.yaml`/`*.yml` file, every document
 * that has both `apiVersion` and `kind`. Kalypso kinds and platform ConfigMaps are read and
 * validated; any other document is skipped with a note, never an error.
 */
export function loadSource(
  source: Source,
  problems: ProblemList,
  options: LoadOptions = {},
): LoadedSource {
  const limits = options.limits ?? DEFAULT_INPUT_LIMITS;
  const objects: ControlPlaneObject[] = [];
  const notes: string[] = [];
  const unreadable: string[] = [];
  for (const file of source.files) {
    if (!isManifestPath(file.path)) continue;
    // A file whose bytes a read deferred is never taken for an empty one.
    if (file.blobId !== undefined)
      throw new Error(`${file.path} is not read yet (blob ${file.blobId})`);
    if (!withinBudget(file, limits, options.budget, problems)) continue;
    const loaded =
      options.cache?.load(
        file,
        source.origin,
        limits.maxAliasCount,
        loadFile,
        reloadFrom(source.origin, limits.maxAliasCount),
      ) ?? loadFile(file, source.origin, limits.maxAliasCount);
    for (const object of loaded.objects) objects.push(object);
    for (const note of loaded.notes) notes.push(note);
    for (const key of loaded.unreadable) unreadable.push(key);
    for (const problem of loaded.problems) problems.items.push(problem);
    for (const warning of loaded.warnings) problems.warnings.push(warning);
  }
  return { objects, notes, unreadable };
}

/** A file loaded from a kept version of it (`loadChangedDocuments`), as `LoadCache.load` asks. */
export function reloadFrom(origin: SourceOrigin, maxAliasCount: number) {
  return (file: SourceFile, previous: { file: SourceFile; loaded: LoadedFile }) =>
    loadChangedDocuments(file, previous, (part) => loadFile(part, origin, maxAliasCount));
}

/** Loads one manifest file (the per-file half of `loadSource`). */
export function loadFile(
  file: SourceFile,
  sourceOrigin: SourceOrigin,
  maxAliasCount: number,
): LoadedFile {
  const problems = new ProblemList();
  const objects: ControlPlaneObject[] = [];
  const notes: string[] = [];
  const unreadable: string[] = [];
  const marks: DocumentMark[] = [];
  let clean = true;
  {
    const linesBefore = file.linesBefore ?? 0;
    const lines = lineCounterAfter(linesBefore);
    // Duplicate keys are found by `duplicateKeyErrors` in linear time: the `yaml` library's own
    // check compares every key with every earlier one (quadratic in the keys of a mapping).
    const documents = parseAllDocuments(file.text, {
      lineCounter: lines,
      uniqueKeys: false,
      prettyErrors: true,
    });
    const list = Array.isArray(documents) ? documents : [];
    const mayAlias = file.text.includes('*');
    // One syntax error often makes the parser report several more after it (and in the
    // documents that follow): only the first is reported, with a code frame.
    let syntaxReported = false;
    for (const doc of list) {
      marks.push({
        start: doc.range[0],
        end: doc.range[2],
        objects: objects.length,
        notes: notes.length,
        unreadable: unreadable.length,
        problems: problems.items.length,
        warnings: problems.warnings.length,
      });
      if (doc.errors.length > 0) clean = false;
      const structural = [
        ...duplicateKeyErrors(doc, lines),
        ...(mayAlias ? aliasErrors(doc, maxAliasCount) : []),
      ];
      if (doc.errors.length > 0 || structural.length > 0) {
        for (const { line, message } of structural)
          problems.add({ file: file.path, ...(line ? { line } : {}), message });
        const error = doc.errors[0];
        if (error !== undefined && !syntaxReported) {
          syntaxReported = true;
          const position = error.linePos?.[0];
          problems.add({
            file: file.path,
            ...(position ? { line: position.line } : {}),
            message: syntaxErrorMessage(file.text, firstLine(error.message), position, linesBefore),
          });
        }
        continue;
      }
      const documentRoot = doc.contents as Node | null;
      if (!isMap(documentRoot)) continue;
      if (isKustomizationFile(file.path))
        warnKustomization(file.path, documentRoot, lines, problems);
      for (const root of expandList(documentRoot, file.path, lines, problems)) {
        const apiVersion = scalarText(root, 'apiVersion');
        const kind = scalarText(root, 'kind');
        if (apiVersion === undefined || kind === undefined) continue;
        const line = root.range ? lines.linePos(root.range[0]).line : linesBefore + 1;
        const origin: ObjectOrigin = { file: file.path, line, source: sourceOrigin };
        const metadata = childOf(root, 'metadata');
        const name = isMap(metadata) ? scalarText(metadata, 'name') : undefined;
        const object = `${kind} '${name ?? '?'}'`;
        lintDocument({ file: file.path, root, lines, apiVersion, kind, object }, (p) =>
          problems.warn(p),
        );
        if (isUnknownSchedulerKind(apiVersion, kind)) {
          const meant = didYouMean(kind, KNOWN_SCHEDULER_KINDS);
          problems.add({
            file: file.path,
            line: lineOf(lines, childOf(root, 'kind'), line),
            object,
            message: `kind '${kind}' does not exist in ${apiVersion.split('/')[0]} (Kubernetes would reject it); ${meant ? `did you mean '${meant}'? Use` : 'use'} one of ${KNOWN_SCHEDULER_KINDS.join(', ')}.`,
          });
          continue;
        }
        if (!isRecognised(apiVersion, kind, root)) {
          notes.push(
            `Skipped ${apiVersion} ${object} (${file.path}:${line}): not a Kalypso object or platform config.`,
          );
          continue;
        }
        const before = problems.items.length;
        const reader = new ObjectReader(
          file.path,
          object,
          lines,
          problems,
          file.text,
          doc,
          file.invalidUtf8Lines,
        );
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
        if (nameProblem) {
          // The name becomes a folder or part of one: an invalid name is never used.
          reader.fail(childOf(meta, 'name'), nameProblem);
          unreadable.push(`${kind}/${objectName}`);
          continue;
        }
        const labels = reader.stringMap(meta, 'labels', 'metadata.labels', false) ?? {};
        for (const [key, value] of Object.entries(labels)) {
          const labelProblem = labelKeyError(key) ?? labelValueError(key, value);
          if (labelProblem) reader.fail(childOf(meta, 'labels'), labelProblem);
        }
        const read = readObject(kind, { reader, root, name: objectName, labels, origin });
        // An object with any problem is not used: rendering goes on without it (its problems are
        // reported), so that a half-read object cannot cause follow-on errors or wrong output.
        if (read && problems.items.length === before) objects.push(read);
        else unreadable.push(`${kind}/${objectName}`);
      }
    }
  }
  return {
    objects,
    notes,
    unreadable,
    problems: problems.items,
    warnings: problems.warnings,
    marks: { clean, documents: marks },
  };
}

/**
 * A `v1` `kind: List` is expanded into its `items`, as kubectl and kustomize (so Flux, for the
 * operator) expand it: each item is a document of its own. Other documents are themselves.
 */
function expandList(root: Node, file: string, lines: LineCounter, problems: ProblemList): Node[] {
  if (scalarText(root, 'apiVersion') !== 'v1' || scalarText(root, 'kind') !== 'List') return [root];
  const items = childOf(root, 'items');
  if (items === undefined || (isScalar(items) && items.value === null)) return [];
  if (!isSeq(items)) {
    problems.add({
      file,
      line: lineOf(lines, items, 1),
      object: 'List',
      message: `'items' of a v1 List must be a list of objects (Kubernetes would reject it); nothing from this List was read.`,
    });
    return [];
  }
  const expanded: Node[] = [];
  for (const item of items.items) {
    if (isMap(item)) expanded.push(...expandList(item as Node, file, lines, problems));
    else
      problems.add({
        file,
        line: lineOf(lines, item as Node, 1),
        object: 'List',
        message: `an item of a v1 List is not an object (Kubernetes would reject it); it was not read.`,
      });
  }
  return expanded;
}

/** `kustomization.yaml`, `kustomization.yml` or `Kustomization`: what kustomize builds a folder from. */
function isKustomizationFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === 'kustomization.yaml' || name === 'kustomization.yml' || name === 'Kustomization';
}

/**
 * A kustomization in a control-plane folder: Flux builds the folder with kustomize for the
 * operator (only the listed resources, with their patches, prefixes and generated objects),
 * while kalypso-actions reads every YAML file below the folder as it is
 * (docs/kalypso-compatibility.md#kustomization-files). A warning names what is ignored.
 */
function warnKustomization(
  file: string,
  root: Node,
  lines: LineCounter,
  problems: ProblemList,
): void {
  const fields = isMap(root)
    ? root.items.flatMap((pair) =>
        isScalar(pair.key) && !['apiVersion', 'kind', 'metadata'].includes(String(pair.key.value))
          ? [String(pair.key.value)]
          : [],
      )
    : [];
  const only = fields.every((f) => f === 'resources');
  problems.warn({
    file,
    line: root.range ? lines.linePos(root.range[0]).line : 1,
    message: `this kustomization is not applied by kalypso-actions: it reads every YAML file below the folder as it is, while Flux builds the folder with kustomize for the operator. Ignored here: ${fields.length === 0 ? 'the file itself' : fields.map((f) => `'${f}'`).join(', ')}${only ? ' (files not listed in resources are read here too)' : ' — objects it patches, renames, labels or generates differ from what the operator saw'}. Write the objects out as plain files, or remove the kustomization.`,
  });
}

/** Applies the per-file and total input budgets; false (with a problem) skips the file. */
export function withinBudget(
  file: { path: string; text: string; unreadBytes?: number },
  limits: InputLimits,
  budget: InputBudget | undefined,
  problems: ProblemList,
): boolean {
  const bytes =
    file.unreadBytes ?? (file.text.length * 3 <= limits.maxFileBytes ? -1 : utf8Length(file.text));
  if (bytes > limits.maxFileBytes || file.unreadBytes !== undefined) {
    problems.add({
      file: file.path,
      message: `the file is ${formatBytes(bytes)}, more than the ${formatBytes(limits.maxFileBytes)} a control-plane file may have; nothing from it was read. Split it or remove what does not belong in the control plane.`,
    });
    return false;
  }
  if (!budget) return true;
  if (budget.exceeded) return false;
  budget.remaining -= bytes >= 0 ? bytes : utf8Length(file.text);
  if (budget.remaining < 0) {
    budget.exceeded = true;
    problems.add({
      file: file.path,
      message: `the control-plane files read up to this one exceed the total input budget; this file and the rest were not read. Remove files that do not belong in the control plane (or in the workload folders), or raise the total input limit.`,
    });
    return false;
  }
  return true;
}

function isUnknownSchedulerKind(apiVersion: string, kind: string): boolean {
  return apiVersion.startsWith('scheduler.kalypso.io/') && !SCHEDULER_KINDS.has(kind);
}

function lineOf(lines: LineCounter, node: Node | undefined, fallback: number): number {
  const offset = node?.range?.[0];
  return offset === undefined ? fallback : lines.linePos(offset).line;
}

/** Kalypso kinds, and v1 ConfigMaps that are platform config (docs/kalypso-compatibility.md#which-configmaps-count: labelled or azure-app-config*). */
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
