/**
 * A Go text/template engine over {@link GoValue}s: parse once, execute many times, with Go's
 * output and error texts (default options: missing map keys print `<no value>`).
 */
import type { GoValue } from '../go/values.ts';
import type { ResolvedFunction, Tree } from './ast.ts';
import { builtins } from './builtins.ts';
import { TemplateError } from './errors.ts';
import { execute } from './exec.ts';
import type { FunctionTable, NoticeSink } from './function-table.ts';
import { parseTrees } from './parser.ts';

import { Budget, defaultTemplateLimits, type TemplateLimits } from './budget.ts';

export { TemplateError } from './errors.ts';
export { Budget, defaultTemplateLimits, type TemplateLimits } from './budget.ts';
export { maxTemplateDepth } from './exec.ts';
export type {
  CallContext,
  FunctionTable,
  NoticeKind,
  NoticeSink,
  TemplateFunction,
  TemplateNotice,
} from './function-table.ts';

/** A parsed template: its name, source and named trees (itself plus define/block). Immutable. */
export interface Template {
  readonly name: string;
  readonly text: string;
  readonly trees: ReadonlyMap<string, Tree>;
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * Parses `text` as Go's `template.New(name).Funcs(functions).Parse(text)`: builtins first, then
 * `functions` overriding them by name. Unknown functions and variables fail here.
 * @throws TemplateError with phase 'parse' and Go's message (`template: NAME:LINE: …`).
 */
export function parseTemplate(text: string, functions: FunctionTable, name = 'template'): Template {
  const resolve = (fn: string): ResolvedFunction | undefined => {
    const own = functions.get(fn);
    if (own !== undefined) return { builtin: false, fn: own };
    return builtins.has(fn) ? { builtin: true, name: fn } : undefined;
  };
  try {
    return { name, text, trees: parseTrees(text, name, resolve) };
  } catch (error) {
    if (isStackOverflow(error)) {
      throw new TemplateError('parse', `template: ${name}: template nested too deeply`, {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Executes a parsed template with `data` as dot, within `limits` (steps and output size; each
 * defaults to {@link defaultTemplateLimits}). Passing a {@link Budget} instead shares it across
 * executions (a manifest and its nested re-renders): the steps of all of them count against
 * `maxSteps`, and the output of all of them against `maxOutputBytes`.
 * `onNotice` receives the notices function calls raise (where the operator's libraries would
 * behave differently, function-table.ts).
 * @throws TemplateError with phase 'exec' and Go's message
 *   (`template: NAME:LINE:COL: executing "NAME" at <…>: …`), also when a limit is exceeded.
 */
export function executeTemplate(
  template: Template,
  data: GoValue,
  limits: Partial<TemplateLimits> | Budget = {},
  onNotice?: NoticeSink,
): string {
  const budget =
    limits instanceof Budget ? limits : new Budget({ ...defaultTemplateLimits, ...limits });
  try {
    const output = execute(template, data, budget, onNotice);
    budget.wrote(output.length);
    return output;
  } catch (error) {
    if (isStackOverflow(error)) {
      throw new TemplateError(
        'exec',
        `template: ${template.name}: exceeded maximum template depth`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
