import { isMap, isScalar, isSeq, type LineCounter, type Node } from 'yaml';
import type { ProblemList } from './problem.ts';

/**
 * Typed, position-aware reads from one YAML object. Every read that fails records a problem naming
 * the file, the line of the offending node, the object and the field, so that a broken file yields
 * every mistake at once (D8) instead of the first.
 */
export class ObjectReader {
  readonly file: string;
  readonly object: string;
  private readonly lines: LineCounter;
  private readonly problems: ProblemList;

  constructor(file: string, object: string, lines: LineCounter, problems: ProblemList) {
    this.file = file;
    this.object = object;
    this.lines = lines;
    this.problems = problems;
  }

  lineOf(node: Node | null | undefined, fallback = 1): number {
    const offset = node?.range?.[0];
    return offset === undefined ? fallback : this.lines.linePos(offset).line;
  }

  fail(node: Node | null | undefined, message: string): void {
    this.problems.add({ file: this.file, line: this.lineOf(node), object: this.object, message });
  }

  /** The node at a dotted field path below `node`, or undefined when any step is missing. */
  child(node: Node | null | undefined, key: string): Node | undefined {
    if (!isMap(node)) return undefined;
    for (const pair of node.items) {
      if (isScalar(pair.key) && String(pair.key.value) === key)
        return (pair.value as Node | null) ?? undefined;
    }
    return undefined;
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
      if (required) this.fail(parent, `'${path}' is required.`);
      return undefined;
    }
    if (!isScalar(node) || typeof node.value !== 'string') {
      this.fail(
        node,
        `'${path}' must be a string${isScalar(node) ? `; quote the value ${quoteHint(node.value)}` : ''}.`,
      );
      return undefined;
    }
    return node.value;
  }

  /** A map of string to string (labels, manifests, ConfigMap data). */
  stringMap(
    parent: Node | undefined,
    key: string,
    path: string,
    required: boolean,
  ): Record<string, string> | undefined {
    const node = this.child(parent, key);
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (required) this.fail(parent, `'${path}' is required.`);
      return undefined;
    }
    if (!isMap(node)) {
      this.fail(node, `'${path}' must be a mapping of strings to strings.`);
      return undefined;
    }
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const pair of node.items) {
      const k = isScalar(pair.key) ? pair.key.value : undefined;
      const v = pair.value as Node | null;
      if (typeof k !== 'string') {
        this.fail(
          pair.key as Node,
          `'${path}' has a key that is not a string (${String(k)}); quote it.`,
        );
        continue;
      }
      if (!isScalar(v) || typeof v.value !== 'string') {
        const hint = isScalar(v) ? `; quote the value ${quoteHint(v.value)}` : '';
        this.fail(v ?? (pair.key as Node), `'${path}.${k}' must be a string${hint}.`);
        continue;
      }
      out[k] = v.value;
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
      if (required) this.fail(parent, `'${path}' is required.`);
      return undefined;
    }
    if (!isSeq(node)) {
      this.fail(node, `'${path}' must be a list of strings.`);
      return undefined;
    }
    const out: string[] = [];
    node.items.forEach((item, i) => {
      if (isScalar(item) && typeof item.value === 'string') out.push(item.value);
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
      if (required) this.fail(parent, `'${path}' is required.`);
      return undefined;
    }
    if (!isSeq(node)) {
      this.fail(node, `'${path}' must be a list.`);
      return undefined;
    }
    const out: Node[] = [];
    node.items.forEach((item, i) => {
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
      if (required) this.fail(parent, `'${path}' is required.`);
      return undefined;
    }
    if (!isMap(node)) {
      this.fail(node, `'${path}' must be a mapping.`);
      return undefined;
    }
    return node;
  }
}

function quoteHint(value: unknown): string {
  return `"${String(value)}"`;
}
