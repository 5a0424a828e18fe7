/**
 * ajv errors → gojsonschema 1.2.0 error lines (`<field>: <description>`), in the order
 * gojsonschema reports them (docs/kalypso-compatibility.md#schema-validation).
 *
 * gojsonschema walks each schema node in a fixed keyword order (type; anyOf, oneOf, allOf, not,
 * dependencies, if; then the checks for the instance's type; object properties last) and stops at
 * a node whose type does not match. Each ajv error is placed in that walk by following its schema
 * path from the root (refs are inlined beforehand), which yields a sort key. Where Go iterates a
 * map (schema `properties`, instance keys) the order is random in Go; we use the schema's
 * document order and the sorted instance keys. For a failed anyOf/oneOf/contains gojsonschema
 * reports the errors of the "closest" branch by an internal score; we take the branch with the
 * fewest errors (the first on ties).
 */
import type { ErrorObject } from 'ajv';
import type { JsonValue } from '@kalypso/gotemplate/go';
import { describeError, type GoError } from './schema-messages.ts';

type JsonObject = { [key: string]: JsonValue };

interface Placed {
  readonly error: ErrorObject;
  readonly field: string;
  readonly key: number[];
  /** `schemaNodePath|instancePath` of every node evaluated on the way, the last one included. */
  readonly visits: string[];
  readonly branches: {
    kind: string;
    at: string;
    index: number;
    key: number[];
    /** Index in `visits` of the branch's own root node. */
    depth: number;
  }[];
  /** The schema node and instance value the error's keyword applies to. */
  node: JsonValue;
  value: JsonValue;
}

const LAST = 1e9;

