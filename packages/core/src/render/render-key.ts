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
} from '@kalypso/gotemplate/go';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { EncodedPackage } from '../gitops/tree.ts';
import type { Template } from '../model/types.ts';

/**
 * The version of the per-assignment render in the key. Bump it with any change to what a
 * Template renders to (the engine, its functions, the YAML and JSON encoders, the file layout of
 * an assignment): a key from another version never matches.
 */
export const RENDER_ENGINE_VERSION = 'kalypso-render-1';

/** A digest of a text: lower-case hex SHA-256 of its UTF-8 bytes (the default: `sha256Hex`). */
export type TextDigest = (text: string) => string;

/** SHA-256 of a text in pure JavaScript; an adapter may pass a native one (same result). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * The content key of one assignment's render: the ids of the parts many assignments share (the
 * three Templates, the ConfigData, the ConfigSchemas), each standing for the exact encoding of
 * that part, and the exact encoding of the rest of the template data (`residual`, with `#` where
 * the ConfigData is).
 */
export interface AssignmentKey {
  /** Exact in the memo that made it: equal ids, equal inputs. */
  readonly id: string;
  readonly parts: readonly number[];
  readonly residual: string;
}

/**
 * Assignments rendered in this process, by content key: a render that finds an assignment's key
 * here takes its files instead of rendering it. Only successful renders are kept. The memo also
 * interns the parts of keys (each distinct encoding once, with a small id), so an assignment's key
 * is a handful of ids and its own small residual, not the encoding of all its data.
 */
export class RenderMemo {
  private readonly packages = new Map<string, EncodedPackage>();
  private readonly partIds = new Map<string, number>();
  private readonly partTexts: string[] = [];
  private readonly partDigests: (string | undefined)[] = [];
  /** The text of a stable key before its residual, by the ids of its parts. */
  private readonly stablePrefixes = new Map<string, string>();
  private readonly templateParts = new WeakMap<Template, number | undefined>();
  private readonly digestText: TextDigest;
  /** Packages taken from the memo, over the memo's life. */
  reused = 0;
  /** Packages rendered with a key (and kept). */
  rendered = 0;

  constructor(options: { readonly digest?: TextDigest } = {}) {
    this.digestText = options.digest ?? sha256Hex;
  }

  get(key: AssignmentKey): EncodedPackage | undefined {
    const found = this.packages.get(key.id);
    if (found !== undefined) this.reused++;
    return found;
  }

  set(key: AssignmentKey, pkg: EncodedPackage): void {
    this.rendered++;
    this.packages.set(key.id, pkg);
  }

  /** The id of an encoding: equal encodings, equal ids (interned for the memo's life). */
  part(encoding: string): number {
    let id = this.partIds.get(encoding);
    if (id === undefined) {
      id = this.partTexts.length;
      this.partIds.set(encoding, id);
      this.partTexts.push(encoding);
    }
    return id;
  }

  /** The part of a Template's whole object (its JSON), computed once per object. */
  templatePart(template: Template): number | undefined {
    if (this.templateParts.has(template)) return this.templateParts.get(template);
    const json = plainJson(template);
    const id = json === undefined ? undefined : this.part(`T${json}`);
    this.templateParts.set(template, id);
    return id;
  }

  /**
   * The key as it means the same in every process: the SHA-256 of the engine version, the
   * digests of its parts and its residual. Part digests are computed once per part.
   */
  stableKey(key: AssignmentKey): string {
    // The text before the residual is the same for every key with these parts (the parts a
    // cluster type's assignments share): made once per combination.
    const ids = key.parts.join(',');
    let prefix = this.stablePrefixes.get(ids);
    if (prefix === undefined) {
      const digests = key.parts.map((id) => {
        let digest = this.partDigests[id];
        if (digest === undefined) {
          digest = this.digestText(wellFormed(this.partTexts[id]!));
          this.partDigests[id] = digest;
        }
        return digest;
      });
      prefix = `${RENDER_ENGINE_VERSION};${digests.join(',')};`;
      this.stablePrefixes.set(ids, prefix);
    }
    // `wellFormed` of the whole text: the prefix is ASCII (the version and hex digests), so the
    // text holds a lone surrogate exactly when the residual does.
    const text = `${prefix}${key.residual}`;
    return this.digestText(
      LONE_SURROGATE.test(key.residual) ? `j${JSON.stringify(text)}` : `w${text}`,
    );
  }
}

