import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  parseAllDocuments,
  type Document,
  type Node,
  type Scalar,
  type ScalarTag,
  type YAMLMap,
} from 'yaml';
import { GoInt, GoMap, type GoKey, type GoValue } from '../go/values.ts';
import { INT64_MAX, isGoTimestamp, resolvePlain, shortTagOf } from './resolve.ts';

/**
 * gopkg.in/yaml.v2 `yaml.Unmarshal` into `interface{}`. The `yaml` package parses (failsafe
 * schema, so every scalar arrives as its source text); this module re-does what go-yaml v2's
 * decoder does on top: YAML 1.1 typing, map[interface {}]interface {} mappings, aliases decoded
 * afresh at each use, `<<` merges (applied in place, later entries winning), its errors.
 */

const TAG_PREFIX = 'tag:yaml.org,2002:';

/** Tags the `yaml` package must leave as text; go-yaml v2 semantics are applied afterwards. */
const PASS_THROUGH_TAGS: ScalarTag[] = ['bool', 'int', 'float', 'null', 'timestamp', 'binary'].map(
  (name) => ({ tag: TAG_PREFIX + name, default: false, resolve: (text: string) => text }),
);

const PARSE_OPTIONS = {
  schema: 'failsafe',
  customTags: PASS_THROUGH_TAGS,
  merge: false,
  uniqueKeys: false,
  prettyErrors: false,
} as const;

const STR_TAG = TAG_PREFIX + 'str';
const BINARY_TAG = TAG_PREFIX + 'binary';
const MERGE_TAG = TAG_PREFIX + 'merge';
const FLOAT_TAG = TAG_PREFIX + 'float';
const TIMESTAMP_TAG = TAG_PREFIX + 'timestamp';
/** Tags go-yaml v2 resolves a scalar against (others leave the text a string). */
const RESOLVABLE_TAGS = new Set(
  ['bool', 'int', 'float', 'null', 'timestamp'].map((t) => TAG_PREFIX + t),
);

const IFACE_MAP = 'map[interface {}]interface {}';

// go-yaml v2's defence against alias expansion bombs (decoder.unmarshal).
const ALIAS_RATIO_RANGE_LOW = 400_000;
const ALIAS_RATIO_RANGE_HIGH = 4_000_000;

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_RANGE_LOW) return 0.99;
  if (decodeCount >= ALIAS_RATIO_RANGE_HIGH) return 0.1;
  const range = ALIAS_RATIO_RANGE_HIGH - ALIAS_RATIO_RANGE_LOW;
  return 0.99 - (0.89 * (decodeCount - ALIAS_RATIO_RANGE_LOW)) / range;
}

function fail(message: string): never {
  throw new Error('yaml: ' + message);
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * libyaml (and so go-yaml v2) reads a `-` inside a flow collection that is directly followed by
 * `,`, `]` or `}` as the plain scalar "-"; YAML 1.2 (the `yaml` package) rejects it as a block
 * entry. Such a dash is rewritten as the quoted scalar '-', which decodes to the same string.
 * Quoted scalars and comments are skipped; the text is unchanged when there is nothing to do.
 */
export function quoteFlowDashes(text: string): string {
  if (!/-[,\]}]/.test(text)) return text;
  let out = '';
  let depth = 0;
  let last = 0;
  let prev = '\n';
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "'" || c === '"') {
      // Skip a quoted scalar ('' and \ escapes).
      let j = i + 1;
      while (j < text.length) {
        const d = text.charAt(j);
        if (c === '"' && d === '\\') j += 2;
        else if (d === c && c === "'" && text.charAt(j + 1) === "'") j += 2;
        else if (d === c) break;
        else j++;
      }
      i = j;
      prev = c;
      continue;
    }
    if (c === '#' && (prev === ' ' || prev === '\t' || prev === '\n')) {
      while (i + 1 < text.length && text.charAt(i + 1) !== '\n') i++;
      prev = ' ';
      continue;
    }
    if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && depth > 0) depth--;
    else if (c === '-' && depth > 0 && /[,\]}]/.test(text.charAt(i + 1)) && /[\s,[{:]/.test(prev)) {
      out += text.slice(last, i) + "'-'";
      last = i + 1;
    }
    if (c !== ' ' && c !== '\t') prev = c;
    else if (prev !== '\n') prev = ' ';
  }
  return last === 0 ? text : out + text.slice(last);
}

/** A tagged scalar, resolved as go-yaml v2's resolve(tag, value) does. */
function resolveTagged(tag: string, text: string): GoValue {
  const value = resolvePlain(text, true);
  let resolvedTag = shortTagOf(value);
  if (tag === TIMESTAMP_TAG && isGoTimestamp(text)) resolvedTag = '!!timestamp';
  const wanted = '!!' + tag.slice(TAG_PREFIX.length);
  if (resolvedTag === wanted) {
    // A timestamp reaches interface{} as its text, for backward compatibility.
    return resolvedTag === '!!timestamp' ? text : (value ?? null);
  }
  if (tag === FLOAT_TAG && typeof value === 'bigint' && value <= INT64_MAX) return Number(value);
  return fail(`cannot decode ${resolvedTag} \`${text}\` as a ${wanted}`);
}

