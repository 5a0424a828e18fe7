/**
 * The parts of Go's `encoding/json` that show through in schema validation messages (docs/kalypso-compatibility.md#schema-validation):
 * the decoder's syntax errors for a ConfigSchema, `json.Marshal`'s refusal of ±Inf/NaN, and the
 * marshalled form gojsonschema prints for `enum`/`const` values.
 */
import { GoInt, GoMap, GoStruct, type GoKey, type GoValue } from './values.ts';
import { formatGoFloat } from './strconv.ts';

/** A decoded JSON value. */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Thrown when a value has no JSON form; `message` is Go's text. */
export class UnsupportedJsonValue extends Error {}

/**
 * Checks `text` the way `json.NewDecoder(r).Decode` reads its first value. Returns the offset
 * just after that value (the decoder never looks further, so trailing text is not an error), or
 * Go's error message: `invalid character 'y' in literal true (expecting 'r')`, `unexpected EOF`,
 * `EOF` for blank input.
 */
export function scanGoJson(text: string): { end: number } | { error: string } {
  const scanner = new GoJsonScanner(text);
  try {
    scanner.skipSpace();
    if (scanner.pos >= text.length) return { error: 'EOF' };
    scanner.value();
    return { end: scanner.pos };
  } catch (error) {
    if (error instanceof GoJsonSyntax) return { error: error.message };
    throw error;
  }
}

class GoJsonSyntax extends Error {}

const LITERALS: Readonly<Record<string, string>> = { t: 'true', f: 'false', n: 'null' };

class GoJsonScanner {
  pos = 0;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  skipSpace(): void {
    while (' \t\r\n'.includes(this.#text[this.pos] ?? 'x')) this.pos++;
  }

  /** The next character; running out of input inside a value is Go's `unexpected EOF`. */
  #peek(): string {
    const c = this.#text[this.pos];
    if (c === undefined) throw new GoJsonSyntax('unexpected EOF');
    return c;
  }

  #fail(context: string): never {
    throw new GoJsonSyntax(`invalid character ${quoteChar(this.#peek())} ${context}`);
  }

  value(): void {
    const c = this.#peek();
    if (c === '{') return this.#object();
    if (c === '[') return this.#array();
    if (c === '"') return this.#string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.#number();
    const literal = LITERALS[c];
    if (!literal) this.#fail('looking for beginning of value');
    this.pos++;
    for (const expected of literal.slice(1)) {
      if (this.#peek() !== expected) this.#fail(`in literal ${literal} (expecting '${expected}')`);
      this.pos++;
    }
  }

  #object(): void {
    this.pos++;
    this.skipSpace();
    if (this.#peek() === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      if (this.#peek() !== '"') this.#fail('looking for beginning of object key string');
      this.#string();
      this.skipSpace();
      if (this.#peek() !== ':') this.#fail('after object key');
      this.pos++;
      this.skipSpace();
      this.value();
      this.skipSpace();
      const c = this.#peek();
      this.pos++;
      if (c === '}') return;
      if (c !== ',') {
        this.pos--;
        this.#fail('after object key:value pair');
      }
      this.skipSpace();
    }
  }

  #array(): void {
    this.pos++;
    this.skipSpace();
    if (this.#peek() === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      this.skipSpace();
      const c = this.#peek();
      this.pos++;
      if (c === ']') return;
      if (c !== ',') {
        this.pos--;
        this.#fail('after array element');
      }
      this.skipSpace();
    }
  }

  #string(): void {
    this.pos++;
    for (;;) {
      const c = this.#peek();
      this.pos++;
      if (c === '"') return;
      if (c < ' ') {
        this.pos--;
        this.#fail('in string literal');
      }
      if (c !== '\\') continue;
      const escape = this.#peek();
      if ('"\\/bfnrt'.includes(escape)) {
        this.pos++;
      } else if (escape === 'u') {
        this.pos++;
        for (let i = 0; i < 4; i++) {
          if (!/[0-9a-fA-F]/.test(this.#peek())) this.#fail('in \\u hexadecimal character escape');
          this.pos++;
        }
      } else {
        this.#fail('in string escape code');
      }
    }
  }

  #number(): void {
    if (this.#peek() === '-') {
      this.pos++;
      if (!/[0-9]/.test(this.#peek())) this.#fail('in numeric literal');
    }
    // A leading 0 ends the integer part; what follows is judged by the enclosing value.
    if (this.#text[this.pos] === '0') this.pos++;
    else this.#digits();
    if (this.#text[this.pos] === '.') {
      this.pos++;
      if (!/[0-9]/.test(this.#peek())) this.#fail('after decimal point in numeric literal');
      this.#digits();
    }
    if (this.#text[this.pos] === 'e' || this.#text[this.pos] === 'E') {
      this.pos++;
      if (this.#peek() === '+' || this.#peek() === '-') this.pos++;
      if (!/[0-9]/.test(this.#peek())) this.#fail('in exponent of numeric literal');
      this.#digits();
    }
  }

  #digits(): void {
    while (/[0-9]/.test(this.#text[this.pos] ?? '')) this.pos++;
  }
}

/** Go's `quoteChar`: the offending byte as Go prints it (the first UTF-8 byte for non-ASCII). */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return `'"'`;
  const code = c.codePointAt(0) ?? 0;
  const named: Readonly<Record<number, string>> = {
    7: '\\a',
    8: '\\b',
    9: '\\t',
    10: '\\n',
    11: '\\v',
    12: '\\f',
    13: '\\r',
    92: '\\\\',
  };
  if (named[code]) return `'${named[code]}'`;
  if (code >= 0x20 && code < 0x7f) return `'${c}'`;
  const firstByte = code < 0x80 ? code : (new TextEncoder().encode(c)[0] ?? 0);
  return `'\\x${firstByte.toString(16).padStart(2, '0')}'`;
}

/**
 * A Go value as `json.Marshal` would see it. Go refuses ±Inf and NaN with
 * `json: unsupported value: +Inf`; map keys that go-yaml typed as bool or number are printed as
 * text (Go's encoder would refuse such maps outright — we accept them, see the schema module).
 */
export function toJsonValue(value: GoValue): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof GoInt) return Number(value.value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new UnsupportedJsonValue(`json: unsupported value: ${formatGoFloat(value)}`);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(toJsonValue);
  const object: { [key: string]: JsonValue } = Object.create(null) as { [key: string]: JsonValue };
  const entries = value instanceof GoMap ? value.entries : (value as GoStruct).fields;
  for (const [key, item] of entries) object[jsonKey(key)] = toJsonValue(item);
  return object;
}

/** Map keys are Go scalars (GoKey); printed as fmt's `%v` would. */
function jsonKey(key: GoKey | string): string {
  if (key === null) return '<nil>';
  return typeof key === 'number' ? formatGoFloat(key) : String(key);
}

/**
 * `json.Marshal` text with HTML escaping off (gojsonschema's encoder): object keys sorted, U+2028
 * and U+2029 escaped as Go does.
 */
export function goJsonMarshal(value: JsonValue): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029');
  }
  if (Array.isArray(value)) return `[${value.map(goJsonMarshal).join(',')}]`;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${goJsonMarshal(k)}:${goJsonMarshal(value[k] ?? null)}`).join(',')}}`;
}
