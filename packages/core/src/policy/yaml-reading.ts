import { isMap, isScalar, isSeq, type LineCounter, type Node, type YAMLMap } from 'yaml';
import { didYouMean } from '../model/did-you-mean.ts';
import type { Problem } from '../model/problem.ts';

/**
 * Line-aware reads for the policy files (`.github/promotion-chain.yaml`, `.kalypso/locks.yaml`):
 * every failed read records a problem with the file, line and object, so one pass reports every
 * mistake (docs/decisions/all-problems-at-once.md).
 */
export class PolicyReader {
  readonly problems: Problem[] = [];
  readonly warnings: Problem[] = [];

  readonly file: string;
  private readonly lines: LineCounter;

  constructor(file: string, lines: LineCounter) {
    this.file = file;
    this.lines = lines;
  }

  lineOf(node: Node | null | undefined): number | undefined {
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : this.lines.linePos(offset).line;
  }

  fail(node: Node | null | undefined, object: string | undefined, message: string): void {
    this.problems.push(this.problem(node, object, message));
  }

  warn(node: Node | null | undefined, object: string | undefined, message: string): void {
    this.warnings.push({ ...this.problem(node, object, message), severity: 'warning' });
  }

  private problem(node: Node | null | undefined, object: string | undefined, message: string) {
    const line = this.lineOf(node);
    return {
      file: this.file,
      ...(line !== undefined ? { line } : {}),
      ...(object !== undefined ? { object } : {}),
      message,
    };
  }

  /**
   * Checks the keys of a mapping against the known ones. A near miss of a known key is an error
   * (a misspelled rule would be ignored and leave the environment open); any other unknown key is
   * a warning (a key of a newer version of the format). See docs/decisions/promotion-windows.md.
   */
  checkKeys(
    map: YAMLMap,
    known: readonly string[],
    object: string | undefined,
    where: string,
  ): void {
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined) {
        this.fail(pair.key as Node, object, `${where} has a key that is not a plain name.`);
        continue;
      }
      if (known.includes(key)) continue;
      const near = didYouMean(key, known);
      if (near)
        this.fail(
          pair.key as Node,
          object,
          `unknown key '${clip(key)}' in ${where}; did you mean '${near}'? A misspelled rule would be ignored, so this is an error.`,
        );
      else
        this.warn(
          pair.key as Node,
          object,
          `unknown key '${clip(key)}' in ${where} is ignored; the keys are ${known.join(', ')}.`,
        );
    }
  }

  /** The value node of `key` in a mapping, or undefined (also for an explicit null). */
  value(map: YAMLMap, key: string): Node | undefined {
    for (const pair of map.items) {
      if (isScalar(pair.key) && String(pair.key.value) === key) {
        const value = pair.value as Node | null;
        if (value === null || (isScalar(value) && value.value === null)) return undefined;
        return value;
      }
    }
    return undefined;
  }

  /** The text of a scalar (numbers and booleans as written), or a problem and undefined. */
  text(node: Node, object: string | undefined, field: string): string | undefined {
    if (isScalar(node)) {
      const v = node.value;
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint')
        return typeof node.source === 'string' ? node.source : String(v);
    }
    this.fail(node, object, `'${field}' must be a single value, not a ${kindOf(node)}.`);
    return undefined;
  }

  /** The mapping at `node`, or a problem and undefined. */
  mapping(
    node: Node,
    object: string | undefined,
    field: string,
    example: string,
  ): YAMLMap | undefined {
    if (isMap(node)) return node;
    this.fail(node, object, `'${field}' must be a mapping (key: value lines), e.g. ${example}.`);
    return undefined;
  }

  /** The items of the list at `node`, or a problem and undefined. */
  list(node: Node, object: string | undefined, field: string, max: number): Node[] | undefined {
    if (!isSeq(node)) {
      this.fail(node, object, `'${field}' must be a list ("- " items).`);
      return undefined;
    }
    if (node.items.length > max) {
      this.fail(
        node,
        object,
        `'${field}' has ${node.items.length} items; at most ${max} are allowed.`,
      );
      return undefined;
    }
    return node.items as Node[];
  }

  /** A one-line text of at most `max` characters (it ends up in statuses and commit trailers). */
  line(node: Node, object: string | undefined, field: string, max: number): string | undefined {
    const text = this.text(node, object, field);
    if (text === undefined) return undefined;
    const trimmed = text.trim();
    if (trimmed.length === 0) {
      this.fail(node, object, `'${field}' is empty; write a short text or remove the key.`);
      return undefined;
    }
    if (trimmed.length > max || /[\u0000-\u001f\u007f]/.test(trimmed)) {
      this.fail(
        node,
        object,
        `'${field}' must be one line of at most ${max} characters (it is shown in commit statuses and trailers).`,
      );
      return undefined;
    }
    return trimmed;
  }
}

function kindOf(node: Node): string {
  return isMap(node) ? 'mapping' : isSeq(node) ? 'list' : 'value';
}

export function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
