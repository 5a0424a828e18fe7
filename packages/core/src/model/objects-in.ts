// Objects of one kind among control-plane sources, parsed only from the files that can hold them.
import type { LoadCache } from './load-cache.ts';
import { DEFAULT_INPUT_LIMITS, utf8Length } from './limits.ts';
import { loadSource } from './load.ts';
import { ProblemList } from './problem.ts';
import type { Source, SourceFile } from './source.ts';
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
    for (const file of source.files) {
      // Only a file that names the kind can hold such an object (or one that could spell it with
      // an escape): the others are not parsed here, only by the render (once). Of a file that
      // does, only the documents that do (the others' lines left empty): a file of many objects
      // is parsed whole once, by the render. Such a part is never kept with the whole files. A
      // file over the budget is loaded whole, so that the load says so.
      if (!mayHold(file.text, kind)) continue;
      const max = DEFAULT_INPUT_LIMITS.maxFileBytes;
      const only =
        file.text.length * 3 <= max || utf8Length(file.text) <= max
          ? documentsNaming(file.text, kind)
          : undefined;
      const loaded =
        only === undefined
          ? loadSource({ ...source, files: [file] }, scratch, cache ? { cache } : {})
          : loadSource(
              { ...source, files: [partFrom(file, only)] },
              scratch,
              cache ? { cache: cache.subsets } : {},
            );
      for (const object of loaded.objects)
        if (object.kind === kind) yield object as Extract<ControlPlaneObject, { kind: K }>;
    }
  }
}

/**
 * The documents `documentsNaming` kept as a part of `file` that starts at the first of them: the
 * empty lines before it counted (`linesBefore`), not parsed (a few microseconds each: thousands
 * when the kind's documents come last in a large file).
 */
function partFrom(file: SourceFile, only: string): SourceFile {
  let lead = 0;
  while (only.charCodeAt(lead) === 10) lead++;
  return { ...file, text: only.slice(lead), linesBefore: (file.linesBefore ?? 0) + lead };
}

function mayHold(text: string, kind: string): boolean {
  return text.includes(kind) || text.includes('\\');
}

/** A line that starts or ends a YAML document (`---`, `...`, then a space, a tab or the end). */
const DOCUMENT_MARKER = /^(---|\.\.\.)(?=[ \t\r]|$)/;

/**
 * A YAML stream with only the documents that may hold an object of `kind` (that name it or could
 * spell it with an escape), the others' lines left empty and their `---` kept bare, so that every
 * line keeps its number: parsed, it gives the objects of those documents as the whole text
 * gives them. Such a marker at the start of a line can be nothing else (YAML forbids it inside
 * any scalar), and nothing of one document reaches into another but directives: a text with a
 * directive (`%` at the start of a line), a byte order mark or a lone CR line break is left
 * whole. Undefined when every document may hold one (nothing to leave out).
 */
export function documentsNaming(text: string, kind: string): string | undefined {
  if (text.startsWith('%') || text.includes('\n%') || text.includes('\uFEFF')) return undefined;
  if (/\r(?!\n)/.test(text)) return undefined;
  const lines = text.split('\n');
  const kept: string[] = [];
  let start = 0;
  // Whether the last document kept runs on (no `---` or `...` after it yet): the next document
  // left out then keeps its bare `---`, which ends it. The `---` of one left out after another
  // (or at the start) is left empty too: a run of documents left out is one empty document, not
  // one each (a large file's lookup of one kind parsed a thousand of them).
  let open = false;
  const close = (end: number) => {
    if (end <= start) return;
    // Line by line, never spread into one call: a document may have millions of lines.
    if (mayHold(lines.slice(start, end).join('\n'), kind)) {
      for (let i = start; i < end; i++) kept.push(lines[i]!);
      open = true;
      return;
    }
    const marked = DOCUMENT_MARKER.exec(lines[start]!)?.[1] === '---';
    kept.push(marked && open ? '---' : '');
    if (marked) open = false;
    for (let i = start + 1; i < end; i++) kept.push('');
  };
  for (let i = 0; i < lines.length; i++) {
    const marker = DOCUMENT_MARKER.exec(lines[i]!)?.[1];
    if (marker === undefined) continue;
    close(i);
    if (marker === '---') start = i;
    else {
      // `...` ends a document; it is kept as it is (with its comment, if any).
      kept.push(lines[i]!);
      open = false;
      start = i + 1;
    }
  }
  close(lines.length);
  const only = kept.join('\n');
  return only === text ? undefined : only;
}
