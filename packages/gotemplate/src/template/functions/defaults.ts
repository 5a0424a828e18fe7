/** sprig 3.2.3 default, logic and flow-control functions (defaults.go, functions.go). */
import type { TemplateFunction } from '../function-table.ts';
import { arg, bool, fn, isEmpty, str } from './args.ts';

/** The default/logic functions by name. */
export const defaultFunctions: Record<string, TemplateFunction> = {
  // `default d given…`: the piped value when it is not empty (sprig's `empty`), otherwise `d`.
  default: fn(
    1,
    (a) => {
      const given = a.slice(1);
      return given.length === 0 || isEmpty(arg(given, 0)) ? arg(a, 0) : arg(given, 0);
    },
    true,
  ),
  empty: fn(1, (a) => isEmpty(arg(a, 0))),
  coalesce: fn(0, (a) => a.find((v) => !isEmpty(v)) ?? null, true),
  all: fn(0, (a) => a.every((v) => !isEmpty(v)), true),
  any: fn(0, (a) => a.some((v) => !isEmpty(v)), true),
  ternary: fn(3, (a) => (bool(arg(a, 2)) ? arg(a, 0) : arg(a, 1))),
  fail: fn(1, (a) => {
    throw new Error(str(arg(a, 0)));
  }),
};