/** gojsonschema's lines (without the `- ` prefix) for ajv's `errors` of one validation. */
export function gojsonschemaLines(
  errors: readonly ErrorObject[],
  schema: JsonValue,
  data: JsonValue,
): string[] {
  let placed = errors.map((error) => place(error, schema, data));
  placed = pruneAfterTypeErrors(placed);
  placed = keepClosestBranches(placed);
  const goErrors = placed.flatMap(describeError);
  goErrors.push(...allOfErrors(placed));
  return goErrors
    .map((error, index) => ({ error, index }))
    .sort((a, b) => compareKeys(a.error.key, b.error.key) || a.index - b.index)
    .map(({ error }) => `${error.field}: ${error.description}`);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return a.length - b.length;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pointerSegments(pointer: string, uriEncoded: boolean): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer
    .replace(/^#?\//, '')
    .split('/')
    .map((s) =>
      (uriEncoded ? decodeURIComponent(s) : s).replaceAll('~1', '/').replaceAll('~0', '~'),
    );
}

/** Position of `key` among the instance object's keys in byte order (Go's order is random). */
function keyIndex(value: JsonValue, key: unknown): number {
  if (!isObject(value) || typeof key !== 'string') return 0;
  return Object.keys(value).sort().indexOf(key);
}

function keysOf(node: JsonValue, keyword: string): string[] {
  return isObject(node) && isObject(node[keyword]) ? Object.keys(node[keyword]) : [];
}

function child(node: JsonValue, segment: string): JsonValue {
  if (Array.isArray(node)) return node[Number(segment)] ?? null;
  return isObject(node) ? (node[segment] ?? null) : null;
}

const COMBINATORS: Readonly<Record<string, number>> = { anyOf: 1, oneOf: 2, allOf: 3 };
const CONDITIONAL: Readonly<Record<string, number>> = { if: 0, then: 1, else: 2 };

/** Follows the error's schema path from the root, building its sort key. */
function place(error: ErrorObject, schema: JsonValue, data: JsonValue): Placed {
  const path = pointerSegments(error.schemaPath, true);
  const instance = pointerSegments(error.instancePath, false);
  let consumed = 0;
  let nodePath = '#';
  const p: Placed = {
    error,
    field: instance.length === 0 ? '(root)' : instance.join('.'),
    key: [],
    visits: [],
    branches: [],
    node: schema,
    value: data,
  };
  const at = (): string => `${nodePath}|${instance.slice(0, consumed).join('/')}`;
  const consume = (): string => {
    const segment = instance[consumed++] ?? '';
    p.value = child(p.value, segment);
    return segment;
  };
  p.visits.push(at());
  const terminal = error.keyword === 'false schema' ? path.length : path.length - 1;
  for (let i = 0; i < terminal; i++) {
    const start = i;
    const keyword = path[i] ?? '';
    const node = p.node;
    const parentValue = p.value;
    let next: JsonValue = null;
    if (keyword === 'properties') {
      const name = path[++i] ?? '';
      p.key.push(30, keysOf(node, keyword).indexOf(name));
      next = child(child(node, keyword), name);
      consume();
    } else if (keyword === 'patternProperties') {
      const pattern = path[++i] ?? '';
      const key = consume();
      p.key.push(13, keyIndex(parentValue, key), keysOf(node, keyword).indexOf(pattern));
      next = child(child(node, keyword), pattern);
    } else if (keyword === 'additionalProperties' || keyword === 'additionalItems') {
      const key = consume();
      p.key.push(keyword === 'additionalItems' ? 10 : 13, keyIndex(parentValue, key), LAST);
      next = child(node, keyword);
    } else if (keyword === 'items') {
      next = child(node, keyword);
      if (Array.isArray(next)) next = child(next, path[++i] ?? '');
      p.key.push(10, Number(consume()));
    } else if (keyword === 'contains') {
      const where = at();
      const index = Number(consume());
      p.branches.push({ kind: keyword, at: where, index, key: [...p.key], depth: p.visits.length });
      p.key.push(14, 0, index);
      next = child(node, keyword);
    } else if (keyword === 'propertyNames') {
      p.key.push(14, keyIndex(parentValue, error.propertyName), 1);
      next = child(node, keyword);
      p.value = error.propertyName ?? '';
    } else if (keyword in COMBINATORS) {
      const index = Number(path[++i]);
      p.branches.push({ kind: keyword, at: at(), index, key: [...p.key], depth: p.visits.length });
      p.key.push(COMBINATORS[keyword] ?? 0, index);
      next = child(child(node, keyword), String(index));
    } else if (keyword in CONDITIONAL) {
      p.key.push(6, CONDITIONAL[keyword] ?? 0);
      next = child(node, keyword);
    } else if (keyword === 'dependencies') {
      const property = path[++i] ?? '';
      p.key.push(5, keyIndex(parentValue, property));
      next = child(child(node, keyword), property);
    } else {
      p.key.push(LAST);
    }
    nodePath += `/${path.slice(start, i + 1).join('/')}`;
    p.node = next;
    p.visits.push(at());
  }
  p.key.push(...terminalRank(p));
  return p;
}

/** Rank of the failing keyword within gojsonschema's checks for the instance's type. */
function terminalRank(p: Placed): number[] {
  const { keyword, params } = p.error as { keyword: string; params: Record<string, unknown> };
  const early: Readonly<Record<string, number[]>> = {
    type: [0],
    'false schema': [0],
    anyOf: [1, -1],
    oneOf: [2, -1],
    not: [4],
    dependencies: [5, keyIndex(p.value, params.property), 0],
    if: [6, -1],
    const: [20],
    enum: [21],
  };
  if (early[keyword]) return early[keyword];
  const v = p.value;
  if (isObject(v)) {
    const required = isObject(p.node) && Array.isArray(p.node.required) ? p.node.required : [];
    const ranks: Readonly<Record<string, number[]>> = {
      minProperties: [10],
      maxProperties: [11],
      required: [12, required.indexOf(params.missingProperty as string)],
      additionalProperties: [13, keyIndex(v, params.additionalProperty), LAST],
      propertyNames: [14, keyIndex(v, params.propertyName), 0],
    };
    return ranks[keyword] ?? [LAST];
  }
  if (Array.isArray(v)) {
    const ranks: Readonly<Record<string, number[]>> = {
      additionalItems: [10, LAST],
      minItems: [11],
      maxItems: [12],
      uniqueItems: [13],
      contains: [14, -1],
    };
    return ranks[keyword] ?? [LAST];
  }
  if (typeof v === 'number') {
    const comparison: Readonly<Record<string, number>> = { '<=': 11, '<': 12, '>=': 13, '>': 14 };
    if (keyword === 'multipleOf') return [10];
    if (keyword === 'format') return [15];
    return [comparison[params.comparison as string] ?? LAST];
  }
  const stringRanks: Readonly<Record<string, number>> = {
    minLength: 30,
    maxLength: 31,
    pattern: 32,
    format: 33,
  };
  return [stringRanks[keyword] ?? LAST];
}

/** gojsonschema stops at a node whose type does not match: nothing else from that node. */
function pruneAfterTypeErrors(placed: Placed[]): Placed[] {
  const stops = new Set(
    placed
      .filter((p) => p.error.keyword === 'type' || p.error.keyword === 'false schema')
      .map((p) => p.visits[p.visits.length - 1]),
  );
  return placed.filter(
    (p) =>
      p.error.keyword === 'type' ||
      p.error.keyword === 'false schema' ||
      !p.visits.some((visit) => stops.has(visit)),
  );
}

/**
 * For each failed anyOf, oneOf (no branch valid) and contains, keep only the errors of the
 * "closest" branch; a oneOf that failed because several branches passed reports no branch
 * errors. gojsonschema picks the branch with the highest score (checks passed); a branch whose
 * root type mismatches scores 0, so we rank those last, then prefer the fewest errors, then the
 * first branch. Innermost combinators are settled first.
 */
function keepClosestBranches(placed: Placed[]): Placed[] {
  const kinds = new Set(['anyOf', 'oneOf', 'contains']);
  const combinators = placed
    .filter((p) => kinds.has(p.error.keyword))
    .sort((a, b) => b.visits.length - a.visits.length);
  let kept = placed;
  for (const combinator of combinators) {
    const at = combinator.visits[combinator.visits.length - 1];
    const kind = combinator.error.keyword;
    const branchOf = (p: Placed) => p.branches.find((b) => b.kind === kind && b.at === at);
    const weights = new Map<number, number>();
    for (const p of kept) {
      const branch = branchOf(p);
      if (!branch) continue;
      const typeAtRoot = p.error.keyword === 'type' && p.visits.length - 1 === branch.depth;
      weights.set(branch.index, (weights.get(branch.index) ?? 0) + (typeAtRoot ? LAST : 1));
    }
    const passing = (combinator.error.params as { passingSchemas?: unknown }).passingSchemas;
    let best: number | undefined;
    if (passing === undefined || passing === null) {
      for (const [index, weight] of weights) {
        const bestWeight = best === undefined ? Infinity : (weights.get(best) ?? 0);
        if (weight < bestWeight || (weight === bestWeight && index < (best ?? 0))) best = index;
      }
    }
    kept = kept.filter((p) => {
      const index = branchOf(p)?.index;
      return index === undefined || index === best;
    });
  }
  return kept;
}

/** gojsonschema adds one allOf error after the errors of the allOf branches. */
function allOfErrors(placed: readonly Placed[]): GoError[] {
  const seen = new Map<string, GoError>();
  for (const p of placed) {
    for (const branch of p.branches) {
      if (branch.kind !== 'allOf' || seen.has(branch.at)) continue;
      const instancePath = branch.at.slice(branch.at.indexOf('|') + 1);
      seen.set(branch.at, {
        field: instancePath === '' ? '(root)' : instancePath.split('/').join('.'),
        description: 'Must validate all the schemas (allOf)',
        key: [...branch.key, 3, LAST],
      });
    }
  }
  return [...seen.values()];
}
