import { formatFloat } from '../go/format-float.ts';
import { chargeSteps, reserve } from '../template/budget.ts';
import { GoInt, GoMap, GoStruct, goStringBytes, type GoKey, type GoValue } from '../go/values.ts';
import {
  DOUBLE_QUOTED,
  isSimpleKey,
  isValidUtf8,
  PLAIN,
  SINGLE_QUOTED,
  sortedKeys,
  stringStyle,
} from './emit-choices.ts';
import { chompIndicator, escapeCodePoint, isBreak, isPrintable } from './scalar-analysis.ts';

/**
 * gopkg.in/yaml.v3 `yaml.Marshal` for Go values. The emitter keeps libyaml's writer state
 * (column, indent, whitespace, indention) and makes the same decisions in the same order, so the
 * odd corners — 4-space indentation that aligns to multiples of 4, `- ` items that indent their
 * content by 2, literal blocks, `? ` keys — come out as go-yaml writes them.
 */

const BEST_INDENT = 4;
const MAX_DEPTH = 2000;

/** yaml.v3's floatv: strconv 'g' formatting with YAML's spellings of the specials. */
function floatText(x: number): string {
  if (Number.isNaN(x)) return '.nan';
  if (x === Infinity) return '.inf';
  if (x === -Infinity) return '-.inf';
  return formatFloat(x, 'g', -1);
}

/** The text of a non-string scalar; these are always written plain. */
function scalarText(value: null | boolean | bigint | number): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return floatText(value);
  return String(value);
}

class Emitter {
  out = '';
  private column = 0;
  private indent = -1;
  private readonly indents: number[] = [];
  private whitespace = true;
  private indention = true;
  private depth = 0;

  /** libyaml's increase_indent; `inSequenceItem` is "the top state is BLOCK_SEQUENCE_ITEM". */
  private increaseIndent(flow: boolean, inSequenceItem: boolean): void {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (inSequenceItem) this.indent += 2;
    else this.indent = BEST_INDENT * Math.floor((this.indent + BEST_INDENT) / BEST_INDENT);
  }

  private restoreIndent(): void {
    this.indent = this.indents.pop() ?? -1;
  }

  private putBreak(): void {
    this.out += '\n';
    this.column = 0;
    this.indention = true;
  }

