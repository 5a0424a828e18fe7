/**
 * The Kalypso scheduler's own template functions (docs/kalypso-compatibility.md#custom-functions), which override sprig's
 * same-named ones: toYaml, stringify, hash and unquote.
 */
import { GoMap, sliceElement, type GoValue } from '../../go/values.ts';
import { marshalYaml } from '../../yaml/index.ts';
import { rethrowBudget } from '../budget.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn } from './args.ts';
import { hashValue } from './hashstructure.ts';
import { trimCutset, trimSpace } from './text.ts';

/** go-yaml v3 Marshal with one trailing newline removed; "" when Marshal fails. */
export function toYaml(value: GoValue): string {
  try {
    const out = marshalYaml(value);
    return out.endsWith('\n') ? out.slice(0, -1) : out;
  } catch (error) {
    rethrowBudget(error);
    return '';
  }
}

/**
 * Kalypso's stringify: only a map[string]interface{} is rewritten, and only its values that are
 * map[string]interface{} or []interface{} become their YAML text (with the trailing newline). Nested
 * mappings parsed from ConfigMap values are map[interface{}]interface{} and so stay nested —
 * the original's bug, kept for byte compatibility. The argument is not modified.
 */
export function stringify(value: GoValue): string {
  if (!(value instanceof GoMap) || value.type !== 'map[string]interface {}') return toYaml(value);
  const converted = new GoMap(
    [...value.entries].map(([k, v]) => {
      // Kalypso's type switch names []interface{} and map[string]interface{} only: a []string
      // or []int stays a nested list.
      const asText =
        (Array.isArray(v) && sliceElement(v) === 'interface {}') ||
        (v instanceof GoMap && v.type === 'map[string]interface {}');
      return [k, asText ? safeMarshal(v) : v] as const;
    }),
    value.type,
  );
  return toYaml(converted);
}

function safeMarshal(value: GoValue): string {
  try {
    return marshalYaml(value);
  } catch (error) {
    rethrowBudget(error);
    return '';
  }
}

/** Trims whitespace, then every leading/trailing `"`, then every leading/trailing `'`. */
export function unquote(value: GoValue): string {
  if (typeof value !== 'string') return '';
  return trimCutset(trimCutset(trimSpace(value), '"'), "'");
}

/** The custom functions by name. */
export const customFunctions: Record<string, TemplateFunction> = {
  toYaml: fn(1, (a) => toYaml(arg(a, 0))),
  stringify: fn(1, (a) => stringify(arg(a, 0))),
  hash: fn(1, (a) => hashValue(arg(a, 0)).toString()),
  unquote: fn(1, (a) => unquote(arg(a, 0))),
};
