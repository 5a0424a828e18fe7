/**
 * sprig 3.2.3 encoding, JSON and checksum functions. Decoding errors are returned as the
 * result string (sprig's b64dec/b32dec return err.Error()), with Go's message wording.
 */
import type { GoValue } from '../../go/values.ts';
import { rethrowBudget } from '../budget.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, fn, str } from './args.ts';
import { adler32, sha1Hex, sha256Hex } from './digest.ts';
import { hasInterfaceKeyedMap, marshalJson, unmarshalJson, type JsonOptions } from './json.ts';
import { fromUtf8, utf8 } from './text.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Standard padded encoding with `bits` bits per symbol (6 = base64, 5 = base32). */
function encodeBase(data: Uint8Array, alphabet: string, bits: number): string {
  const group = bits === 6 ? 4 : 8;
  let out = '';
  let buffer = 0;
  let count = 0;
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    count += 8;
    while (count >= bits) {
      count -= bits;
      out += alphabet[(buffer >> count) & ((1 << bits) - 1)];
    }
    buffer &= (1 << count) - 1;
  }
  if (count > 0) out += alphabet[(buffer << (bits - count)) & ((1 << bits) - 1)];
  while (out.length % group !== 0) out += '=';
  return out;
}

function corrupt(name: string, at: number): Error {
  return new Error(`illegal ${name} data at input byte ${at}`);
}

// Packs `count` symbols of `bits` bits and appends the whole bytes they hold.
function flush(out: number[], symbols: readonly number[], count: number, bits: number): void {
  let buffer = 0n;
  for (let j = 0; j < count; j++) buffer = (buffer << BigInt(bits)) | BigInt(symbols[j] ?? 0);
  const bytes = Math.floor((count * bits) / 8);
  buffer >>= BigInt(count * bits - bytes * 8);
  for (let j = bytes - 1; j >= 0; j--) out.push(Number((buffer >> BigInt(j * 8)) & 0xffn));
}

/** encoding/base64 StdEncoding.DecodeString, following Go's quantum loop and error offsets. */
function decodeBase64(text: string): Uint8Array {
  const src = utf8(text);
  const out: number[] = [];
  let si = 0;
  for (;;) {
    const quantum: number[] = [];
    let dlen = 4;
    let j = 0;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return Uint8Array.from(out);
        throw corrupt('base64', si - j);
      }
      const ch = src[si++] ?? 0;
      const value = B64.indexOf(String.fromCharCode(ch));
      if (ch < 0x80 && value >= 0) {
        quantum[j] = value;
        continue;
      }
      if (ch === 0x0a || ch === 0x0d) {
        j--;
        continue;
      }
      if (ch !== 0x3d || j < 2) throw corrupt('base64', si - 1);
      if (j === 2) {
        while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++;
        if (si === src.length) throw corrupt('base64', src.length);
        if (src[si] !== 0x3d) throw corrupt('base64', si - 1);
        si++;
      }
      while (si < src.length && (src[si] === 0x0a || src[si] === 0x0d)) si++;
      if (si < src.length) throw corrupt('base64', si);
      dlen = j;
      break;
    }
    flush(out, quantum, dlen, 6);
    if (dlen < 4) return Uint8Array.from(out);
  }
}

/** encoding/base32 StdEncoding.DecodeString (newlines stripped first, as Go does). */
function decodeBase32(text: string): Uint8Array {
  const src = utf8(text).filter((b) => b !== 0x0a && b !== 0x0d);
  const olen = src.length;
  const out: number[] = [];
  let pos = 0;
  while (pos < olen) {
    const quantum: number[] = [];
    let dlen = 8;
    for (let j = 0; j < 8;) {
      if (pos === olen) throw corrupt('base32', olen - (olen - pos) - j);
      const ch = src[pos++] ?? 0;
      const left = olen - pos;
      if (ch === 0x3d && j >= 2 && left < 8) {
        if (left + j < 7) throw corrupt('base32', olen);
        for (let k = 0; k < 7 - j; k++) {
          if (left > k && src[pos + k] !== 0x3d) throw corrupt('base32', olen - left + k - 1);
        }
        dlen = j;
        if (dlen === 1 || dlen === 3 || dlen === 6) throw corrupt('base32', olen - left - 1);
        pos = olen;
        break;
      }
      const value = ch < 0x80 ? B32.indexOf(String.fromCharCode(ch)) : -1;
      if (value < 0) throw corrupt('base32', olen - left - 1);
      quantum[j++] = value;
    }
    flush(out, quantum, dlen, 5);
  }
  return Uint8Array.from(out);
}

