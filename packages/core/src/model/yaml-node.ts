import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Document,
  type LineCounter,
  type Node,
  type Scalar,
} from 'yaml';
import { didYouMean } from './did-you-mean.ts';
import type { ProblemList } from './problem.ts';

/**
 * Typed, position-aware reads from one YAML object. Every read that fails records a problem naming
 * the file, the line of the offending node, the object and the field, so that a broken file yields
 * every mistake at once (docs/decisions/all-problems-at-once.md) instead of the first.
 */
export class ObjectReader {
  readonly file: string;
  readonly object: string;
  private readonly lines: LineCounter;
  private readonly problems: ProblemList;

  /** Length of the file's text when it lacks a final newline, else -1 (see `scalarText`). */
  private readonly unterminatedEnd: number;

  /** The document, to resolve aliases (`*name`) to their anchored nodes. */
  private readonly doc: Document.Parsed | undefined;

  /** Lines holding bytes that are not valid UTF-8 (SourceFile.invalidUtf8Lines). */
  private readonly invalidUtf8Lines: ReadonlySet<number>;

  constructor(
    file: string,
    object: string,
    lines: LineCounter,
    problems: ProblemList,
    text: string,
    doc?: Document.Parsed,
    invalidUtf8Lines: readonly number[] = [],
  ) {
    this.doc = doc;
    this.invalidUtf8Lines = new Set(invalidUtf8Lines);
    this.unterminatedEnd = text.endsWith('\n') ? -1 : text.length;
    this.file = file;
    this.object = object;
    this.lines = lines;
    this.problems = problems;
  }

  lineOf(node: Node | null | undefined, fallback = 1): number {
    const offset = node?.range?.[0];
    return offset === undefined ? fallback : this.lines.linePos(offset).line;
  }

  /** Whether `node` spans a line that held bytes that are not valid UTF-8. */
  holdsInvalidUtf8(node: Node | null | undefined): boolean {
    if (this.invalidUtf8Lines.size === 0) return false;
    const range = node?.range;
    if (!range) return false;
    const first = this.lines.linePos(range[0]).line;
    const last = this.lines.linePos(Math.max(range[0], range[1] - 1)).line;
    for (const line of this.invalidUtf8Lines) if (line >= first && line <= last) return true;
    return false;
  }

  fail(node: Node | null | undefined, message: string): void {
    this.problems.add({ file: this.file, line: this.lineOf(node), object: this.object, message });
  }

  /**
   * A required field is absent. When a sibling key is a near miss (`namespaceServce`), the problem
   * names the key that is there and points at its line (docs/decisions/lint-warnings.md).
   */
  private missing(parent: Node | undefined, key: string, path: string): void {
    const keys = isMap(parent)
      ? parent.items.flatMap((pair) =>
          isScalar(pair.key) && typeof pair.key.value === 'string'
            ? [{ name: pair.key.value, node: pair.key as Node }]
            : [],
        )
      : [];
    const near = keys.find((k) => didYouMean(k.name, [key]) === key);
    if (near) {
      this.fail(
        near.node,
        `'${path}' is required, but found '${near.name}'; did you mean '${key}'?`,
      );
      return;
    }
    this.fail(parent, `'${path}' is required; add it.`);
  }

  /** The node at a dotted field path below `node`, or undefined when any step is missing. */
  child(node: Node | null | undefined, key: string): Node | undefined {
    if (!isMap(node)) return undefined;
    for (const pair of node.items) {
      if (isScalar(pair.key) && String(pair.key.value) === key)
        return this.deref(pair.value as Node | null);
    }
    return undefined;
  }

  /**
   * Where each string of a sequence starts: a literal block (`|`) starts on the line after its
   * indicator and keeps the file's lines; a one-line string is on its own line; anything else
   * (folded, multi-line quoted) only has the line where it starts.
   */
  blockLines(node: Node | null | undefined): { line: number; exact: boolean }[] {
    if (!isSeq(node)) return [];
    return node.items.map((item) => {
      const value = this.deref(item as Node | null);
      const line = this.lineOf(value);
      if (!isScalar(value)) return { line, exact: false };
      if (value.type === 'BLOCK_LITERAL') return { line: line + 1, exact: true };
      const text = typeof value.value === 'string' ? value.value : '';
      return { line, exact: !text.includes('\n') && value.type !== 'BLOCK_FOLDED' };
    });
  }

  /** The line of each key of a mapping (its own line, not its value's). */
  keyLines(node: Node | null | undefined): Record<string, number> {
    const out: Record<string, number> = {};
    if (!isMap(node)) return out;
    for (const pair of node.items) {
      if (isScalar(pair.key)) out[String(pair.key.value)] = this.lineOf(pair.key as Node);
    }
    return out;
  }

  /** The value nodes of a mapping by key (aliases resolved), for position lookups in bulk. */
  valueNodes(node: Node | null | undefined): Map<string, Node> {
    const out = new Map<string, Node>();
    if (!isMap(node)) return out;
    for (const pair of node.items) {
      const value = this.deref(pair.value as Node | null);
      if (isScalar(pair.key) && value !== undefined) out.set(String(pair.key.value), value);
    }
    return out;
  }

