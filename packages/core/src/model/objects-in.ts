// Objects of one kind among control-plane sources, parsed only from the files that can hold them.
import type { LoadCache } from './load-cache.ts';
import { loadSource } from './load.ts';
import { ProblemList } from './problem.ts';
import type { Source } from './source.ts';
import type { ControlPlaneObject } from './types.ts';

/**
 * Objects of one kind among some sources (their problems are reported by the full render). With
 * `cache`, a file parsed here is not parsed again by a render that shares it (the preview's).
 */
export function objectsIn<K extends ControlPlaneObject['kind']>(
  sources: readonly Source[],
  kind: K,
  cache?: LoadCache,
): Extract<ControlPlaneObject, { kind: K }>[] {
  type Found = Extract<ControlPlaneObject, { kind: K }>;
  const found = new Map<string, Found>();
  for (const object of objectsInOrder(sources, kind, cache))
    if (!found.has(object.name)) found.set(object.name, object);
  return [...found.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * The first object of one kind in the order the sources hold them (the order an assembled
 * environment lists them in); undefined when there is none.
 */
export function firstObjectIn<K extends ControlPlaneObject['kind']>(
  sources: readonly Source[],
  kind: K,
  cache?: LoadCache,
): Extract<ControlPlaneObject, { kind: K }> | undefined {
  for (const object of objectsInOrder(sources, kind, cache)) return object;
  return undefined;
}

function* objectsInOrder<K extends ControlPlaneObject['kind']>(
  sources: readonly Source[],
  kind: K,
  cache: LoadCache | undefined,
): Generator<Extract<ControlPlaneObject, { kind: K }>> {
  const scratch = new ProblemList();
  for (const source of sources) {
    // Only a file that names the kind can hold such an object (or one that could spell it with
    // an escape): the others are not parsed here, only by the render (once).
    const files = source.files.filter((f) => f.text.includes(kind) || f.text.includes('\\'));
    if (files.length === 0) continue;
    for (const object of loadSource({ ...source, files }, scratch, cache ? { cache } : {}).objects)
      if (object.kind === kind) yield object as Extract<ControlPlaneObject, { kind: K }>;
  }
}
