/**
 * gojsonschema 1.2.0's English messages (its DefaultLocale) for errors ajv found (docs/kalypso-compatibility.md#schema-validation).
 */
import type { ErrorObject } from 'ajv';
import { goJsonMarshal, type JsonValue, formatGoFloat } from '@kalypso/gotemplate/go';

/** One gojsonschema error: where (`field`) and what (`description`), with its sort key. */
export interface GoError {
  readonly field: string;
  readonly description: string;
  readonly key: readonly number[];
}

/** An ajv error placed in gojsonschema's walk: its field, sort key, schema node and value. */
export interface PlacedError {
  readonly error: ErrorObject;
  readonly field: string;
  readonly key: readonly number[];
  readonly node: JsonValue;
  readonly value: JsonValue;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The gojsonschema error(s) for one placed ajv error. */
export function describeError(p: PlacedError): GoError[] {
  const params = p.error.params as Record<string, unknown>;
  if (p.error.keyword === 'uniqueItems') return uniqueItemErrors(p);
  const description = goDescription(p.error.keyword, params, p);
  return description === undefined ? [] : [{ field: p.field, description, key: p.key }];
}

/** gojsonschema reports every repeated item against the last earlier equal item. */
function uniqueItemErrors(p: PlacedError): GoError[] {
  const items = Array.isArray(p.value) ? p.value : [];
  const seen = new Map<string, number>();
  const errors: GoError[] = [];
  items.forEach((item, j) => {
    const text = goJsonMarshal(item);
    const i = seen.get(text);
    if (i !== undefined) {
      errors.push({
        field: p.field,
        description: `array items[${i},${j}] must be unique`,
        key: [...p.key, j],
      });
    }
    seen.set(text, j);
  });
  return errors;
}

function goDescription(
  keyword: string,
  params: Record<string, unknown>,
  p: PlacedError,
): string | undefined {
  const node = isObject(p.node) ? p.node : {};
  const limit = (): string => formatGoFloat(Number(params.limit));
  const count = (): string => String(params.limit);
  switch (keyword) {
    case 'required':
      return `${String(params.missingProperty)} is required`;
    case 'type':
      return `Invalid type. Expected: ${expectedTypes(params.type)}, given: ${jsonType(p.value)}`;
    case 'enum':
      return `${p.field} must be one of the following: ${(Array.isArray(node.enum) ? node.enum : []).map(goJsonMarshal).join(', ')}`;
    case 'const':
      return `${p.field} does not match: ${goJsonMarshal(node.const ?? null)}`;
    case 'maximum':
    case 'exclusiveMaximum':
    case 'minimum':
    case 'exclusiveMinimum':
      return comparisonText(params.comparison, limit());
    case 'multipleOf':
      return `Must be a multiple of ${formatGoFloat(Number(params.multipleOf))}`;
    case 'minLength':
      return `String length must be greater than or equal to ${count()}`;
    case 'maxLength':
      return `String length must be less than or equal to ${count()}`;
    case 'pattern':
      return `Does not match pattern '${String(params.pattern)}'`;
    case 'format':
      return `Does not match format '${String(params.format)}'`;
    case 'minItems':
      return `Array must have at least ${count()} items`;
    case 'maxItems':
      return `Array must have at most ${count()} items`;
    case 'minProperties':
      return `Must have at least ${count()} properties`;
    case 'maxProperties':
      return `Must have at most ${count()} properties`;
    case 'additionalProperties':
      return `Additional property ${String(params.additionalProperty)} is not allowed`;
    case 'additionalItems':
      return 'No additional items allowed on array';
    case 'dependencies':
      return `Has a dependency on ${String(params.missingProperty)}`;
    case 'propertyNames':
      return `Property name of "${String(params.propertyName)}" does not match`;
    case 'anyOf':
      return 'Must validate at least one schema (anyOf)';
    case 'oneOf':
      return 'Must validate one and only one schema (oneOf)';
    case 'not':
      return 'Must not validate the schema (not)';
    case 'contains':
      return 'At least one of the items must match';
    case 'if':
      return params.failingKeyword === 'then'
        ? 'Must validate "then" as "if" was valid'
        : 'Must validate "else" as "if" was not valid';
    case 'false schema':
      return 'False always fails validation';
    default:
      return p.error.message;
  }
}

function comparisonText(comparison: unknown, limit: string): string {
  switch (comparison) {
    case '<=':
      return `Must be less than or equal to ${limit}`;
    case '<':
      return `Must be less than ${limit}`;
    case '>=':
      return `Must be greater than or equal to ${limit}`;
    default:
      return `Must be greater than ${limit}`;
  }
}

/** gojsonschema prints one type as is and several as `[string,null]`. */
function expectedTypes(type: unknown): string {
  const types = Array.isArray(type) ? type.map(String) : String(type).split(',');
  return types.length > 1 ? `[${types.join(',')}]` : (types[0] ?? 'undefined');
}

/** The JSON type gojsonschema reports as "given"; integral numbers are `integer`. */
function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
