// The content key of one assignment's render (docs/decisions/incremental-render.md): an exact,
// type-tagged encoding of every input the per-assignment render reads — the template data (target, cluster type,
// workload, labels, manifests, environment, namespace, ConfigData), the ConfigSchemas that
// validate it, the three Templates whole (text, content type, origin) and the engine version.
// Two assignments with the same key render to the same bytes; anything the encoder does not know
// exactly gives no key, and an assignment without a key is rendered ("when in doubt, render").
import {
  GoInt,
  GoMap,
  GoStruct,
  isNilSlice,
  sliceElement,
  type GoValue,
} from '@kalypso/gotemplate';
import type { EncodedPackage } from '../gitops/tree.ts';
import type { Template } from '../model/types.ts';

/**
 * The version of the per-assignment render in the key. Bump it with any change to what a
 * Template renders to (the engine, its functions, the YAML and JSON encoders, the file layout of
 * an assignment): a key from another version never matches.
 */
export const RENDER_ENGINE_VERSION = 'kalypso-render-1';

/**
 * Assignments rendered in this process, by content key: a render that finds an assignment's key
 * here takes its files instead of rendering it. Only successful renders are kept.
 */
export class RenderMemo {
  private readonly packages = new Map<string, EncodedPackage>();
  private readonly templateIds = new Map<Template, string | undefined>();
  private readonly templateJson = new Map<string, string>();
  /** Packages taken from the memo, over the memo's life. */
  reused = 0;
  /** Packages rendered with a key (and kept). */
  rendered = 0;

  get(key: string): EncodedPackage | undefined {
    const found = this.packages.get(key);
    if (found !== undefined) this.reused++;
    return found;
  }

  set(key: string, pkg: EncodedPackage): void {
    this.rendered++;
    this.packages.set(key, pkg);
  }

  /**
   * The id of a Template's whole object (its JSON), computed once per object: Templates with the
   * same JSON get the same id, so a key holds a short id instead of the Template's text.
   */
  templateId(template: Template): string | undefined {
    if (this.templateIds.has(template)) return this.templateIds.get(template);
    const json = plainJson(template);
    let id: string | undefined;
    if (json !== undefined) {
      id = this.templateJson.get(json);
      if (id === undefined) {
        id = `T${this.templateJson.size}`;
        this.templateJson.set(json, id);
      }
    }
    this.templateIds.set(template, id);
    return id;
  }
}

/** What one assignment's render reads, besides the engine itself. */
export interface AssignmentInputs {
  /** The template data (`scheduler.dataType`), ConfigData included. */
  readonly data: GoValue;
  /** Texts of the ConfigSchemas that validate the ConfigData, in order. */
  readonly schemas: readonly string[];
  /** The reconciler, namespace and config Templates, in that order. */
  readonly templates: readonly [Template, Template, Template];
}

/**
 * The content key of an assignment's render (the exact encoding, not a digest: two keys are equal
 * only when the inputs are), or undefined when an input cannot be encoded exactly. Template ids
 * are the memo's own, so a key means something only to the memo that made it.
 */
export function assignmentKey(memo: RenderMemo, inputs: AssignmentInputs): string | undefined {
  const parts: string[] = [RENDER_ENGINE_VERSION];
  for (const template of inputs.templates) {
    const id = memo.templateId(template);
    if (id === undefined) return undefined;
    parts.push(id);
  }
  const data = canonicalGoValue(inputs.data);
  if (data === undefined) return undefined;
  return `${parts.join(';')};${JSON.stringify(inputs.schemas)}${data}`;
}

/** Thrown inside `encode` for a value it cannot encode exactly (caught by canonicalGoValue). */
class NotExact extends Error {}

/**
 * An exact, type-tagged encoding of a Go value: two values with the same encoding are the same
 * to every template function (type, slice element type, nil slice, map type and entry order
 * included). Every token ends itself (JSON strings, `;` after numbers and counts), so the
 * encoding reads back one way only. Undefined for a value it cannot encode exactly (a struct
 * with methods or a String method).
 */
export function canonicalGoValue(value: GoValue): string | undefined {
  const out: string[] = [];
  try {
    encode(value, out);
  } catch (error) {
    if (error instanceof NotExact) return undefined;
    throw error;
  }
  return out.join('');
}

function encode(value: GoValue, out: string[]): void {
  if (value === null) {
    out.push('n');
    return;
  }
  switch (typeof value) {
    case 'string':
      out.push('s', JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 't' : 'f');
      return;
    case 'bigint':
      out.push('i', value.toString(), ';');
      return;
    case 'number':
      out.push('d', Object.is(value, -0) ? '-0' : String(value), ';');
      return;
  }
  if (value instanceof GoInt) {
    out.push('I', value.type, ':', value.value.toString(), ';');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[', JSON.stringify(sliceElement(value)), isNilSlice(value) ? '!' : '');
    out.push(String(value.length), ';');
    for (const item of value) encode(item, out);
    out.push(']');
    return;
  }
  if (value instanceof GoMap) {
    out.push('{', value.type, ';', String(value.size), ';');
    for (const [key, item] of value.entries) {
      encode(key, out);
      encode(item, out);
    }
    out.push('}');
    return;
  }
  if (value instanceof GoStruct) {
    if (
      value.text !== undefined ||
      value.methods !== undefined ||
      value.goSyntax !== undefined ||
      value.marshal !== 'fields'
    )
      throw new NotExact('not exactly encodable');
    out.push('(', JSON.stringify(value.typeName), String(value.fields.size), ';');
    for (const [name, item] of value.fields) {
      out.push(JSON.stringify(name));
      encode(item, out);
    }
    out.push(')');
    return;
  }
  throw new NotExact('not exactly encodable');
}

/**
 * JSON of a plain object tree (strings, finite numbers, booleans, null, arrays, plain objects;
 * an undefined property is absent); undefined for anything else.
 */
function plainJson(value: unknown): string | undefined {
  let exact = true;
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || item === undefined) return item; // undefined: as absent, which it means
    if (typeof item === 'string' || typeof item === 'boolean') return item;
    if (typeof item === 'number') {
      if (!Number.isFinite(item) || Object.is(item, -0)) exact = false;
      return item;
    }
    if (Array.isArray(item)) return item as unknown[];
    if (typeof item === 'object') {
      const prototype: unknown = Object.getPrototypeOf(item);
      if (prototype === Object.prototype || prototype === null) return item;
    }
    exact = false; // a Map, a class instance, a function, a bigint: not plain
    return null;
  });
  return exact ? text : undefined;
}
