/**
 * ConfigData against ConfigSchemas, with the original's data conversion and message text (docs/kalypso-compatibility.md#schema-validation).
 */
import {
  type GoMap,
  toJsonValue,
  UnsupportedJsonValue,
  type JsonValue,
  goAtoi,
  goParseFloat,
} from '@kalypso/gotemplate/go';
import { compileSchema } from './schema-compile.ts';
import { gojsonschemaLines } from './schema-errors.ts';

/** One schema to apply, and where it came from (used in messages about the schema itself). */
export interface ConfigSchemaRef {
  text: string;
  /** e.g. `ConfigSchema 'edge' (env/schemas/edge.yaml:3)` or `Workload 'x' target 'y'`. */
  origin: string;
}

/**
 * Validates ConfigData against each schema in order. Undefined when every schema passes;
 * otherwise the original's combined text:
 * `Config data validation failed: \n ` + the failing schemas' texts joined with `\n`, where a
 * schema's text is one `- <field>: <description>\n` line per gojsonschema error with every
 * ` (root):` removed (so root errors read `- X is required`).
 */
export function validateConfigData(
  data: GoMap,
  schemas: readonly ConfigSchemaRef[],
): string | undefined {
  return checkConfigData(data, schemas)?.text;
}

/** A failed validation: the original's combined text, and which schema said what. */
export interface ConfigDataViolation {
  readonly text: string;
  /** Each failing schema with its own lines (`- REPLICAS: Invalid type…`), in order. */
  readonly failures: readonly { readonly schema: ConfigSchemaRef; readonly lines: string }[];
}

/** {@link validateConfigData}, telling the failing schemas apart. */
export function checkConfigData(
  data: GoMap,
  schemas: readonly ConfigSchemaRef[],
): ConfigDataViolation | undefined {
  if (schemas.length === 0) return undefined;
  const document = validationDocument(data);
  const failures: { schema: ConfigSchemaRef; lines: string }[] = [];
  for (const schema of schemas) {
    const text = schemaErrorText(document, schema);
    if (text !== undefined) failures.push({ schema, lines: text.replaceAll(' (root):', '') });
  }
  if (failures.length === 0) return undefined;
  return {
    text: `Config data validation failed: \n ${failures.map((f) => f.lines).join('\n')}`,
    failures,
  };
}

/** The JSON document gojsonschema sees, or the marshalling error Go would report for it. */
type ValidationDocument = { readonly json: JsonValue } | { readonly error: string };

/**
 * The original converts each top-level string with Go `Atoi`, else `ParseFloat`, before
 * validating, so `"8080"` is an integer and `"true"` stays a string; nested values are used as
 * parsed. Go's `json.Marshal` then rejects ±Inf and NaN (a value `Inf` or a YAML `.inf`); we
 * add the key to Go's text so the user can find it.
 */
function validationDocument(data: GoMap): ValidationDocument {
  const json: { [key: string]: JsonValue } = Object.create(null) as { [key: string]: JsonValue };
  const keys = [...data.entries.keys()].map(String).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) {
    const value = data.get(key) ?? null;
    try {
      json[key] = typeof value === 'string' ? coerceTopLevel(value) : toJsonValue(value);
    } catch (error) {
      if (error instanceof UnsupportedJsonValue) {
        return { error: `${error.message} (config key '${key}')` };
      }
      throw error;
    }
  }
  return { json };
}

function coerceTopLevel(value: string): JsonValue {
  const integer = goAtoi(value);
  if (integer !== undefined) return Number(integer);
  const float = goParseFloat(value);
  return float === undefined ? value : toJsonValue(float);
}

/** One schema's contribution to the combined message, or undefined when it passes. */
function schemaErrorText(document: ValidationDocument, ref: ConfigSchemaRef): string | undefined {
  const compiled = compileSchema(ref.text);
  if ('error' in compiled) return `${compiled.error} in ${ref.origin}`;
  if ('error' in document) return document.error;
  if (compiled.validate(document.json)) return undefined;
  const lines = gojsonschemaLines(compiled.validate.errors ?? [], compiled.schema, document.json);
  return lines.map((line) => `- ${line}\n`).join('');
}
