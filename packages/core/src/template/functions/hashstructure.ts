/**
 * mitchellh/hashstructure v1 `Hash(v, nil)` over {@link GoValue}s: FNV-1 (not 1a) 64-bit, with
 * the library's composition rules (model §6.4). Scalars hash their binary little-endian form,
 * nil hashes like int 0, lists fold with `ordered`, maps and struct fields combine by XOR.
 */
import { GoInt, GoMap, type GoValue } from '../../go/values.ts';
import { utf8 } from './text.ts';

const OFFSET = 14695981039346656037n;
const PRIME = 1099511628211n;
const MASK = (1n << 64n) - 1n;

/** FNV-1 64 over bytes: multiply, then XOR each byte. */
export function fnv1(bytes: Uint8Array): bigint {
  let h = OFFSET;
  for (const b of bytes) h = ((h * PRIME) & MASK) ^ BigInt(b);
  return h;
}

function le64(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt.asUintN(64, n), true);
  return out;
}

// binary.Write of a sized integer: int and uint widen to 64 bits, the others keep their size.
const SIZES: Record<string, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
};

function fixedSize(n: GoInt): Uint8Array {
  const size = SIZES[n.type] ?? 8;
  return le64(n.value).subarray(0, size);
}

// hashUpdateOrdered: FNV-1 over LE64(a) ‖ LE64(b).
function ordered(a: bigint, b: bigint): bigint {
  const bytes = new Uint8Array(16);
  bytes.set(le64(a), 0);
  bytes.set(le64(b), 8);
  return fnv1(bytes);
}

/** The hashstructure v1 hash of a value. */
export function hashValue(value: GoValue): bigint {
  if (value === null) return fnv1(le64(0n));
  switch (typeof value) {
    case 'string':
      return fnv1(utf8(value));
    case 'bigint':
      return fnv1(le64(value));
    case 'boolean':
      return fnv1(Uint8Array.of(value ? 1 : 0));
    case 'number': {
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setFloat64(0, value, true);
      return fnv1(bytes);
    }
  }
  if (value instanceof GoInt) return fnv1(fixedSize(value));
  if (Array.isArray(value)) return value.reduce<bigint>((h, v) => ordered(h, hashValue(v)), 0n);
  if (value instanceof GoMap) {
    let h = 0n;
    for (const [k, v] of value.entries) h ^= ordered(hashValue(k), hashValue(v));
    return h;
  }
  // reflect's Type.Name(): no package qualifier, pointers dereferenced.
  const name = value.typeName.replace(/^\*+/, '').replace(/^.*\./, '');
  let h = hashValue(name);
  // An opaque value (`*semver.Version`) has only unexported fields, which hashstructure skips.
  if (value.text !== undefined) return h;
  for (const [field, v] of value.fields) h ^= ordered(hashValue(field), hashValue(v));
  return h;
}
