/**
 * Go values as Kalypso templates see them. The engine must reproduce Go's printing, comparison,
 * hashing and YAML emission byte for byte, and those depend on Go's dynamic types, so the
 * representation keeps the distinctions Go makes:
 *
 * - `null`     — nil (a nil interface, a nil map entry, YAML `~`)
 * - `string`   — string
 * - `boolean`  — bool
 * - `bigint`   — a Go `int` (template number literals, `len`, YAML integers, `until` elements)
 * - `GoInt`    — an integer of any other Go type: sprig's arithmetic returns int64, `index` of a
 *                string uint8; printing is the same as int, but `%T`, `typeOf` and parameter
 *                checks (`until (add 1 2)` fails in Go: int64 is not an int) see the type
 * - `number`   — float64 (also what YAML floats and `.inf` parse to)
 * - `GoValue[]`— a slice; its element type is `interface {}` unless {@link typedSlice} recorded
 *                another (sprig's `splitList` gives []string, `until` []int), which `%T`,
 *                `%#v` and Kalypso's `stringify` tell apart
 * - `GoMap`    — a map, tagged with its Go type because `index` zero values, `stringify` and fmt
 *                printing differ between map[string]string, map[string]interface{} and the
 *                map[interface{}]interface{} that go-yaml v2 produces for structured config values
 * - `GoStruct` — a struct (the template data root, `scheduler.dataType`) or a pointer to one
 *                (`*semver.Version`), optionally with the text of its String/MarshalText methods
 *
 * Strings are Go byte strings: a byte that is not part of valid UTF-8 (what a byte-wise `trunc`
 * can leave) is held as the lone surrogate U+DC80–U+DCFF and written back as that byte by
 * {@link goStringBytes}.
 */
export type GoValue =
  null | string | boolean | bigint | number | GoInt | GoValue[] | GoMap | GoStruct;

/** Go integer types other than `int` (which is a plain bigint). */
export type GoIntType =
  'int8' | 'int16' | 'int32' | 'int64' | 'uint' | 'uint8' | 'uint16' | 'uint32' | 'uint64';

/** An integer of a Go type other than `int`; the value is already within the type's range. */
export class GoInt {
  readonly value: bigint;
  readonly type: GoIntType;

  constructor(value: bigint, type: GoIntType) {
    this.value = value;
    this.type = type;
  }
}

/** An int64 (sprig's arithmetic results). */
export function int64(value: bigint): GoInt {
  return new GoInt(BigInt.asIntN(64, value), 'int64');
}

/** The integer of an int or any other integer type; undefined for every other value. */
export function goInteger(value: GoValue | undefined): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (value instanceof GoInt) return value.value;
  return undefined;
}

/** Element types of slices other than []interface{}, recorded by {@link typedSlice}. */
const sliceElements = new WeakMap<readonly GoValue[], string>();

/**
 * Records a slice's Go element type (`string` for []string, `int` for []int). The items must
 * already be of that type. Returns the same array.
 */
export function typedSlice<T extends GoValue[]>(items: T, element: string): T {
  if (element !== 'interface {}') sliceElements.set(items, element);
  return items;
}

/** Empty slices that are Go nil slices (json `null`, `%#v` `[]T(nil)`), see {@link nilSlice}. */
const nilSlices = new WeakSet<readonly GoValue[]>();

/** A nil slice of the given element type: empty, but json.Marshal writes `null`. */
export function nilSlice(element = 'interface {}'): GoValue[] {
  const items = typedSlice([], element);
  nilSlices.add(items);
  return items;
}

/** True for a slice made by {@link nilSlice}. */
export function isNilSlice(items: readonly GoValue[]): boolean {
  return nilSlices.has(items);
}

/** The element type of a slice: `interface {}` unless {@link typedSlice} said otherwise. */
export function sliceElement(items: readonly GoValue[]): string {
  return sliceElements.get(items) ?? 'interface {}';
}

/** A value that can be a Go map key. */
export type GoKey = null | string | boolean | bigint | number;

export type GoMapType =
  'map[string]interface {}' | 'map[string]string' | 'map[interface {}]interface {}';

/** A Go map. Entry order is insertion order; Go has none, so every consumer sorts as Go would. */
export class GoMap {
  readonly entries: Map<GoKey, GoValue>;
  readonly type: GoMapType;

  constructor(
    entries?: Iterable<readonly [GoKey, GoValue]>,
    type: GoMapType = 'map[string]interface {}',
  ) {
    this.entries = new Map(entries);
    this.type = type;
  }

  /** A map[string]interface{} from a plain record. */
  static fromRecord(record: Readonly<Record<string, GoValue>>): GoMap {
    return new GoMap(Object.entries(record), 'map[string]interface {}');
  }

  /** A map[string]string (labels, manifests) from a plain record. */
  static ofStrings(record: Readonly<Record<string, string>>): GoMap {
    return new GoMap(Object.entries(record), 'map[string]string');
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: GoKey): boolean {
    return this.entries.has(key);
  }

  get(key: GoKey): GoValue | undefined {
    return this.entries.get(key);
  }

  /** True when keys are Go strings (map[string]…), which `stringify` and `dict` rely on. */
  get hasStringKeys(): boolean {
    return this.type !== 'map[interface {}]interface {}';
  }

  /** The zero value of the element type, which Go's `index` returns for a missing key. */
  get zeroElement(): GoValue {
    return this.type === 'map[string]string' ? '' : null;
  }
}

/** A Go struct: a type name (for error messages and `hash`) and its exported fields in order. */
/** A method a template can call on a struct with arguments (`(semver "1.2.3").Compare $v`). */
export interface GoMethod {
  readonly arity: number;
  call(args: GoValue[]): GoValue;
}

