/**
 * Turning ConfigSchema text into an ajv validator that behaves like gojsonschema 1.2.0 (docs/kalypso-compatibility.md#schema-validation):
 * Go's JSON decoder decides what the text means, `$schema` picks draft-04 or the draft-06/07
 * rules, `$ref` siblings are ignored, and each distinct text is compiled once.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import { scanGoJson, type JsonValue } from '@kalypso/gotemplate/go';
import { GOJSONSCHEMA_FORMATS } from './schema-formats.ts';

/** A compiled schema, or why the text is not one (without the schema's origin). */
export type CompiledSchema =
  { readonly validate: ValidateFunction; readonly schema: JsonValue } | { readonly error: string };

const OPTIONS = {
  allErrors: true,
  // gojsonschema ignores unknown keywords and formats instead of rejecting the schema.
  strict: false,
  logger: false as const,
  formats: GOJSONSCHEMA_FORMATS,
  // gojsonschema divides exactly (big.Rat); this keeps 0.3 a multiple of 0.1 in floating point.
  multipleOfPrecision: 12,
};

let draft07: Ajv | undefined;
let draft04: Ajv | undefined;
const cache = new Map<string, CompiledSchema>();

/** Compiles `text` once per distinct text; later calls return the cached result. */
export function compileSchema(text: string): CompiledSchema {
  let compiled = cache.get(text);
  if (!compiled) cache.set(text, (compiled = compileUncached(text)));
  return compiled;
}

function compileUncached(text: string): CompiledSchema {
  const scanned = scanGoJson(text);
  if ('error' in scanned) return { error: scanned.error };
  const document = JSON.parse(text.slice(0, scanned.end)) as JsonValue;
  if (typeof document !== 'boolean' && !isObject(document)) {
    // gojsonschema's ParseError text for a document that is neither an object nor a boolean.
    return { error: 'Expected: valid schema, given: Invalid JSON' };
  }
  const useDraft04 = isObject(document) && prefersDraft04(document);
  const schema = isObject(document) ? inlineRefs(document, document, []) : document;
  if (isObject(schema)) delete schema.$schema;
  try {
    const ajv = useDraft04 ? (draft04 ??= newDraft04()) : (draft07 ??= new Ajv(OPTIONS));
    return { validate: ajv.compile(schema as object | boolean), schema };
  } catch (error) {
    return {
      error: `invalid JSON schema: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function newDraft04(): Ajv {
  // ajv-draft-04 is CommonJS: its class is the module itself (and its `default`).
  const Draft04 = ((AjvDraft04 as { default?: typeof Ajv }).default ?? AjvDraft04) as typeof Ajv;
  return new Draft04(OPTIONS);
}

/**
 * Draft-04 rules when `$schema` says so, or when the schema relies on draft-04's boolean
 * `exclusiveMaximum`/`exclusiveMinimum` without naming a draft (gojsonschema's default mode
 * accepts every draft's keywords).
 */
function prefersDraft04(schema: Record<string, JsonValue>): boolean {
  const declared = schema.$schema;
  if (typeof declared === 'string') return declared.includes('draft-04');
  return /"exclusive(Maximum|Minimum)"\s*:\s*(true|false)/.test(JSON.stringify(schema));
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keywords whose values are data, not subschemas, so a `$ref` key inside them is not a ref. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/**
 * Replaces local `$ref`s (`#`, `#/definitions/x`) by copies of their targets, so every ajv error
 * carries the full schema path from the root (which the error ordering needs), and drops the
 * siblings of `$ref` as gojsonschema does. A recursive ref stays a ref (ajv resolves it).
 */
function inlineRefs(
  root: { [key: string]: JsonValue },
  node: JsonValue,
  active: readonly string[],
): JsonValue {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(root, item, active));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const target = ref.startsWith('#') ? resolvePointer(root, ref.slice(1)) : undefined;
    if (target === undefined || active.includes(ref)) return { $ref: ref };
    return inlineRefs(root, target, [...active, ref]);
  }
  // fromEntries defines own properties, so a property named `__proto__` stays a property.
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      DATA_KEYWORDS.has(key) ? value : inlineRefs(root, value, active),
    ]),
  ) as { [key: string]: JsonValue };
}

function resolvePointer(root: JsonValue, pointer: string): JsonValue | undefined {
  let node: JsonValue | undefined = root;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pointer);
  } catch {
    return undefined;
  }
  if (decoded === '') return root;
  if (!decoded.startsWith('/')) return undefined;
  for (const raw of decoded.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node) && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}
