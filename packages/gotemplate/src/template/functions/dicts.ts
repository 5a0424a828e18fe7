/**
 * sprig 3.2.3 dict functions (dict.go, merge via imdario/mergo v0.3.11, deepCopy via
 * mitchellh/copystructure). Parameters typed map[string]interface{} in Go accept only that map
 * type, so `hasKey .Labels "x"` (a map[string]string) fails as it does in Go.
 */
import { compareGoStrings } from '../../go/format.ts';
import {
  GoMap,
  GoStruct,
  sliceElement,
  typedSlice,
  type GoKey,
  type GoValue,
} from '../../go/values.ts';
import { chargeSteps } from '../budget.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, dictArg, fn, isEmpty, str, strval } from './args.ts';

function newDict(entries: Iterable<readonly [GoKey, GoValue]> = []): GoMap {
  return new GoMap(entries, 'map[string]interface {}');
}

// Go map iteration order is random; sorted keys keep our output deterministic.
function sortedKeys(map: GoMap): string[] {
  return [...map.entries.keys()].map((k) => String(k)).sort(compareGoStrings);
}

function writable(map: GoMap | null): GoMap {
  if (map === null) throw new Error('assignment to entry in nil map');
  return map;
}

/** A deep copy keeping every map's Go type. */
export function deepCopy(value: GoValue): GoValue {
  chargeSteps(1);
  if (Array.isArray(value)) return typedSlice(value.map(deepCopy), sliceElement(value));
  if (value instanceof GoMap) {
    return new GoMap(
      [...value.entries].map(([k, v]) => [k, deepCopy(v)] as const),
      value.type,
    );
  }
  if (value instanceof GoStruct) {
    return new GoStruct(
      value.typeName,
      [...value.fields].map(([k, v]) => [k, deepCopy(v)] as const),
      value.options,
    );
  }
  return value;
}

/**
 * mergo.Merge (and WithOverride) of one map into another, in place. Without override a key is
 * taken from `src` only when `dst` lacks it or holds an empty value; nested maps merge
 * recursively; a nil `src` value is skipped (with override it is copied). A non-empty scalar in
 * `dst` is never replaced by a map from `src`, even with override (mergo's behaviour).
 */
export function mergeInto(dst: GoMap, src: GoMap, overwrite: boolean): void {
  for (const [key, srcValue] of src.entries) {
    const present = dst.has(key);
    const dstValue = dst.get(key) ?? null;
    if (srcValue === null) {
      if (overwrite) dst.entries.set(key, null);
      continue;
    }
    const srcIsCollection = srcValue instanceof GoMap || Array.isArray(srcValue);
    if (srcValue instanceof GoMap && dstValue instanceof GoMap) {
      mergeInto(dstValue, srcValue, overwrite);
    } else if (Array.isArray(srcValue) && overwrite) {
      dst.entries.set(key, srcValue);
      continue;
    }
    if (present && !isEmpty(dstValue) && srcIsCollection) continue;
    if (overwrite || !present || isEmpty(dstValue)) dst.entries.set(key, srcValue);
  }
}

function merge(overwrite: boolean): TemplateFunction {
  return fn(
    1,
    (a) => {
      const dst = dictArg(arg(a, 0)) ?? newDict();
      for (const src of a.slice(1)) {
        const map = dictArg(src);
        if (map) mergeInto(dst, map, overwrite);
      }
      return dst;
    },
    true,
  );
}

function dig(args: GoValue[]): GoValue {
  if (args.length < 3) throw new Error('dig needs at least three arguments');
  const keys = args.slice(0, -2);
  const fallback = arg(args, args.length - 2);
  let current = args[args.length - 1] ?? null;
  for (const k of keys) {
    const key = str(k);
    const map = dictArgForDig(current);
    if (!map?.has(key)) return fallback;
    current = map.get(key) ?? null;
  }
  return current;
}

// dig type-asserts each step to map[string]interface{}; Go panics with this wording.
function dictArgForDig(value: GoValue): GoMap | null {
  if (value instanceof GoMap && value.type === 'map[string]interface {}') return value;
  if (value === null) return null;
  const type = value instanceof GoMap ? value.type : typeof value === 'string' ? 'string' : 'other';
  throw new Error(`interface conversion: interface {} is ${type}, not map[string]interface {}`);
}

/** The dict functions by name. */
export const dictFunctions: Record<string, TemplateFunction> = {
  dict: fn(
    0,
    (a) => {
      const d = newDict();
      // A key without a value gets ""; an explicit nil value stays nil.
      for (let i = 0; i < a.length; i += 2) {
        d.entries.set(strval(arg(a, i)), i + 1 < a.length ? arg(a, i + 1) : '');
      }
      return d;
    },
    true,
  ),
  get: fn(2, (a) => {
    const d = dictArg(arg(a, 0));
    const key = str(arg(a, 1));
    return d?.has(key) ? (d.get(key) ?? null) : '';
  }),
  set: fn(3, (a) => {
    const d = writable(dictArg(arg(a, 0)));
    d.entries.set(str(arg(a, 1)), arg(a, 2));
    return d;
  }),
  unset: fn(2, (a) => {
    const d = dictArg(arg(a, 0));
    d?.entries.delete(str(arg(a, 1)));
    return d;
  }),
  hasKey: fn(2, (a) => dictArg(arg(a, 0))?.has(str(arg(a, 1))) ?? false),
  pluck: fn(
    1,
    (a) => {
      const key = str(arg(a, 0));
      const out: GoValue[] = [];
      for (const d of a.slice(1)) {
        const map = dictArg(d);
        if (map?.has(key)) out.push(map.get(key) ?? null);
      }
      return out;
    },
    true,
  ),
  keys: fn(
    0,
    (a) =>
      typedSlice(
        a.flatMap((d) => {
          const m = dictArg(d);
          return m ? sortedKeys(m) : [];
        }),
        'string',
      ),
    true,
  ),
  pick: fn(
    1,
    (a) => {
      const d = dictArg(arg(a, 0));
      const out = newDict();
      for (const k of a.slice(1).map(str)) if (d?.has(k)) out.entries.set(k, d.get(k) ?? null);
      return out;
    },
    true,
  ),
  omit: fn(
    1,
    (a) => {
      const d = dictArg(arg(a, 0));
      const omit = new Set(a.slice(1).map(str));
      const keys = d ? sortedKeys(d).filter((k) => !omit.has(k)) : [];
      return newDict(keys.map((k) => [k, d?.get(k) ?? null] as const));
    },
    true,
  ),
  values: fn(1, (a) => {
    const d = dictArg(arg(a, 0));
    return d ? sortedKeys(d).map((k) => d.get(k) ?? null) : [];
  }),
  merge: merge(false),
  mustMerge: merge(false),
  mergeOverwrite: merge(true),
  mustMergeOverwrite: merge(true),
  dig: fn(0, dig, true),
  deepCopy: fn(1, (a) => deepCopy(arg(a, 0))),
  mustDeepCopy: fn(1, (a) => deepCopy(arg(a, 0))),
};
