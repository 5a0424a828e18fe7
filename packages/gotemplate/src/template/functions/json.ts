/**
 * Go encoding/json over {@link GoValue}s: Marshal / MarshalIndent / Encoder without HTML
 * escaping, and Unmarshal into interface{} (objects → map[string]interface{}, numbers →
 * float64). One deliberate deviation (docs/decisions/sprig3-function-set.md): map[interface{}]interface{} values, which
 * Go refuses to marshal, are written as objects with their keys printed by %v.
 */
import { compareGoStrings, formatFloat, formatValue } from '../../go/format.ts';
import { GoInt, GoMap, GoStruct, isNilSlice, type GoValue } from '../../go/values.ts';
import { chargeSteps, reserve } from '../budget.ts';

export interface JsonOptions {
  /** Escape <, > and & as \u003c etc. (Marshal does, toRawJson does not). */
  readonly escapeHtml: boolean;
  /** MarshalIndent's indent unit, or undefined for compact output. */
  readonly indent?: string;
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0');
}

/** A JSON string literal as encoding/json writes it. */
export function jsonString(s: string, escapeHtml: boolean): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += '\\' + ch;
    else if (cp < 0x20) {
      const short: Record<number, string> = { 8: 'b', 9: 't', 10: 'n', 12: 'f', 13: 'r' };
      out += short[cp] !== undefined ? '\\' + short[cp] : '\\u' + hex4(cp);
    } else if (escapeHtml && (ch === '<' || ch === '>' || ch === '&')) out += '\\u' + hex4(cp);
    else if (cp === 0x2028 || cp === 0x2029) out += '\\u' + hex4(cp);
    // Bytes that are not UTF-8 (lone surrogate stand-ins) become the escape \ufffd.
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd';
    else out += ch;
  }
  return out + '"';
}

// encoding/json's float format: %f-like shortest digits, exponent form outside [1e-6, 1e21).
function jsonFloat(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`json: unsupported value: ${formatValue(x)}`);
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-6 || abs >= 1e21)) {
    // Go trims "e-07" to "e-7".
    return formatFloat(x, 'e', -1).replace(/e([+-])0(\d)$/, 'e$1$2');
  }
  return formatFloat(x, 'f', -1);
}

function encode(value: GoValue, opts: JsonOptions, depth: string): string {
  chargeSteps(1);
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return jsonString(value, opts.escapeHtml);
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      return jsonFloat(value);
  }
  if (value instanceof GoInt) return String(value.value);
  if (Array.isArray(value) && isNilSlice(value)) return 'null';
  // A value with MarshalJSON/MarshalText (`*semver.Version`) encodes as its text; one with only
  // unexported fields as {}.
  if (
    value instanceof GoStruct &&
    (value.marshal === 'text' || value.marshal === 'json-text') &&
    value.text !== undefined
  ) {
    return jsonString(value.text, opts.escapeHtml);
  }
  if (value instanceof GoStruct && value.marshal === 'empty') return '{}';
  const inner = opts.indent === undefined ? undefined : depth + opts.indent;
  const wrap = (open: string, items: string[], close: string): string => {
    if (items.length === 0) return open + close;
    const text =
      inner === undefined
        ? open + items.join(',') + close
        : `${open}\n${inner}${items.join(`,\n${inner}`)}\n${depth}${close}`;
    reserve(text.length);
    return text;
  };
  const colon = opts.indent === undefined ? ':' : ': ';
  const member = (k: string, v: GoValue): string =>
    jsonString(k, opts.escapeHtml) + colon + encode(v, opts, inner ?? '');
  if (Array.isArray(value))
    return wrap(
      '[',
      value.map((v) => encode(v, opts, inner ?? '')),
      ']',
    );
  if (value instanceof GoMap) {
    const entries = [...value.entries].map(
      ([k, v]) => [typeof k === 'string' ? k : formatValue(k), v] as const,
    );
    entries.sort((x, y) => compareGoStrings(x[0], y[0]));
    return wrap(
      '{',
      entries.map(([k, v]) => member(k, v)),
      '}',
    );
  }
  const struct: GoStruct = value;
  return wrap(
    '{',
    [...struct.fields].map(([k, v]) => member(k, v)),
    '}',
  );
}

/**
 * Whether a value holds a map[interface{}]interface{} (a mapping parsed from a config value)
 * anywhere: Go's encoding/json refuses to marshal it (`json: unsupported type: map[interface
 * {}]interface {}`), so the operator's toJson prints "" for it.
 */
export function hasInterfaceKeyedMap(value: GoValue): boolean {
  chargeSteps(1);
  if (Array.isArray(value)) return value.some(hasInterfaceKeyedMap);
  if (value instanceof GoMap) {
    if (value.type === 'map[interface {}]interface {}') return true;
    for (const v of value.entries.values()) if (hasInterfaceKeyedMap(v)) return true;
    return false;
  }
  if (value instanceof GoStruct && value.marshal === 'fields') {
    for (const v of value.fields.values()) if (hasInterfaceKeyedMap(v)) return true;
  }
  return false;
}

/** json.Marshal / MarshalIndent("", indent); throws Go's error for NaN and ±Inf. */
export function marshalJson(value: GoValue, opts: JsonOptions): string {
  return encode(value, opts, '');
}

function toGo(value: unknown): GoValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map(toGo);
  const entries = Object.entries(value as Record<string, unknown>);
  return new GoMap(
    entries.map(([k, v]) => [k, toGo(v)] as const),
    'map[string]interface {}',
  );
}

/**
 * json.Unmarshal into interface{}. Error texts follow Go's for the common cases
 * (`unexpected end of JSON input`, `invalid character 'x' …`).
 */
export function unmarshalJson(text: string): GoValue {
  try {
    return toGo(JSON.parse(text) as unknown);
  } catch {
    throw new Error(jsonSyntaxError(text));
  }
}

function jsonSyntaxError(text: string): string {
  if (text.trim() === '') return 'unexpected end of JSON input';
  // Find the first character JSON.parse would reject by growing a valid prefix is costly;
  // report the first non-JSON character of the value start, as Go does for most inputs.
  const first = text.trimStart()[0] ?? '';
  if (!'{["-0123456789tfn'.includes(first)) {
    return `invalid character '${first}' looking for beginning of value`;
  }
  return 'unexpected end of JSON input';
}
