/**
 * sprig 3.2.3 list functions (list.go). Each accepts any slice; anything else is an error
 * naming the reflect kind (`Cannot find first on type map`). The plain and `must` variants
 * behave alike here because a panicking sprig function also surfaces as a template error.
 */
import { compareGoStrings, formatValue } from '../../go/format.ts';
import { GoInt, nilSlice, sliceElement, typedSlice, type GoValue } from '../../go/values.ts';
import { chargeSteps } from '../budget.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, castInt64, fn, int, isEmpty, kindName, strval, toInt64 } from './args.ts';
import { deepEqual } from './reflection.ts';
import { toStringList } from './strings.ts';

// reflect.TypeOf(nil).Kind() dereferences a nil Type: Go panics with this message.
const NIL_DEREF = 'runtime error: invalid memory address or nil pointer dereference';

function listOf(value: GoValue, message: (kind: string) => string): GoValue[] {
  if (Array.isArray(value)) return value;
  if (value === null) throw new Error(NIL_DEREF);
  throw new Error(message(kindName(value)));
}

function listFunction(
  arity: number,
  message: (kind: string) => string,
  body: (list: GoValue[], args: GoValue[]) => GoValue,
  variadic = false,
): TemplateFunction {
  return fn(
    arity,
    (a) => {
      const list = listOf(arg(a, 0), message);
      // Each list function walks its list: one step per element.
      chargeSteps(list.length);
      return body(list, a);
    },
    variadic,
  );
}

const push = listFunction(
  2,
  (k) => `Cannot push on type ${k}`,
  (l, a) => [...l, arg(a, 1)],
);
const prepend = listFunction(
  2,
  (k) => `Cannot prepend on type ${k}`,
  (l, a) => [arg(a, 1), ...l],
);
const first = listFunction(
  1,
  (k) => `Cannot find first on type ${k}`,
  (l) => l[0] ?? null,
);
const last = listFunction(
  1,
  (k) => `Cannot find last on type ${k}`,
  (l) => l[l.length - 1] ?? null,
);
// sprig returns a nil slice for an empty input (json `null`, printed `[]`).
const rest = listFunction(
  1,
  (k) => `Cannot find rest on type ${k}`,
  (l) => (l.length === 0 ? nilSlice() : l.slice(1)),
);
const initial = listFunction(
  1,
  (k) => `Cannot find initial on type ${k}`,
  (l) => (l.length === 0 ? nilSlice() : l.slice(0, -1)),
);
const reverse = listFunction(
  1,
  (k) => `Cannot find reverse on type ${k}`,
  (l) => [...l].reverse(),
);
const compact = listFunction(
  1,
  (k) => `Cannot compact on type ${k}`,
  (l) => l.filter((v) => !isEmpty(v)),
);
const uniq = listFunction(
  1,
  (k) => `Cannot find uniq on type ${k}`,
  (l) => {
    // Scalars are found in sets (linear); only composite values are compared one by one.
    const out: GoValue[] = [];
    const seen = new Set<string | bigint | number | boolean | null>();
    const typed = new Set<string>();
    // Go ints as numbers where exact: V8 sets of numbers are much faster than of bigints.
    const ints = new Set<number>();
    const composites: GoValue[] = [];
    for (const v of l) {
      if (typeof v === 'bigint' && v <= 9007199254740991n && v >= -9007199254740991n) {
        const n = Number(v);
        if (ints.has(n)) continue;
        ints.add(n);
      } else if (v === null || typeof v !== 'object') {
        // Within one Go type DeepEqual is ==: NaN never repeats, -0 equals 0 (Set agrees).
        if (seen.has(v) && !(typeof v === 'number' && Number.isNaN(v))) continue;
        seen.add(v);
      } else if (v instanceof GoInt) {
        const key = `${v.type}:${v.value}`;
        if (typed.has(key)) continue;
        typed.add(key);
      } else {
        if (composites.some((o) => deepEqual(v, o))) continue;
        composites.push(v);
      }
      out.push(v);
    }
    return out;
  },
);
const without = listFunction(
  1,
  (k) => `Cannot find without on type ${k}`,
  (l, a) => {
    const omit = a.slice(1);
    return l.filter((v) => !omit.some((o) => deepEqual(v, o)));
  },
  true,
);

