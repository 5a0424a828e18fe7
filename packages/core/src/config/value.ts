/**
 * One ConfigMap value → a ConfigData value (docs/kalypso-compatibility.md#value-parsing), and merging a value into one collected earlier
 * (docs/kalypso-compatibility.md#merge-rules, docs/kalypso-compatibility.md#merge-examples). Parsed values are shared between assignments, so nothing here mutates its
 * inputs: merges build new arrays and maps, and `cloneConfigValue` hands callers private copies.
 */
import { GoMap, type GoValue, parseYaml11 } from '@kalypso/gotemplate/go';

/**
 * Go's `strings.TrimSpace` set (unicode.IsSpace). JavaScript's `trim` differs: it strips U+FEFF
 * and keeps U+0085.
 */
const GO_SPACE =
  '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const GO_TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g');

/** Go `strings.TrimSpace`. */
export function goTrimSpace(text: string): string {
  return text.replace(GO_TRIM, '');
}

/**
 * The ConfigData value of one ConfigMap value (docs/kalypso-compatibility.md#value-parsing):
 * 1. trimmed text starting and ending with `'` → all leading/trailing `'` stripped, a string;
 * 2. otherwise the untrimmed text parsed as YAML 1.1; a sequence or mapping replaces the text;
 * 3. anything else (scalar, parse error) keeps the original text verbatim.
 */
export function parseConfigValue(text: string): GoValue {
  const trimmed = goTrimSpace(text);
  if (trimmed.startsWith("'") && trimmed.endsWith("'")) {
    return trimmed.replace(/^'+|'+$/g, '');
  }
  let parsed: GoValue;
  try {
    parsed = parseYaml11(text);
  } catch {
    return text;
  }
  return Array.isArray(parsed) || isYamlMap(parsed) ? parsed : text;
}

/**
 * Only go-yaml's `map[interface{}]interface{}` takes part in merging: the original type-asserts
 * exactly that type, and every mapping inside a parsed config value has it.
 */
function isYamlMap(value: GoValue | undefined): value is GoMap {
  return value instanceof GoMap && value.type === 'map[interface {}]interface {}';
}

/**
 * Merges `incoming` into `existing` (docs/kalypso-compatibility.md#merge-rules): two sequences merge by `name`, two mappings merge
 * key by key, anything else is replaced by `incoming`. Returns a new value; inputs are untouched.
 */
export function mergeConfigValue(existing: GoValue, incoming: GoValue): GoValue {
  if (Array.isArray(existing) && Array.isArray(incoming)) {
    return mergeSequences(existing, incoming);
  }
  if (isYamlMap(existing) && isYamlMap(incoming)) {
    const merged = new GoMap(existing.entries, existing.type);
    for (const [key, value] of incoming.entries) {
      const current = merged.entries.get(key);
      // A key present with a nil value still counts as present, as in Go's `v, ok := m[k]`.
      merged.entries.set(key, merged.has(key) ? mergeConfigValue(current ?? null, value) : value);
    }
    return merged;
  }
  return incoming;
}

/**
 * Each incoming mapping is merged into every mapping already in the result whose `name` equals
 * its own (a missing `name` is nil, so nameless mappings all match each other); an element that
 * matched nothing is appended. The scan covers elements appended earlier in the same merge, as the
 * original's loop over the growing slice does.
 */
function mergeSequences(existing: readonly GoValue[], incoming: readonly GoValue[]): GoValue[] {
  const result = existing.slice();
  // Positions of the mappings in `result` by their `name`, so that each incoming item finds its
  // matches without scanning the whole list (linear instead of quadratic in the list length).
  const byName = new Map<string, number[]>();
  const index = (position: number) => {
    const item = result[position] ?? null;
    if (!isYamlMap(item)) return;
    const key = nameKey(item.get('name') ?? null);
    if (key === undefined) return;
    const positions = byName.get(key);
    if (positions) positions.push(position);
    else byName.set(key, [position]);
  };
  for (let i = 0; i < result.length; i++) index(i);
  for (const item of incoming) {
    let matched = false;
    if (isYamlMap(item)) {
      const key = nameKey(item.get('name') ?? null);
      for (const j of key === undefined ? [] : (byName.get(key) ?? [])) {
        result[j] = mergeConfigValue(result[j] ?? null, item);
        matched = true;
      }
    }
    if (!matched) {
      result.push(item);
      index(result.length - 1);
    }
  }
  return result;
}

/**
 * A key that is equal for two `name` values exactly when Go's `==` on the interface values is
 * true: equal dynamic type and value. Go panics when both hold the same uncomparable type (two
 * list or map names); those never match here instead of failing the assignment (undefined).
 */
function nameKey(value: GoValue): string | undefined {
  if (value === null) return 'nil';
  if (typeof value === 'object') return undefined;
  if (typeof value === 'number' && Number.isNaN(value)) return undefined;
  return `${typeof value}:${String(value)}`;
}

/** A deep copy of the structured parts of a value (strings and scalars are immutable anyway). */
export function cloneConfigValue(value: GoValue): GoValue {
  if (Array.isArray(value)) return value.map(cloneConfigValue);
  if (value instanceof GoMap) {
    const copy = new GoMap(undefined, value.type);
    for (const [key, item] of value.entries) copy.entries.set(key, cloneConfigValue(item));
    return copy;
  }
  return value;
}
