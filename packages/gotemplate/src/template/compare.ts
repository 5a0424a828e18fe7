/**
 * text/template's comparison builtins (eq ne lt le gt ge) over basic kinds, with Go's error
 * texts. Values here have already been through the executor: undefined and null are both nil.
 */
import { formatValue } from '../go/format.ts';
import { compareGoStrings } from '../go/map-order.ts';
import { GoInt, GoMap, GoStruct, goInteger, goTypeName } from '../go/values.ts';
import type { Value } from './exec-state.ts';

type Kind = 'invalid' | 'bool' | 'int' | 'uint' | 'float' | 'string';

function basicKind(v: Value): Kind {
  if (v instanceof GoInt) return v.type.startsWith('u') ? 'uint' : 'int';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
    default:
      return 'invalid';
  }
}

function isInteger(k: Kind): boolean {
  return k === 'int' || k === 'uint';
}

function isNil(v: Value): boolean {
  return v === undefined || v === null;
}

function typeOf(v: Value): string {
  return goTypeName(v ?? null);
}

function printed(v: Value): string {
  return v === undefined ? '<invalid reflect.Value>' : formatValue(v);
}

/** eq arg1 arg2...: true when arg1 equals any of the others. */
export function eq(arg1: Value, others: readonly Value[]): boolean {
  if (others.length === 0) throw new Error('missing argument for comparison');
  const k1 = basicKind(arg1);
  for (const arg of others) {
    const k2 = basicKind(arg);
    let truth = false;
    if (isInteger(k1) && isInteger(k2) && k1 !== k2) {
      // Go compares signed and unsigned integers by value.
      const a = goInteger(arg1) ?? 0n;
      const b = goInteger(arg) ?? 0n;
      truth = a >= 0n && b >= 0n && a === b;
    } else if (k1 !== k2) {
      if (!isNil(arg1) && !isNil(arg)) {
        throw new Error(`incompatible types for comparison: ${typeOf(arg1)} and ${typeOf(arg)}`);
      }
    } else if (k1 === 'int' || k1 === 'uint') {
      // Go compares any two signed (or unsigned) integers by value: int equals int64.
      truth = goInteger(arg1) === goInteger(arg);
    } else if (k1 !== 'invalid') {
      truth = arg1 === arg;
    } else if (isNil(arg1) || isNil(arg)) {
      truth = isNil(arg1) === isNil(arg);
    } else {
      const sameKind =
        (Array.isArray(arg1) && Array.isArray(arg)) ||
        (arg1 instanceof GoMap && arg instanceof GoMap) ||
        (arg1 instanceof GoStruct && arg instanceof GoStruct);
      if (!sameKind) {
        throw new Error(
          `non-comparable types ${printed(arg1)}: ${typeOf(arg1)}, ${typeOf(arg)}: ${printed(arg)}`,
        );
      }
      // Slices and maps are never comparable in Go; structs holding them are not either.
      throw new Error(`non-comparable type ${printed(arg)}: ${typeOf(arg)}`);
    }
    if (truth) return true;
  }
  return false;
}

/** lt arg1 arg2 over ints, floats and strings (strings compare bytewise). */
export function lt(arg1: Value, arg2: Value): boolean {
  const k1 = basicKind(arg1);
  const k2 = basicKind(arg2);
  if (k1 === 'invalid' || k2 === 'invalid') throw new Error('invalid type for comparison');
  if (isInteger(k1) && isInteger(k2)) return (goInteger(arg1) ?? 0n) < (goInteger(arg2) ?? 0n);
  if (k1 !== k2)
    throw new Error(`incompatible types for comparison: ${typeOf(arg1)} and ${typeOf(arg2)}`);
  if (k1 === 'bool') throw new Error('invalid type for comparison');
  if (k1 === 'string') return compareGoStrings(arg1 as string, arg2 as string) < 0;
  if (k1 === 'int' || k1 === 'uint') return (goInteger(arg1) ?? 0n) < (goInteger(arg2) ?? 0n);
  return (arg1 as number | bigint) < (arg2 as number | bigint);
}

export function le(arg1: Value, arg2: Value): boolean {
  return lt(arg1, arg2) || eq(arg1, [arg2]);
}