function decodeBinary(text: string): string {
  let bytes: string;
  try {
    bytes = atob(text.replace(/[\r\n]/g, ''));
  } catch {
    return fail('!!binary value contains invalid base64 data');
  }
  const array = Uint8Array.from(bytes, (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(array);
}

function decodeScalar(node: Scalar): GoValue {
  const text = node.source ?? String(node.value);
  const tag = node.tag;
  if (tag === undefined) {
    // Only untagged plain scalars are implicit; quoted and block scalars stay strings.
    if (node.type !== 'PLAIN') return text;
    const value = resolvePlain(text, true);
    return value === undefined ? text : value;
  }
  if (tag === BINARY_TAG) return decodeBinary(text);
  if (tag === STR_TAG || !RESOLVABLE_TAGS.has(tag)) return text;
  return resolveTagged(tag, text);
}

/** The key `<<` (plain and untagged, or tagged !!merge) merges mappings into its mapping. */
function isMergeKey(node: unknown): boolean {
  if (!isScalar(node) || node.source !== '<<') return false;
  return node.tag === MERGE_TAG || (node.type === 'PLAIN' && (node.tag ?? '!') === '!');
}

class Decoder {
  private readonly doc: Document;
  private readonly activeAliases = new Set<unknown>();
  private aliasDepth = 0;
  private aliasCount = 0;
  private decodeCount = 0;

  constructor(doc: Document) {
    this.doc = doc;
  }

  private count(): void {
    this.decodeCount++;
    if (this.aliasDepth > 0) this.aliasCount++;
    if (
      this.aliasCount > 100 &&
      this.decodeCount > 1000 &&
      this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)
    ) {
      fail('document contains excessive aliasing');
    }
  }

  /** Follows an alias, refusing one whose anchored node contains the alias itself. */
  private viaAlias<T>(node: Node, use: (target: Node) => T): T {
    if (!isAlias(node)) return use(node);
    if (this.activeAliases.has(node)) fail(`anchor '${node.source}' value contains itself`);
    const target = node.resolve(this.doc);
    if (target === undefined) fail(`unknown anchor '${node.source}' referenced`);
    this.activeAliases.add(node);
    this.aliasDepth++;
    try {
      this.count();
      return use(target as Node);
    } finally {
      this.aliasDepth--;
      this.activeAliases.delete(node);
    }
  }

  decode(node: Node | null | undefined): GoValue {
    if (node === null || node === undefined) return null;
    this.count();
    return this.viaAlias(node, (target) => {
      if (isScalar(target)) return decodeScalar(target);
      if (isSeq(target)) return target.items.map((item) => this.decode(item as Node | null));
      if (isMap(target)) {
        const out = new GoMap([], IFACE_MAP);
        this.fillMapping(target, out);
        return out;
      }
      return null;
    });
  }

  private fillMapping(node: YAMLMap, out: GoMap): void {
    for (const pair of node.items) {
      if (isMergeKey(pair.key)) {
        this.merge(pair.value as Node | null, out);
        continue;
      }
      const key = this.decode(pair.key as Node | null);
      if (Array.isArray(key) || key instanceof GoMap) {
        fail(`invalid map key: ${Array.isArray(key) ? '[]interface {}' : key.type}`);
      }
      // Duplicate keys are not an error in yaml.v2: the later one wins.
      // A uint64 key (above MaxInt64) keys the map by its number.
      out.entries.set(
        (key instanceof GoInt ? key.value : key) as GoKey,
        this.decode(pair.value as Node | null),
      );
    }
  }

  /** Decodes a mapping (or an alias of one) into an existing map, as a merge does. */
  private mergeOne(node: Node, out: GoMap): void {
    this.count();
    this.viaAlias(node, (target) => {
      if (!isMap(target)) fail('map merge requires map or sequence of maps as the value');
      this.fillMapping(target, out);
    });
  }

  private merge(node: Node | null, out: GoMap): void {
    if (node !== null && (isMap(node) || isAlias(node))) {
      this.mergeOne(node, out);
    } else if (node !== null && isSeq(node)) {
      // Earlier mappings take precedence, so they are applied last.
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item = node.items[i] as Node;
        if (!isMap(item) && !isAlias(item)) {
          fail('map merge requires map or sequence of maps as the value');
        }
        this.mergeOne(item, out);
      }
    } else {
      fail('map merge requires map or sequence of maps as the value');
    }
  }
}

/**
 * What gopkg.in/yaml.v2 `yaml.Unmarshal(text, &v)` leaves in an `interface{}` `v`: mappings as
 * map[interface {}]interface {} (keys may be bool, int, float or nil), sequences, YAML 1.1
 * scalars (`yes`/`on`/`y` booleans, `0777` octal, `1_000`), ints as bigint, floats as number.
 * Only the first document counts. Throws `yaml: …` errors where yaml.v2 fails.
 */
export function parseYaml11(text: string): GoValue {
  const docs = parseAllDocuments(quoteFlowDashes(text), PARSE_OPTIONS);
  const doc = docs[0];
  if (doc === undefined) {
    const error = 'errors' in docs ? docs.errors[0] : undefined;
    if (error !== undefined) fail(`line ${lineOf(text, error.pos[0])}: ${error.message}`);
    return null;
  }
  const error = doc.errors[0];
  if (error !== undefined) fail(`line ${lineOf(text, error.pos[0])}: ${error.message}`);
  return new Decoder(doc).decode(doc.contents as Node | null);
}