  private writeIndent(): void {
    const indent = this.indent < 0 ? 0 : this.indent;
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace)) {
      this.putBreak();
    }
    if (this.column < indent) {
      this.out += ' '.repeat(indent - this.column);
      this.column = indent;
    }
    this.whitespace = true;
  }

  private writeIndicator(
    text: string,
    needWhitespace: boolean,
    isWhitespace: boolean,
    isIndention: boolean,
  ): void {
    if (needWhitespace && !this.whitespace) {
      this.out += ' ';
      this.column++;
    }
    this.out += text;
    this.column += text.length;
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }

  /** The document end's write_indent at indentation 0, which finishes the last line. */
  endDocument(): void {
    this.writeIndent();
  }

  /** Emits one node; `inSequenceItem` and `simpleKey` are libyaml's context for it. */
  node(value: GoValue, inSequenceItem: boolean, simpleKey: boolean): void {
    // Every node counts against the running template's step budget (shared parts can make a
    // small value enormous to walk).
    chargeSteps(1);
    reserve(this.out.length);
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'string' && !isValidUtf8(value)) {
        this.binaryScalar(value, inSequenceItem, simpleKey);
      } else if (typeof value === 'string') this.stringScalar(value, inSequenceItem, simpleKey);
      else this.scalar(scalarText(value), PLAIN, inSequenceItem);
      return;
    }
    if (value instanceof GoInt) {
      this.scalar(String(value.value), PLAIN, inSequenceItem);
      return;
    }
    // A value with MarshalText is marshalled as that string; one with only unexported fields
    // (the operator's `*semver.Version`) as an empty mapping.
    if (value instanceof GoStruct && value.marshal === 'text' && value.text !== undefined) {
      this.stringScalar(value.text, inSequenceItem, simpleKey);
      return;
    }
    if (value instanceof GoStruct && (value.marshal === 'json-text' || value.marshal === 'empty')) {
      this.emptyFlow('{', '}');
      return;
    }
    if (++this.depth > MAX_DEPTH) {
      throw new Error('yaml: cannot marshal a cyclic or too deeply nested value');
    }
    if (Array.isArray(value)) {
      if (value.length === 0) this.emptyFlow('[', ']');
      else this.sequence(value, inSequenceItem);
    } else if (value instanceof GoMap) {
      if (value.size === 0) this.emptyFlow('{', '}');
      else this.mapping(sortedKeys(value), (k) => value.entries.get(k) ?? null, inSequenceItem);
    } else if (value instanceof GoStruct) {
      this.struct(value, inSequenceItem);
    }
    this.depth--;
  }

  private emptyFlow(open: string, close: string): void {
    this.writeIndicator(open, true, true, false);
    this.writeIndicator(close, false, false, false);
  }

  private sequence(items: readonly GoValue[], inSequenceItem: boolean): void {
    this.increaseIndent(false, inSequenceItem);
    for (const item of items) {
      this.writeIndent();
      this.writeIndicator('-', true, false, true);
      this.node(item, true, false);
    }
    this.restoreIndent();
  }

  private mapping(
    keys: readonly GoKey[],
    valueOf: (key: GoKey) => GoValue,
    inSequenceItem: boolean,
  ): void {
    this.increaseIndent(false, inSequenceItem);
    for (const key of keys) {
      this.writeIndent();
      if (isSimpleKey(key)) {
        this.node(key, false, true);
        this.writeIndicator(':', false, false, false);
      } else {
        // Long or multi-line keys: `? key` then `: value` on its own line.
        this.writeIndicator('?', true, false, true);
        this.node(key, false, false);
        this.writeIndent();
        this.writeIndicator(':', true, false, true);
      }
      this.node(valueOf(key), false, false);
    }
    this.restoreIndent();
  }

  /** yaml.v3 writes struct fields in declaration order under their lowercased names. */
  private struct(value: GoStruct, inSequenceItem: boolean): void {
    if (value.fields.size === 0) {
      this.emptyFlow('{', '}');
      return;
    }
    const byKey = new Map<GoKey, GoValue>();
    for (const [name, field] of value.fields) byKey.set(name.toLowerCase(), field);
    this.mapping([...byKey.keys()], (k) => byKey.get(k) ?? null, inSequenceItem);
  }

  /** yaml.v3's stringv and libyaml's select_scalar_style for a string. */
  /**
   * yaml.v3 writes a string that is not valid UTF-8 as `!!binary` base64, in lines of 70
   * characters each ending with a line break once there are 70 or more.
   */
  private binaryScalar(s: string, inSequenceItem: boolean, simpleKey: boolean): void {
    const bytes = goStringBytes(s);
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    const encoded = btoa(binary);
    const multiLine = encoded.length >= 70;
    let text = '';
    for (let i = 0; i < encoded.length; i += 70) {
      text += encoded.slice(i, i + 70) + (multiLine ? '\n' : '');
    }
    this.writeIndicator('!!binary', true, false, false);
    this.scalar(text, stringStyle(text, simpleKey), inSequenceItem);
  }

  private stringScalar(s: string, inSequenceItem: boolean, simpleKey: boolean): void {
    this.scalar(s, stringStyle(s, simpleKey), inSequenceItem);
  }

  private scalar(s: string, style: number, inSequenceItem: boolean): void {
    this.increaseIndent(true, inSequenceItem);
    switch (style) {
      case PLAIN:
        if (s.length > 0 && !this.whitespace) {
          this.out += ' ';
          this.column++;
        }
        this.out += s;
        this.column += s.length;
        if (s.length > 0) this.whitespace = false;
        this.indention = false;
        break;
      case SINGLE_QUOTED:
        this.singleQuoted(s);
        break;
      case DOUBLE_QUOTED:
        this.doubleQuoted(s);
        break;
      default:
        this.literal(s);
    }
    this.restoreIndent();
  }

  private singleQuoted(s: string): void {
    this.writeIndicator("'", true, false, false);
    let breaks = false;
    for (const ch of s) {
      const c = ch.codePointAt(0) ?? 0;
      if (isBreak(c)) {
        // Only LS and PS get here (LF goes literal, CR and NEL force double quotes); libyaml
        // copies them and starts the next line at the indentation.
        this.out += ch;
        this.column = 0;
        this.indention = true;
        breaks = true;
        continue;
      }
      if (breaks && c !== 32) this.writeIndent();
      this.out += c === 39 ? "''" : ch;
      this.column += c === 39 ? 2 : 1;
      if (c !== 32) {
        this.indention = false;
        breaks = false;
      }
    }
    this.writeIndicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  private doubleQuoted(s: string): void {
    this.writeIndicator('"', true, false, false);
    // go-yaml's is_bom looks at the start of the value, not at the current character: a value
    // that starts with U+FEFF has every character escaped.
    const escapeAll = s.charCodeAt(0) === 0xfeff;
    let text = '';
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const low = s.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      if (escapeAll || !isPrintable(c) || isBreak(c) || c === 0x22 || c === 0x5c) {
        text += escapeCodePoint(c);
      } else text += String.fromCodePoint(c);
    }
    this.out += text + '"';
    this.column += text.length + 1;
    this.whitespace = false;
    this.indention = false;
  }

  private literal(s: string): void {
    this.writeIndicator('|', true, false, false);
    const first = s.charCodeAt(0);
    if (first === 32 || isBreak(first))
      this.writeIndicator(String(BEST_INDENT), false, false, false);
    const chomp = chompIndicator(s);
    if (chomp !== '') this.writeIndicator(chomp, false, false, false);
    // go-yaml v3.0.1 writes no line break after the header: the first line's indent (or a
    // leading line break of the value itself) starts the next line, so a value that starts with
    // "\n" gets no blank first line.
    this.whitespace = true;
    let lineStart = 0;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : -1;
      if (c !== -1 && !isBreak(c)) continue;
      if (i > lineStart) {
        this.writeIndent();
        this.out += s.slice(lineStart, i);
        this.column += i - lineStart;
        this.indention = false;
      }
      if (c === 10) {
        this.putBreak();
      } else if (c !== -1) {
        // Other breaks are copied as they are and also end the line.
        this.out += s.charAt(i);
        this.column = 0;
        this.indention = true;
      }
      lineStart = i + 1;
    }
  }
}

/**
 * Exactly what gopkg.in/yaml.v3 `yaml.Marshal` returns for the Go value, including the final
 * newline (`toYaml` strips one). Throws for values yaml.v3 cannot represent (cycles).
 */
export function marshalYaml(value: GoValue): string {
  const emitter = new Emitter();
  emitter.node(value, false, false);
  emitter.endDocument();
  return emitter.out;
}