function decoded(text: string, decode: (text: string) => Uint8Array): string {
  try {
    return fromUtf8(decode(text));
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * toJson and friends. A value holding a mapping with `interface{}` keys (a structured config
 * value) is written as JSON (docs/decisions/sprig3-function-set.md) with a notice, because Go's
 * encoding/json refuses it: the operator's toJson prints "" there. With `goJson` the function
 * refuses it as Go does (the operator's behaviour, {@link goJsonTemplateFunctions}).
 */
function json(opts: JsonOptions, must: boolean, goJson = false): TemplateFunction {
  return fn(1, (a, context) => {
    const value = arg(a, 0);
    if (hasInterfaceKeyedMap(value)) {
      if (goJson) {
        if (must) throw new Error('json: unsupported type: map[interface {}]interface {}');
        return '';
      }
      context?.notice(
        'json-interface-map',
        `its value holds a map[interface {}]interface {}, which Go's encoding/json cannot encode: sprig prints "" for it, this engine writes the JSON`,
      );
    }
    try {
      return marshalJson(value, opts);
    } catch (error) {
      rethrowBudget(error);
      if (must) throw error;
      return '';
    }
  });
}

const compact: JsonOptions = { escapeHtml: true };
const pretty: JsonOptions = { escapeHtml: true, indent: '  ' };
const raw: JsonOptions = { escapeHtml: false };

function fromJson(must: boolean): TemplateFunction {
  return fn(1, (a): GoValue => {
    try {
      return unmarshalJson(str(arg(a, 0)));
    } catch (error) {
      if (must) throw error;
      return null;
    }
  });
}

/** The encoding, JSON and checksum functions by name. */
export const encodingFunctions: Record<string, TemplateFunction> = {
  b64enc: fn(1, (a) => encodeBase(utf8(str(arg(a, 0))), B64, 6)),
  b64dec: fn(1, (a) => decoded(str(arg(a, 0)), decodeBase64)),
  b32enc: fn(1, (a) => encodeBase(utf8(str(arg(a, 0))), B32, 5)),
  b32dec: fn(1, (a) => decoded(str(arg(a, 0)), decodeBase32)),
  toJson: json(compact, false),
  mustToJson: json(compact, true),
  toPrettyJson: json(pretty, false),
  mustToPrettyJson: json(pretty, true),
  toRawJson: json(raw, false),
  mustToRawJson: json(raw, true),
  fromJson: fromJson(false),
  mustFromJson: fromJson(true),
  sha1sum: fn(1, (a) => sha1Hex(utf8(str(arg(a, 0))))),
  sha256sum: fn(1, (a) => sha256Hex(utf8(str(arg(a, 0))))),
  adler32sum: fn(1, (a) => String(adler32(utf8(str(arg(a, 0)))))),
};

/** The JSON functions as Go's encoding/json has them: a mapping with `interface{}` keys is refused. */
export const goJsonFunctions: Record<string, TemplateFunction> = {
  toJson: json(compact, false, true),
  mustToJson: json(compact, true, true),
  toPrettyJson: json(pretty, false, true),
  mustToPrettyJson: json(pretty, true, true),
  // sprig 3's toRawJson panics on an encoding error.
  toRawJson: json(raw, true, true),
  mustToRawJson: json(raw, true, true),
};
