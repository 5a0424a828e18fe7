// The contract check: every REST answer of the local GitHub is validated against GitHub's own
// OpenAPI description (`@octokit/openapi`, generated/api.github.com.json) — the schema of the
// matching operation and response code — so the fake cannot drift from GitHub. The server checks
// each answer as it sends it (lazily compiling one validator per operation and status) and keeps
// the mismatches; the test run's global teardown fails on any (docs/architecture.md#the-contract-test).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** One answer that does not match GitHub's description. */
export interface ContractMismatch {
  /** GitHub's operation id (`pulls/create`), or the route when GitHub has no such operation. */
  operation: string;
  method: string;
  /** The route template the server matched (`/repos/{owner}/{repo}/pulls`). */
  route: string;
  status: number;
  /** JSON path of the first mismatch in the body (`$.head.repo.owner`), `$` for the whole. */
  path: string;
  message: string;
}

/** What the check saw: answers validated per operation and status, and the mismatches. */
export interface ContractReport {
  checked: Record<string, number>;
  mismatches: ContractMismatch[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Operation {
  operationId: string;
  responses: Record<string, JsonObject>;
}

/** GitHub's description as one JSON document (13 MB; read once, when the first answer is checked). */
export function loadGitHubDescription(): JsonObject {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
  return JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
}

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: `null` joins the type (and the enum), or, where
 * the schema has no type of its own (an `allOf`/`$ref` wrapper), the schema becomes
 * `anyOf: [schema, {type: null}]`.
 */
function toJsonSchema(node: Json): Json {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    // `example(s)` hold sample data, not schemas: nothing to convert inside them.
    out[key] = key === 'example' || key === 'examples' ? value : toJsonSchema(value);
  }
  if (out.nullable !== true) return out;
  delete out.nullable;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

/**
 * Where GitHub's description contradicts GitHub's own answers, each with the reason; applied to
 * the description before anything is checked. Keep this list short and every entry justified.
 */
export const descriptionErrata: readonly {
  pointer: string;
  /** The JSON Schema put in place of the described one (OpenAPI's `nullable` is understood). */
  schema: JsonObject;
  reason: string;
}[] = [
  {
    pointer:
      '/components/schemas/pull-request-simple/properties/labels/items/properties/description',
    schema: { type: 'string', nullable: true },
    reason:
      'A label without a description has `description: null` (the `label` schema, and the labels of `pull-request`, say so); `pull-request-simple` alone declares a string.',
  },
  ...['target_url', 'environment_url', 'log_url'].map((field) => ({
    pointer: `/components/schemas/deployment-status/properties/${field}`,
    schema: { anyOf: [{ type: 'string', format: 'uri' } as JsonObject, { const: '' }] },
    reason: `A deployment status created without \`${field}\` has \`"${field}": ""\` (the default the create operation documents), which is no URI.`,
  })),
];

function applyErrata(document: JsonObject): void {
  for (const erratum of descriptionErrata) {
    const keys = erratum.pointer.split('/').slice(1);
    const last = keys.pop() ?? '';
    let parent: Json = document;
    for (const key of keys) {
      parent =
        parent !== null && typeof parent === 'object' && !Array.isArray(parent)
          ? (parent[key] ?? null)
          : null;
    }
    if (
      parent === null ||
      typeof parent !== 'object' ||
      Array.isArray(parent) ||
      parent[last] === undefined
    ) {
      throw new Error(
        `contract erratum no longer applies (the description changed): ${erratum.pointer}`,
      );
    }
    parent[last] = erratum.schema;
  }
}

/** The server's template (`{path+}` = the rest of the path) → GitHub's path template. */
export function descriptionPath(route: string): string {
  const template = route.replace(/\{(\w+)\+\}/g, '{$1}');
  // The contents of the repository root: GitHub describes it as `contents/{path}` with path ''.
  return template === '/repos/{owner}/{repo}/contents'
    ? '/repos/{owner}/{repo}/contents/{path}'
    : template;
}

/** Ajv's instance path (`/head/repo/0`) as a JSON path (`$.head.repo[0]`). */
function jsonPath(instancePath: string): string {
  if (instancePath === '') return '$';
  return (
    '$' +
    instancePath
      .split('/')
      .slice(1)
      .map((raw) => raw.replaceAll('~1', '/').replaceAll('~0', '~'))
      .map((part) =>
        /^\d+$/.test(part)
          ? `[${part}]`
          : /^[A-Za-z_$][\w$]*$/.test(part)
            ? `.${part}`
            : `[${JSON.stringify(part)}]`,
      )
      .join('')
  );
}

function describe(error: ErrorObject): { path: string; message: string } {
  const params = error.params as Record<string, unknown>;
  const at = jsonPath(error.instancePath);
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    return {
      path: `${at}.${missing}`,
      message: `required property '${missing}' is missing`,
    };
  }
  if (error.keyword === 'additionalProperties') {
    return {
      path: `${at}.${String(params.additionalProperty)}`,
      message: 'property not in the description',
    };
  }
  return { path: at, message: `${error.message ?? error.keyword} (${error.schemaPath})` };
}

/**
 * Validates answers against GitHub's description. Construct with the description (or let it load
 * `@octokit/openapi` on first use).
 */
export class ContractChecker {
  private readonly load: () => JsonObject;
  private ajv: Ajv | undefined;
  private paths: Record<string, Record<string, Operation>> = {};
  private responses: Record<string, JsonObject> = {};
  private readonly validators = new Map<string, ValidateFunction | 'no-body'>();
  private readonly checked = new Map<string, number>();
  readonly mismatches: ContractMismatch[] = [];
  /** Mismatches kept (the first ones: one wrong shape usually repeats in every answer). */
  private readonly keep: number;

