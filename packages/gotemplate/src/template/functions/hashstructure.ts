/**
 * mitchellh/hashstructure v1 `Hash(v, nil)` over {@link GoValue}s: FNV-1 (not 1a) 64-bit, with
 * the library's composition rules (docs/kalypso-compatibility.md#custom-functions). Scalars hash their binary little-endian form,
 * nil hashes like int 0, lists fold with `ordered`, maps and struct fields combine by XOR.
 */
import { GoInt, GoMap, type GoValue } from '../../go/values.ts';
import { chargeSteps } from '../budget.ts';
import { utf8 } from './text.ts';

/**
 * FNV-1 64 over bytes: multiply, then XOR each byte. Computed on two 32-bit halves (the prime
 * is 2^40 + 0x1b3), which is much faster than bigint arithmetic per byte.
 */
export function fnv1(bytes: Uint8Array): bigint {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const b of bytes) {
    const tLo = lo * 0x1b3;
    const tHi = hi * 0x1b3 + Math.floor(tLo / 0x100000000);
    const shifted = (lo << 8) >>> 0;
    lo = (tLo >>> 0) ^ b;
    hi = (tHi + shifted) >>> 0;
    lo >>>= 0;
  }
  return (BigInt(hi) << 32n) | BigInt(lo);
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

const pair = new DataView(new ArrayBuffer(16));
const pairBytes = new Uint8Array(pair.buffer);

// hashUpdateOrdered: FNV-1 over LE64(a) ‖ LE64(b).
function ordered(a: bigint, b: bigint): bigint {
  pair.setBigUint64(0, a, true);
  pair.setBigUint64(8, b, true);
  return fnv1(pairBytes);
}

/** The hashstructure v1 hash of a value. */
export function hashValue(value: GoValue): bigint {
  // Hashing a value costs a few steps' worth of time.
  chargeSteps(4);
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
  if (value.text !== undefined || value.marshal === 'empty') return h;
  for (const [field, v] of value.fields) h ^= ordered(hashValue(field), hashValue(v));
  return h;
}