/** A surrogate code unit not part of a pair (with the `u` flag, a pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

/** A text as a well-formed string (a lone surrogate escaped), injectively. */
function wellFormed(text: string): string {
  return LONE_SURROGATE.test(text) ? `j${JSON.stringify(text)}` : `w${text}`;
}

/** What one assignment's render reads, besides the engine itself. */
export interface AssignmentInputs {
  /**
   * The template data (`scheduler.dataType`) with stand-ins where the values many assignments
   * share are (the ConfigData, the target's labels and manifests): each is keyed by its part.
   */
  readonly data: GoValue;
  /** Each stand-in in `data` with its part (`memo.part` of the canonical encoding of its value). */
  readonly shared: readonly (readonly [object, number])[];
  /** Parts of the texts of the ConfigSchemas that validate the ConfigData, in order. */
  readonly schemaParts: readonly number[];
  /** The reconciler, namespace and config Templates, in that order. */
  readonly templates: readonly [Template, Template, Template];
}

/**
 * The content key of an assignment's render, or undefined when an input cannot be encoded
 * exactly. Part ids are the memo's own: `stableKey` gives the key every process agrees on.
 */
export function assignmentKey(
  memo: RenderMemo,
  inputs: AssignmentInputs,
): AssignmentKey | undefined {
  const parts: number[] = [];
  for (const template of inputs.templates) {
    const id = memo.templatePart(template);
    if (id === undefined) return undefined;
    parts.push(id);
  }
  const stands = new Map<object, number>();
  for (const [stand, part] of inputs.shared) {
    stands.set(stand, stands.size);
    parts.push(part);
  }
  for (const part of inputs.schemaParts) parts.push(part);
  const residual = canonicalGoValue(inputs.data, stands);
  if (residual === undefined) return undefined;
  const id = `${parts.join(',')};${residual}`;
  return { id, parts, residual };
}

/** Thrown inside `encode` for a value it cannot encode exactly (caught by canonicalGoValue). */
class NotExact extends Error {}

/**
 * An exact, type-tagged encoding of a Go value: two values with the same encoding are the same
 * to every template function (type, slice element type, nil slice, map type and entry order
 * included). A stand-in (an object of `stands`, keyed apart by its part) is written `#<index>;`. Every
 * token ends itself (JSON strings, `;` after numbers and counts), so the
 * encoding reads back one way only. Undefined for a value it cannot encode exactly (a struct
 * with methods or a String method).
 */
export function canonicalGoValue(
  value: GoValue,
  stands?: ReadonlyMap<object, number>,
): string | undefined {
  const out: string[] = [];
  try {
    encode(value, out, stands);
  } catch (error) {
    if (error instanceof NotExact) return undefined;
    throw error;
  }
  return out.join('');
}

function encode(
  value: GoValue,
  out: string[],
  stands: ReadonlyMap<object, number> | undefined,
): void {
  const stand = value !== null && typeof value === 'object' ? stands?.get(value) : undefined;
  if (stand !== undefined) {
    out.push('#', String(stand), ';');
    return;
  }
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
    for (const item of value) encode(item, out, stands);
    out.push(']');
    return;
  }
  if (value instanceof GoMap) {
    out.push('{', value.type, ';', String(value.size), ';');
    for (const [key, item] of value.entries) {
      encode(key, out, stands);
      encode(item, out, stands);
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
      encode(item, out, stands);
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
