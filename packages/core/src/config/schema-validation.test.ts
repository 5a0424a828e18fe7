import { describe, expect, it } from 'vitest';
import { GoMap, type GoValue } from '@kalypso/gotemplate';
import { validateConfigData, type ConfigSchemaRef } from './schema-validation.ts';

const data = (record: Record<string, GoValue>): GoMap => GoMap.fromRecord(record);
const yamlMap = (record: Record<string, GoValue>): GoMap =>
  new GoMap(Object.entries(record), 'map[interface {}]interface {}');
const schema = (value: unknown, origin = 'ConfigSchema test'): ConfigSchemaRef => ({
  text: typeof value === 'string' ? value : JSON.stringify(value),
  origin,
});
/** The per-error lines of a single failing schema. */
const lines = (config: Record<string, GoValue>, value: unknown): string[] | undefined =>
  validateConfigData(data(config), [schema(value)])
    ?.replace('Config data validation failed: \n ', '')
    .split('\n')
    .filter((line) => line !== '');

describe('validateConfigData', () => {
  it('reproduces the verified two-schema message of docs/kalypso-compatibility.md#schema-validation byte for byte', () => {
    const first = {
      type: 'object',
      required: ['REGION', 'DB'],
      properties: {
        PORT: { type: 'integer', maximum: 100 },
        FLAG: { type: 'boolean' },
        NAME: { type: 'string', minLength: 3 },
      },
    };
    const second = { properties: { NEG: { type: 'string' } } };
    const config = data({ PORT: '8080', FLAG: 'true', NAME: 'ab', NEG: '-5' });
    expect(validateConfigData(config, [schema(first), schema(second)])).toBe(
      'Config data validation failed: \n' +
        ' - REGION is required\n' +
        '- DB is required\n' +
        '- PORT: Must be less than or equal to 100\n' +
        '- FLAG: Invalid type. Expected: boolean, given: string\n' +
        '- NAME: String length must be greater than or equal to 3\n' +
        '\n' +
        '- NEG: Invalid type. Expected: string, given: integer\n',
    );
  });

  it('passes the config-schema-pass golden case (numbers coerced, "true" stays a string)', () => {
    const config = data({
      DEBUG: 'true',
      OFFLINE_CACHE_MB: '512',
      PROTOCOLS: ['mqtt', 'amqp'],
      REGION: 'westeurope',
      REPLICAS: '4',
      SAMPLING_RATIO: '0.25',
    });
    const schemas = [
      '{"type": "object", "required": ["OFFLINE_CACHE_MB"], "properties": {"OFFLINE_CACHE_MB": {"type": "integer", "minimum": 128}}}',
      `{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "required": ["REGION", "REPLICAS"],
        "properties": {
          "REGION": {"type": "string", "enum": ["westeurope", "northeurope"]},
          "REPLICAS": {"type": "integer", "minimum": 1, "maximum": 20},
          "SAMPLING_RATIO": {"type": "number", "exclusiveMaximum": 1},
          "DEBUG": {"type": "string", "enum": ["true", "false"]}}}`,
      '{"type": "object", "properties": {"REPLICAS": {"multipleOf": 2}}}',
      '{"type":"object","properties":{"PROTOCOLS":{"type":"array","items":{"type":"string"},"minItems":1}}}',
    ].map((text) => schema(text));
    expect(validateConfigData(config, schemas)).toBeUndefined();
  });

  it('fails the config-schema-fail golden case with gojsonschema lines', () => {
    const pci = `{"type": "object", "required": ["DATABASE_URL", "REPLICAS"],
      "properties": {"REPLICAS": {"type": "integer"}}}`;
    expect(validateConfigData(data({ REPLICAS: 'three' }), [schema(pci)])).toBe(
      'Config data validation failed: \n - DATABASE_URL is required\n' +
        '- REPLICAS: Invalid type. Expected: integer, given: string\n',
    );
  });

  it('is undefined without schemas and for an empty passing schema', () => {
    expect(validateConfigData(data({ A: 'x' }), [])).toBeUndefined();
    expect(validateConfigData(data({}), [schema({})])).toBeUndefined();
  });

  it.each<[string, Record<string, GoValue>, unknown, string[]]>([
    [
      'enum',
      { R: 'x' },
      { properties: { R: { enum: ['a', 1, null] } } },
      ['- R: R must be one of the following: "a", 1, null'],
    ],
    [
      'const',
      { R: 'x' },
      { properties: { R: { const: { b: 1, a: 'z' } } } },
      ['- R: R does not match: {"a":"z","b":1}'],
    ],
    [
      'pattern',
      { R: 'x' },
      { properties: { R: { pattern: '^[0-9]+$' } } },
      ["- R: Does not match pattern '^[0-9]+$'"],
    ],
    [
      'maxLength',
      { R: 'xyz' },
      { properties: { R: { maxLength: 2 } } },
      ['- R: String length must be less than or equal to 2'],
    ],
    [
      'minimum',
      { R: '1' },
      { properties: { R: { minimum: 1.5 } } },
      ['- R: Must be greater than or equal to 1.5'],
    ],
    [
      'exclusiveMinimum',
      { R: '1' },
      { properties: { R: { exclusiveMinimum: 1 } } },
      ['- R: Must be greater than 1'],
    ],
    [
      'exclusiveMaximum',
      { R: '1e6' },
      { properties: { R: { exclusiveMaximum: 1000000 } } },
      ['- R: Must be less than 1e+06'],
    ],
    [
      'draft-04 exclusiveMaximum',
      { R: '5' },
      { properties: { R: { maximum: 5, exclusiveMaximum: true } } },
      ['- R: Must be less than 5'],
    ],
    [
      'multipleOf',
      { R: '3' },
      { properties: { R: { multipleOf: 2 } } },
      ['- R: Must be a multiple of 2'],
    ],
    [
      'several types',
      { R: '1.5' },
      { properties: { R: { type: ['string', 'null'] } } },
      ['- R: Invalid type. Expected: [string,null], given: number'],
    ],
    [
      'additional property',
      { B: 'x', A: 'y' },
      { properties: { A: {} }, additionalProperties: false },
      ['- Additional property B is not allowed'],
    ],
    ['minProperties', { A: 'y' }, { minProperties: 2 }, ['- Must have at least 2 properties']],
    [
      'root type',
      { A: 'y' },
      { type: 'array' },
      ['- Invalid type. Expected: array, given: object'],
    ],
    [
      'root enum keeps the inner (root)',
      { A: 'y' },
      { enum: [1] },
      ['- (root) must be one of the following: 1'],
    ],
    [
      'false schema',
      { A: 'y' },
      { properties: { A: false } },
      ['- A: False always fails validation'],
    ],
    [
      'nested path',
      { L: [yamlMap({ a: 1n }), yamlMap({ a: 'x' })] },
      { properties: { L: { items: { properties: { a: { type: 'integer' } } } } } },
      ['- L.1.a: Invalid type. Expected: integer, given: string'],
    ],
    [
      'minItems',
      { L: ['x'] },
      { properties: { L: { minItems: 2 } } },
      ['- L: Array must have at least 2 items'],
    ],
    [
      'uniqueItems',
      { L: ['x', 'y', 'x', 'x'] },
      { properties: { L: { uniqueItems: true } } },
      ['- L: array items[0,2] must be unique', '- L: array items[2,3] must be unique'],
    ],
    [
      'additionalItems',
      { L: ['x', 'y'] },
      { properties: { L: { items: [{}], additionalItems: false } } },
      ['- L: No additional items allowed on array'],
    ],
    ['dependencies', { A: 'x' }, { dependencies: { A: ['B'] } }, ['- Has a dependency on B']],
    ['not', { A: 'x' }, { not: { required: ['A'] } }, ['- Must not validate the schema (not)']],
    [
      'anyOf keeps the closest branch',
      { A: 'x' },
      { anyOf: [{ required: ['B', 'C'] }, { required: ['D'] }] },
      ['- Must validate at least one schema (anyOf)', '- D is required'],
    ],
    [
      'oneOf with no valid branch',
      { A: 'x' },
      { oneOf: [{ required: ['B'] }, { required: ['C'] }] },
      ['- Must validate one and only one schema (oneOf)', '- B is required'],
    ],
    [
      'oneOf with two valid branches',
      { A: '5' },
      { oneOf: [{ required: ['A'] }, { properties: { A: { minimum: 1 } } }] },
      ['- Must validate one and only one schema (oneOf)'],
    ],
    [
      'allOf',
      { A: 'x' },
      { allOf: [{ required: ['B'] }, { required: ['C'] }] },
      ['- B is required', '- C is required', '- Must validate all the schemas (allOf)'],
    ],
    [
      'if/then',
      { A: 'x' },
      { if: { required: ['A'] }, then: { required: ['B'] } },
      ['- Must validate "then" as "if" was valid', '- B is required'],
    ],
    [
      '$ref',
      { A: 'x' },
      {
        properties: { A: { $ref: '#/definitions/n', minLength: 9 } },
        definitions: { n: { type: 'integer' } },
      },
      ['- A: Invalid type. Expected: integer, given: string'],
    ],
    [
      'format',
      { A: 'not-an-ip' },
      { properties: { A: { format: 'ipv4' } } },
      ["- A: Does not match format 'ipv4'"],
    ],
    [
      'type stops the node',
      { A: 'x' },
      { properties: { A: { type: 'integer', enum: [1], anyOf: [{ minimum: 3 }] } } },
      ['- A: Invalid type. Expected: integer, given: string'],
    ],
  ])('translates %s', (_name, config, value, expected) => {
    expect(lines(config, value)).toEqual(expected);
  });

  it('prefers an anyOf branch that got past its type check, as gojsonschema scoring does', () => {
    const value = {
      properties: { A: { anyOf: [{ type: 'integer' }, { minLength: 3, pattern: '^y' }] } },
    };
    expect(lines({ A: 'x' }, value)).toEqual([
      '- A: Must validate at least one schema (anyOf)',
      '- A: String length must be greater than or equal to 3',
      "- A: Does not match pattern '^y'",
    ]);
  });

  it('orders errors as gojsonschema walks the schema', () => {
    const value = {
      required: ['Z'],
      properties: { B: { type: 'string', enum: ['q'], minLength: 5 }, A: { maximum: 1 } },
      minProperties: 9,
    };
    expect(lines({ A: '2', B: 'x' }, value)).toEqual([
      '- Must have at least 9 properties',
      '- Z is required',
      '- B: B must be one of the following: "q"',
      '- B: String length must be greater than or equal to 5',
      '- A: Must be less than or equal to 1',
    ]);
  });

  it.each([
    ['Inf', '+Inf'],
    ['-infinity', '-Inf'],
    ['NaN', 'NaN'],
  ])('reports Go json.Marshal failing on %s with the key', (value, printed) => {
    expect(validateConfigData(data({ K: value }), [schema({})])).toBe(
      `Config data validation failed: \n json: unsupported value: ${printed} (config key 'K')`,
    );
  });

  it('reports a nested .inf the same way', () => {
    const text = validateConfigData(data({ K: yamlMap({ e: Infinity }) }), [schema({})]);
    expect(text).toContain("json: unsupported value: +Inf (config key 'K')");
  });

  it.each([
    ['{"type": "object", "required": yes}', "invalid character 'y' looking for beginning of value"],
    ['{"a": tru}', "invalid character '}' in literal true (expecting 'e')"],
    ['{"a": tyue}', "invalid character 'y' in literal true (expecting 'r')"],
    ['{"a": 1,}', "invalid character '}' looking for beginning of object key string"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a": 1 "b": 2}', `invalid character '"' after object key:value pair`],
    ['[1 2]', "invalid character '2' after array element"],
    ['{"a": "x', 'unexpected EOF'],
    ['   ', 'EOF'],
    ['{"a": -x}', "invalid character 'x' in numeric literal"],
    ['{"a": é}', "invalid character '\\xc3' looking for beginning of value"],
    ['{"a": "\tx"}', "invalid character '\\t' in string literal"],
    ['{"a": 1.}', "invalid character '}' after decimal point in numeric literal"],
    ["{'a': 1}", "invalid character '\\'' looking for beginning of object key string"],
    ['type: object', "invalid character 'y' in literal true (expecting 'r')"],
  ])('reports Go JSON syntax errors for schema text %j', (text, message) => {
    const result = validateConfigData(data({}), [
      schema(text, "ConfigSchema 'bad' (env/s.yaml:3)"),
    ]);
    expect(result).toBe(
      `Config data validation failed: \n ${message} in ConfigSchema 'bad' (env/s.yaml:3)`,
    );
  });

  it('ignores text after the first JSON value, as Go decoder does', () => {
    expect(validateConfigData(data({}), [schema('{"type":"object"} trailing')])).toBeUndefined();
  });

  it('names the origin when ajv rejects the schema', () => {
    const text = validateConfigData(data({}), [
      schema({ type: 'strin' }, "Workload 'w' target 't'"),
    ]);
    expect(text).toMatch(
      /^Config data validation failed: \n invalid JSON schema: .* in Workload 'w' target 't'$/,
    );
  });
});
