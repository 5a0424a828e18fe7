// A changed file loaded by its changed documents (docs/decisions/preview-base-from-head.md): the
// base and the head of a pull request hold two versions of a file that differ in a document or
// two (one ConfigMap of `objects.yaml`), and YAML documents are parsed independently of each other
// (a `---` line starts a new one in every context: the `yaml` package ends an unterminated quoted
// or flow scalar there). So the documents of the new version that the old one holds too, in the
// same place and on the same lines, give what they gave in the old; only the rest is parsed. In
// any doubt (directives, `...` markers, a lone `\r`, a byte order mark, bytes that are not valid
// UTF-8, a syntax error in either version, a document across the split) the file is parsed whole.
// Pure.
import type { DocumentMark, LoadedFile } from './load-cache.ts';

export type { DocumentMark, DocumentMarks } from './load-cache.ts';
import type { SourceFile } from './source.ts';

/** A line `---` (a document start), where the split is made. */
const DOCUMENT_START = /^---(?:[ \t\r]|$)/gm;
/** What the split does not model: directives, document ends, lone `\r` line breaks, BOMs. */
const UNSPLITTABLE = /^%|^\.\.\.|\r(?!\n)|\uFEFF/m;

/**
 * `file` loaded from `previous` (a version of the same origin and path, loaded with the same alias
 * budget) by parsing only the documents that differ, or undefined when that cannot be done
 * exactly (the caller parses the whole file). `load` parses a file whole (`loadFile`). The
 * result equals `load(file)`, the marks included.
 */
export function loadChangedDocuments(
  file: SourceFile,
  previous: { readonly file: SourceFile; readonly loaded: LoadedFile },
  load: (file: SourceFile) => LoadedFile,
): LoadedFile | undefined {
  const marks = previous.loaded.marks;
  if (marks === undefined || !marks.clean) return undefined;
  // Parts of a file on other lines: no document of one is on the other's lines.
  const before = file.linesBefore ?? 0;
  if ((previous.file.linesBefore ?? 0) !== before) return undefined;
  if (!splittable(file) || !splittable(previous.file)) return undefined;
  const [was, now] = [previous.file.text, file.text];
  const [wasStarts, nowStarts] = [chunkStarts(was), chunkStarts(now)];
  const chunk = (text: string, starts: readonly number[], i: number) =>
    text.slice(starts[i], starts[i + 1] ?? text.length);
  const most = Math.min(wasStarts.length, nowStarts.length);
  let prefix = 0;
  while (prefix < most && chunk(was, wasStarts, prefix) === chunk(now, nowStarts, prefix))
    prefix += 1;
  let suffix = 0;
  while (
    prefix + suffix < most &&
    chunk(was, wasStarts, wasStarts.length - 1 - suffix) ===
      chunk(now, nowStarts, nowStarts.length - 1 - suffix)
  )
    suffix += 1;
  const prefixEnd = nowStarts[prefix] ?? now.length;
  let wasSuffixStart = wasStarts[wasStarts.length - suffix] ?? was.length;
  let nowSuffixStart = nowStarts[nowStarts.length - suffix] ?? now.length;
  // The documents after the change keep their output only on the same lines.
  if (
    newlines(was, prefixEnd, wasSuffixStart) !== newlines(now, prefixEnd, nowSuffixStart) &&
    suffix > 0
  ) {
    suffix = 0;
    [wasSuffixStart, nowSuffixStart] = [was.length, now.length];
  }
  if (prefix === 0 && suffix === 0) return undefined;
  const documents = marks.documents;
  // The old version's documents as the split has them: none across the change's edges.
  for (const d of documents)
    if (straddles(d, prefixEnd) || straddles(d, wasSuffixStart)) return undefined;
  const firstChanged = documents.findIndex((d) => d.start >= prefixEnd);
  const firstKept = documents.findIndex((d) => d.start >= wasSuffixStart);
  const a = firstChanged < 0 ? documents.length : firstChanged;
  const b = suffix === 0 || firstKept < 0 ? documents.length : firstKept;
  // The changed documents on their own lines: the lines before them counted, not parsed.
  const middle = load({
    path: file.path,
    text: now.slice(prefixEnd, nowSuffixStart),
    linesBefore: before + newlines(now, 0, prefixEnd),
  });
  if (middle.marks === undefined || !middle.marks.clean) return undefined;
  const old = previous.loaded;
  const at = (i: number): Counts => documents[i] ?? totals(old);
  const [head, tail] = [at(a), at(b)];
  const mid = totals(middle);
  const shift = prefixEnd;
  const moved = now.length - was.length;
  const join = <T>(x: readonly T[], y: readonly T[], key: keyof Counts): T[] => [
    ...x.slice(0, head[key]),
    ...y,
    ...x.slice(tail[key]),
  ];
  const rebased = (d: DocumentMark, offset: number, from: Counts, to: Counts): DocumentMark => ({
    start: d.start + offset,
    end: d.end + offset,
    objects: d.objects - from.objects + to.objects,
    notes: d.notes - from.notes + to.notes,
    unreadable: d.unreadable - from.unreadable + to.unreadable,
    problems: d.problems - from.problems + to.problems,
    warnings: d.warnings - from.warnings + to.warnings,
  });
  const zero: Counts = { objects: 0, notes: 0, unreadable: 0, problems: 0, warnings: 0 };
  const afterMiddle = add(head, mid);
  return {
    objects: join(old.objects, middle.objects, 'objects'),
    notes: join(old.notes, middle.notes, 'notes'),
    unreadable: join(old.unreadable, middle.unreadable, 'unreadable'),
    problems: join(old.problems, middle.problems, 'problems'),
    warnings: join(old.warnings, middle.warnings, 'warnings'),
    marks: {
      clean: true,
      documents: [
        ...documents.slice(0, a),
        ...middle.marks.documents.map((d) => rebased(d, shift, zero, head)),
        ...documents.slice(b).map((d) => rebased(d, moved, tail, afterMiddle)),
      ],
    },
  };
}

type Counts = Omit<DocumentMark, 'start' | 'end'>;

function totals(loaded: LoadedFile): Counts {
  return {
    objects: loaded.objects.length,
    notes: loaded.notes.length,
    unreadable: loaded.unreadable.length,
    problems: loaded.problems.length,
    warnings: loaded.warnings.length,
  };
}

function add(x: Counts, y: Counts): Counts {
  return {
    objects: x.objects + y.objects,
    notes: x.notes + y.notes,
    unreadable: x.unreadable + y.unreadable,
    problems: x.problems + y.problems,
    warnings: x.warnings + y.warnings,
  };
}

/** Whether `loadChangedDocuments` may split this file's documents at all. */
export function splittable(file: SourceFile): boolean {
  return (
    file.unreadBytes === undefined &&
    file.blobId === undefined &&
    (file.invalidUtf8Lines?.length ?? 0) === 0 &&
    !UNSPLITTABLE.test(file.text)
  );
}

/** Where each piece of the text starts: 0, and every `---` line after it. */
export function chunkStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(DOCUMENT_START)) if (match.index > 0) starts.push(match.index);
  return starts;
}

function newlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1))
    count += 1;
  return count;
}

function straddles(d: DocumentMark, offset: number): boolean {
  return d.start < offset && d.end > offset;
}