/** What a struct's methods make of it besides its fields. */
export interface GoStructOptions {
  /** What its String method returns, when it has one: fmt prints it for %v/%s/%q/%x. */
  readonly text?: string;
  /**
   * How encoders write it: `'text'` as the string {@link text} (MarshalText: go-yaml and
   * encoding/json), `'json-text'` as that string for encoding/json only (MarshalJSON, no
   * MarshalText: go-yaml writes `{}`), `'empty'` as `{}` for both (only unexported fields).
   * Default: its fields, or `'text'` when it has a text.
   */
  readonly marshal?: 'fields' | 'text' | 'json-text' | 'empty';
  /** Methods taking arguments, by name. */
  readonly methods?: ReadonlyMap<string, GoMethod>;
  /** What %#v prints for it at the top level, when its fields are not `fields` (unexported ones). */
  readonly goSyntax?: string;
}

export class GoStruct {
  readonly typeName: string;
  readonly fields: ReadonlyMap<string, GoValue>;
  /**
   * What the value's String method returns, when it has one (`*semver.Version`): fmt prints it
   * for %v/%s/%q/%x. Such a value is opaque: its `fields` are the results of its methods
   * (`.Major`) in the order of its own unexported fields.
   */
  readonly text: string | undefined;
  readonly marshal: 'fields' | 'text' | 'json-text' | 'empty';
  readonly methods: ReadonlyMap<string, GoMethod> | undefined;
  readonly goSyntax: string | undefined;

  constructor(
    typeName: string,
    fields: Iterable<readonly [string, GoValue]>,
    options: string | GoStructOptions = {},
  ) {
    const o: GoStructOptions = typeof options === 'string' ? { text: options } : options;
    this.typeName = typeName;
    this.fields = new Map(fields);
    this.text = o.text;
    this.marshal = o.marshal ?? (o.text === undefined ? 'fields' : 'text');
    this.methods = o.methods;
    this.goSyntax = o.goSyntax;
  }

  /** The options that rebuild this struct around other fields (deepCopy). */
  get options(): GoStructOptions {
    return {
      ...(this.text === undefined ? {} : { text: this.text }),
      marshal: this.marshal,
      ...(this.methods === undefined ? {} : { methods: this.methods }),
      ...(this.goSyntax === undefined ? {} : { goSyntax: this.goSyntax }),
    };
  }

  /** A pointer to a struct (`*semver.Version`): reflect kind ptr. */
  get isPointer(): boolean {
    return this.typeName.startsWith('*');
  }
}

/** The Go type name of a value, as text/template and fmt print it in messages (`%T`). */
export function goTypeName(value: GoValue): string {
  if (value === null) return '<nil>';
  if (typeof value !== 'object') return scalarName(value);
  if (value instanceof GoInt) return value.type;
  if (Array.isArray(value)) return '[]' + sliceElement(value);
  if (value instanceof GoMap) return value.type;
  return value.typeName;
}

/** The Go name of a JavaScript scalar, the same as type and as kind. */
function scalarName(value: string | boolean | bigint | number): string {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    default:
      return 'float64';
  }
}

/** reflect.Kind name of a value, as sprig's `kindOf` and its list errors print it. */
export function goKindName(value: GoValue): string {
  if (value === null) return 'invalid';
  if (typeof value !== 'object') return scalarName(value);
  if (value instanceof GoInt) return value.type;
  if (Array.isArray(value)) return 'slice';
  if (value instanceof GoMap) return 'map';
  return value.isPointer ? 'ptr' : 'struct';
}

const encoder = new TextEncoder();

/**
 * The bytes of a Go string: UTF-8, except that U+DC80–U+DCFF stand for the raw bytes 0x80–0xFF
 * (see {@link GoValue}).
 */
export function goStringBytes(s: string): Uint8Array {
  if (!/[\uD800-\uDFFF]/.test(s)) return encoder.encode(s);
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc80 && c <= 0xdcff) {
      out.push(c - 0xdc00);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    for (const b of encoder.encode(String.fromCodePoint(cp))) out.push(b);
  }
  return Uint8Array.from(out);
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** Go bytes back to a string; a byte that is not valid UTF-8 becomes its U+DC80–U+DCFF stand-in. */
export function goStringFromBytes(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    let out = '';
    let i = 0;
    while (i < bytes.length) {
      const n = validSequenceLength(bytes, i);
      if (n === 0) {
        out += String.fromCharCode(0xdc00 + (bytes[i] ?? 0));
        i++;
      } else {
        out += strictDecoder.decode(bytes.subarray(i, i + n));
        i += n;
      }
    }
    return out;
  }
}

/** Length of the valid UTF-8 sequence at `i` (as Go's utf8.DecodeRune accepts it), 0 if none. */
function validSequenceLength(b: Uint8Array, i: number): number {
  const c0 = b[i] ?? 0;
  if (c0 < 0x80) return 1;
  const cont = (j: number, lo = 0x80, hi = 0xbf): boolean => {
    const c = b[i + j];
    return c !== undefined && c >= lo && c <= hi;
  };
  if (c0 >= 0xc2 && c0 <= 0xdf) return cont(1) ? 2 : 0;
  if (c0 >= 0xe0 && c0 <= 0xef) {
    const lo = c0 === 0xe0 ? 0xa0 : 0x80;
    const hi = c0 === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c0 >= 0xf0 && c0 <= 0xf4) {
    const lo = c0 === 0xf0 ? 0x90 : 0x80;
    const hi = c0 === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

export function isGoMap(value: unknown): value is GoMap {
  return value instanceof GoMap;
}