const has: TemplateFunction = fn(2, (a) => {
  const haystack = arg(a, 1);
  if (haystack === null) return false;
  const l = listOf(haystack, (k) => `Cannot find has on type ${k}`);
  return l.some((v) => deepEqual(arg(a, 0), v));
});

/**
 * sprig's `slice`; `toIndex` converts the indices (the operator's sprig 2.22 toInt for `slice`,
 * cast.ToInt for the sprig-3-only `mustSlice`).
 */
function sliceWith(toIndex: (v: GoValue) => bigint) {
  return (a: readonly GoValue[]): GoValue => {
    const l = listOf(arg(a, 0), (k) => `list should be type of slice or array but ${k}`);
    if (l.length === 0) return null;
    const start = a.length > 1 ? Number(toIndex(arg(a, 1))) : 0;
    const end = a.length > 2 ? Number(toIndex(arg(a, 2))) : l.length;
    if (start < 0 || end > l.length || start > end) {
      throw new Error('reflect: slice index out of range');
    }
    // reflect's Slice keeps the slice type ([]string stays []string).
    return typedSlice(l.slice(start, end), sliceElement(l));
  };
}

const slice: TemplateFunction = fn(
  1,
  (a, context) => {
    try {
      return sliceWith(toInt64)(a);
    } catch (error) {
      // An index only the operator's conversion reads as 0 (`"0x2"`): sprig 3 renders it.
      let sprig3: GoValue;
      try {
        sprig3 = sliceWith(castInt64)(a);
      } catch {
        throw error;
      }
      context?.notice(
        'operator-fails',
        `the operator's sprig 2.22 reads the indices ${a
          .slice(1)
          .map((v) => formatValue(v))
          .join(
            ', ',
          )} in base 10 and fails with "${error instanceof Error ? error.message : String(error)}"; sprig 3 reads them in base 0`,
      );
      return sprig3;
    }
  },
  true,
);

const mustSlice: TemplateFunction = fn(1, sliceWith(castInt64), true);

const chunk: TemplateFunction = fn(2, (a) => {
  const size = int(arg(a, 0));
  const l = listOf(arg(a, 1), (k) => `Cannot chunk type ${k}`);
  if (l.length === 0) return [];
  if (size <= 0) throw new Error('runtime error: integer divide by zero');
  const out: GoValue[] = [];
  for (let i = 0; i < l.length; i += size) out.push(l.slice(i, i + size));
  return typedSlice(out, '[]interface {}');
});

const concat: TemplateFunction = fn(
  0,
  (a) => {
    const out: GoValue[] = [];
    for (const v of a) out.push(...listOf(v, (k) => `Cannot concat type ${k} as list`));
    return out;
  },
  true,
);

const sortAlpha: TemplateFunction = fn(1, (a) => {
  const v = arg(a, 0);
  if (!Array.isArray(v)) return typedSlice([strval(v)], 'string');
  return typedSlice(toStringList(v).sort(compareGoStrings), 'string');
});

/** The list functions by name. */
export const listFunctions: Record<string, TemplateFunction> = {
  list: fn(0, (a) => [...a], true),
  tuple: fn(0, (a) => [...a], true),
  append: push,
  push,
  mustAppend: push,
  mustPush: push,
  prepend,
  mustPrepend: prepend,
  first,
  mustFirst: first,
  rest,
  mustRest: rest,
  last,
  mustLast: last,
  initial,
  mustInitial: initial,
  reverse,
  mustReverse: reverse,
  uniq,
  mustUniq: uniq,
  without,
  mustWithout: without,
  has,
  mustHas: has,
  slice,
  mustSlice,
  compact,
  mustCompact: compact,
  chunk,
  mustChunk: chunk,
  concat,
  sortAlpha,
};
