/**
 * Go values as Kalypso templates see them. The engine must reproduce Go's printing, comparison,
 * hashing and YAML emission byte for byte, and those depend on Go's dynamic types, so the
 * representation keeps the distinctions Go makes:
 *
 * - `null`     — nil (a nil interface, a nil map entry, YAML `~`)
 * - `string`   — string
 * - `boolean`  — bool
 * - `bigint`   — any Go integer (int, int64, uint8 …); templates only ever see int/int64 semantics
 * - `number`   — float64 (also what YAML floats and `.inf` parse to)
 * - `GoValue[]`— a slice ([]interface{} or []string; Go prints and emits both alike)
 * - `GoMap`    — a map, tagged with its Go type because `index` zero values, `stringify` and fmt
 *                printing differ between map[string]string, map[string]interface{} and the
 *                map[interface{}]interface{} that go-yaml v2 produces for structured config values
 * - `GoStruct` — a struct (the template data root, `scheduler.dataType`)
 */
export type GoValue = null | string | boolean | bigint | number | GoValue[] | GoMap | GoStruct;

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
export class GoStruct {
  readonly typeName: string;
  readonly fields: ReadonlyMap<string, GoValue>;

  constructor(typeName: string, fields: Iterable<readonly [string, GoValue]>) {
    this.typeName = typeName;
    this.fields = new Map(fields);
  }
}

/** The Go type name of a value, as text/template and fmt print it in messages (`%T`). */
export function goTypeName(value: GoValue): string {
  if (value === null) return '<nil>';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float64';
    default:
      if (Array.isArray(value)) return '[]interface {}';
      if (value instanceof GoMap) return value.type;
      return value.typeName;
  }
}

export function isGoMap(value: unknown): value is GoMap {
  return value instanceof GoMap;
}