  /**
   * An alias replaced by the node its anchor names, as Kubernetes sees the object. Expansion is
   * bounded: the loader refuses documents whose aliases exceed `maxAliasCount` before reading.
   */
  deref(node: Node | null | undefined): Node | undefined {
    if (node === null || node === undefined) return undefined;
    if (isAlias(node) && this.doc) return (node.resolve(this.doc) as Node | undefined) ?? node;
    return node;
  }

  /** A required or optional string field; reports missing fields and non-strings. */
  string(
    parent: Node | undefined,
    key: string,
    path: string,
    required: boolean,
  ): string | undefined {
    const node = this.child(parent, key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.missing(parent, key, path);
      return undefined;
    }
    const text = isScalar(node) ? scalarText(node, this.unterminatedEnd) : undefined;
    if (text === undefined) {
      this.fail(
        node,
        `'${path}' must be a string, not a mapping or list; write it as a (quoted) text value.`,
      );
      return undefined;
    }
    return text;
  }

  /** A map of string to string (labels, manifests, ConfigMap data). */
  stringMap(
    parent: Node | undefined,
    key: string,
    path: string,
    required: boolean,
    strict = true,
  ): Record<string, string> | undefined {
    const node = this.child(parent, key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.missing(parent, key, path);
      return undefined;
    }
    if (!isMap(node)) {
      this.fail(node, `'${path}' must be a mapping of strings to strings (key: "value" lines).`);
      return undefined;
    }
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const pair of node.items) {
      const k = isScalar(pair.key) ? pair.key.value : undefined;
      const v = this.deref(pair.value as Node | null) ?? null;
      if (typeof k !== 'string') {
        this.fail(
          pair.key as Node,
          `'${path}' has a key that is not a string (${String(k)}); quote it.`,
        );
        continue;
      }
      const text =
        isScalar(v) && (!strict || typeof v.value === 'string')
          ? scalarText(v, this.unterminatedEnd)
          : undefined;
      if (text === undefined) {
        const hint = isScalar(v) ? `; quote the value ${quoteHint(v.value)}` : '';
        this.fail(v ?? (pair.key as Node), `'${path}.${k}' must be a string${hint}.`);
        continue;
      }
      out[k] = text;
    }
    return out;
  }

  /** A list of strings. */
  stringList(
    parent: Node | undefined,
    key: string,
    path: string,
    required: boolean,
  ): string[] | undefined {
    const node = this.child(parent, key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.missing(parent, key, path);
      return undefined;
    }
    if (!isSeq(node)) {
      this.fail(node, `'${path}' must be a list of strings ("- value" lines).`);
      return undefined;
    }
    const out: string[] = [];
    node.items.forEach((raw, i) => {
      const item = this.deref(raw as Node);
      const text = isScalar(item) ? scalarText(item, this.unterminatedEnd) : undefined;
      if (text !== undefined) out.push(text);
      else
        this.fail(
          item as Node,
          `'${path}[${i}]' must be a string${isMap(item) ? ' (object manifests are the pre-2024 Template form: write each manifest as a block string, `- |`)' : ''}.`,
        );
    });
    return out;
  }

  /** A list of mappings, each returned as its node. */
  mappingList(
    parent: Node | undefined,
    key: string,
    path: string,
    required: boolean,
  ): Node[] | undefined {
    const node = this.child(parent, key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.missing(parent, key, path);
      return undefined;
    }
    if (!isSeq(node)) {
      this.fail(node, `'${path}' must be a list ("- " items).`);
      return undefined;
    }
    const out: Node[] = [];
    node.items.forEach((raw, i) => {
      const item = this.deref(raw as Node);
      if (isMap(item)) out.push(item);
      else this.fail(item as Node, `'${path}[${i}]' must be a mapping.`);
    });
    return out;
  }

  /** A mapping field, returned as its node. */
  mapping(
    parent: Node | undefined,
    key: string,
    path: string,
    required: boolean,
  ): Node | undefined {
    const node = this.child(parent, key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.missing(parent, key, path);
      return undefined;
    }
    if (!isMap(node)) {
      this.fail(node, `'${path}' must be a mapping (key: value lines).`);
      return undefined;
    }
    return node;
  }
}

/**
 * The string a Go YAML decoder puts into a string field: strings as parsed, other plain scalars
 * (numbers, booleans) as written in the source, null as absent. A literal/folded block that ends the
 * file without a final newline has no line break to keep (go-yaml yields none; the `yaml` package
 * adds one).
 */
function scalarText(node: Scalar, unterminatedEnd: number): string | undefined {
  if (node.value === null || node.value === undefined) return undefined;
  if (typeof node.value === 'string') {
    const blocky = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
    const endsFile = unterminatedEnd >= 0 && !!node.range && node.range[1] >= unterminatedEnd;
    if (blocky && endsFile && node.value.endsWith('\n')) {
      return node.value.slice(0, -1);
    }
    return node.value;
  }
  if (
    typeof node.value === 'number' ||
    typeof node.value === 'boolean' ||
    typeof node.value === 'bigint'
  ) {
    return typeof node.source === 'string' ? node.source : String(node.value);
  }
  return undefined;
}

function quoteHint(value: unknown): string {
  return `"${String(value)}"`;
}