  constructor(description: JsonObject | (() => JsonObject) = loadGitHubDescription, keep = 50) {
    this.load = typeof description === 'function' ? description : () => description;
    this.keep = keep;
  }

  private init(): Ajv {
    if (this.ajv) return this.ajv;
    const original = this.load();
    applyErrata(original);
    const document = toJsonSchema(original) as JsonObject;
    this.paths = document.paths as unknown as typeof this.paths;
    this.responses = ((document.components as JsonObject).responses ?? {}) as Record<
      string,
      JsonObject
    >;
    // `strict: false`: the description carries OpenAPI keywords Ajv does not know (`example`,
    // `readOnly`, `discriminator`, `x-github`); they carry no constraint on the answer.
    const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
    (addFormatsModule as unknown as (ajv: Ajv) => Ajv)(ajv);
    ajv.addFormat('uri-template', true);
    ajv.addSchema({ components: document.components }, 'github');
    this.ajv = ajv;
    return ajv;
  }

  /** The validator of one operation's answer, `'no-body'` when the answer has no content. */
  private validator(
    operation: Operation,
    key: string,
    status: number,
  ): ValidateFunction | 'no-body' {
    const ajv = this.init();
    const found = this.validators.get(key);
    if (found) return found;
    // An error status GitHub's description leaves out (401, the 403 of a rate limit, a 5xx), or
    // describes without a body: GitHub answers those with its basic error body.
    let response: JsonObject = operation.responses[String(status)] ?? {};
    if (typeof response.$ref === 'string') {
      response = this.responses[response.$ref.split('/').pop() ?? ''] ?? {};
    }
    if (status >= 400 && response.content === undefined) {
      response = {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/basic-error' } } },
      };
    }
    const content = response.content as JsonObject | undefined;
    const schema = (content?.['application/json'] as JsonObject | undefined)?.schema;
    const validate = schema === undefined ? 'no-body' : ajv.compile(rebase(schema) as object);
    this.validators.set(key, validate);
    return validate;
  }

  /** Checks one answer; returns the mismatch (also kept in `mismatches`), if any. */
  check(
    method: string,
    route: string,
    status: number,
    body: unknown,
  ): ContractMismatch | undefined {
    this.init();
    const path = descriptionPath(route);
    const verb = method.toLowerCase();
    const operation = this.paths[path]?.[verb];
    const key = `${method} ${route} ${status}`;
    this.checked.set(key, (this.checked.get(key) ?? 0) + 1);
    const mismatch = (found: Omit<ContractMismatch, 'method' | 'route' | 'status'>) => {
      const full = { ...found, method, route, status };
      if (this.mismatches.length < this.keep) this.mismatches.push(full);
      return full;
    };
    if (!operation) {
      return mismatch({
        operation: `${method} ${route}`,
        path: '$',
        message: 'GitHub describes no such operation',
      });
    }
    const described = operation.responses[String(status)] !== undefined;
    // GitHub answers a conditional GET (If-None-Match with the ETag of its last answer) with 304
    // and no body on every operation, though the description lists 304 on a few only (GitHub's
    // REST guide "Best practices": "use conditional requests if appropriate").
    if (!described && status === 304 && method === 'GET') {
      return body === undefined
        ? undefined
        : mismatch({
            operation: operation.operationId,
            path: '$',
            message: "GitHub's 304 answer has no body, this one has",
          });
    }
    if (!described && status < 400) {
      return mismatch({
        operation: operation.operationId,
        path: '$',
        message: `GitHub describes no ${status} answer for this operation`,
      });
    }
    const validate = this.validator(
      operation,
      `${verb} ${path} ${described ? status : 'error'}`,
      status,
    );
    if (validate === 'no-body') {
      return body === undefined
        ? undefined
        : mismatch({
            operation: operation.operationId,
            path: '$',
            message: `GitHub's ${status} answer has no body, this one has`,
          });
    }
    if (validate(body)) return undefined;
    const first = validate.errors?.[0];
    return mismatch({
      operation: operation.operationId,
      ...(first ? describe(first) : { path: '$', message: 'does not match' }),
    });
  }

  report(): ContractReport {
    return { checked: Object.fromEntries(this.checked), mismatches: [...this.mismatches] };
  }
}

/** An inline schema whose `$ref`s point into the description → the same, pointing at `github`. */
function rebase(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebase);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' ? `github${value}` : rebase(value);
  }
  return out;
}

/** Formats a mismatch for a failure message. */
export function formatMismatch(m: ContractMismatch): string {
  return `${m.operation} (${m.method} ${m.route}) ${m.status} at ${m.path}: ${m.message}`;
}
