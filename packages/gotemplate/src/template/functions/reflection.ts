/** sprig's reflection functions and Go's reflect.DeepEqual over {@link GoValue}s. */
import { GoInt, GoMap, GoStruct, goTypeName, sliceElement, type GoValue } from '../../go/values.ts';
import { chargeSteps } from '../budget.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn, kindName, str } from './args.ts';

/**
 * reflect.DeepEqual: same dynamic type and deeply equal contents. NaN is unequal to itself;
 * a bigint (Go int) never equals a number (Go float64).
 */
export function deepEqual(a: GoValue, b: GoValue): boolean {
  chargeSteps(1);
  if (a === null || b === null) return a === b;
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (a instanceof GoInt) return b instanceof GoInt && a.type === b.type && a.value === b.value;
  if (Array.isArray(a)) {
    return (
      Array.isArray(b) &&
      sliceElement(a) === sliceElement(b) &&
      a.length === b.length &&
      a.every((v, i) => deepEqual(v, b[i] ?? null))
    );
  }
  if (a instanceof GoMap) {
    if (!(b instanceof GoMap) || a.type !== b.type || a.size !== b.size) return false;
    for (const [key, value] of a.entries) {
      if (!b.has(key)) return false;
      if (!deepEqual(value, b.get(key) ?? null)) return false;
    }
    return true;
  }
  if (!(b instanceof GoStruct) || a.typeName !== b.typeName) return false;
  for (const [name, value] of a.fields) {
    if (!deepEqual(value, b.fields.get(name) ?? null)) return false;
  }
  return true;
}

/** typeOf, typeIs, typeIsLike, kindOf, kindIs, deepEqual. */
export const reflectionFunctions: Record<string, TemplateFunction> = {
  typeOf: fn(1, (a) => goTypeName(arg(a, 0))),
  typeIs: fn(2, (a) => str(arg(a, 0)) === goTypeName(arg(a, 1))),
  typeIsLike: fn(2, (a) => {
    const target = str(arg(a, 0));
    const actual = goTypeName(arg(a, 1));
    return target === actual || '*' + target === actual;
  }),
  kindOf: fn(1, (a) => kindName(arg(a, 0))),
  kindIs: fn(2, (a) => str(arg(a, 0)) === kindName(arg(a, 1))),
  deepEqual: fn(2, (a) => deepEqual(arg(a, 0), arg(a, 1))),
};
