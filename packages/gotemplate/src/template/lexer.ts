/**
 * Tokenizer for Go text/template (default delimiters), following text/template/parse's lexer:
 * the same token boundaries, trim-marker rules (`{{- ` / ` -}}`) and error texts. Comments are
 * dropped here, as Go does without the ParseComments mode.
 */
import { quote } from '../go/format-quote.ts';
import { Tok, describeRune, keywords, type Token, type TokType } from './tokens.ts';

export { Tok, tokenString, type Token, type TokType } from './tokens.ts';

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}

const alnum = /^[\p{L}\p{Nd}_]$/u;

function isAlphaNumeric(c: number): boolean {
  if (c < 0x80) {
    return (
      c === 0x5f || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
    );
  }
  return c >= 0 && alnum.test(String.fromCodePoint(c));
}

export interface LexOptions {
  readonly breakOK: boolean;
  readonly continueOK: boolean;
}

const EOF = -1;

/** Splits the whole input into tokens; a lexical error ends the list with an Error token. */
export function lex(input: string, options: LexOptions): Token[] {
  return new Lexer(input, options).run();
}

class Lexer {
  readonly input: string;
  readonly options: LexOptions;
  readonly tokens: Token[] = [];
  pos = 0;
  start = 0;
  parenDepth = 0;

  constructor(input: string, options: LexOptions) {
    this.input = input;
    this.options = options;
  }

  run(): Token[] {
    while (this.lexText()) {
      if (!this.lexAction()) break;
    }
    return this.tokens;
  }

  code(i: number): number {
    return i < this.input.length ? (this.input.codePointAt(i) ?? EOF) : EOF;
  }

  next(): number {
    const c = this.code(this.pos);
    if (c !== EOF) this.pos += c > 0xffff ? 2 : 1;
    return c;
  }

  emit(type: TokType): void {
    this.tokens.push({ type, pos: this.start, val: this.input.slice(this.start, this.pos) });
    this.start = this.pos;
  }

  error(message: string): false {
    this.tokens.push({ type: Tok.Error, pos: this.start, val: message });
    return false;
  }

  hasLeftTrim(at: number): boolean {
    return this.input.charCodeAt(at) === 0x2d && isSpace(this.input.charCodeAt(at + 1));
  }

  /** At `}}` or ` -}}`; returns 0 (no), 1 (plain) or 2 (with trim marker). */
  atRightDelim(): 0 | 1 | 2 {
    const s = this.input;
    const p = this.pos;
    if (isSpace(s.charCodeAt(p)) && s.charCodeAt(p + 1) === 0x2d && s.startsWith('}}', p + 2))
      return 2;
    return s.startsWith('}}', p) ? 1 : 0;
  }

  skipLeadingSpace(): void {
    while (this.pos < this.input.length && isSpace(this.input.charCodeAt(this.pos))) this.pos++;
    this.start = this.pos;
  }

  /** Text up to the next `{{`; returns false at end of input (after emitting EOF). */
  lexText(): boolean {
    const s = this.input;
    const x = s.indexOf('{{', this.pos);
    if (x < 0) {
      this.pos = s.length;
      if (this.pos > this.start) this.emit(Tok.Text);
      this.emit(Tok.EOF);
      return false;
    }
    let end = x;
    if (this.hasLeftTrim(x + 2)) {
      while (end > this.start && isSpace(s.charCodeAt(end - 1))) end--;
    }
    if (end > this.start) {
      this.pos = end;
      this.emit(Tok.Text);
    }
    this.pos = x;
    this.start = x;
    return true;
  }

  /** From `{{` through the closing `}}` (or a whole comment). */
  lexAction(): boolean {
    const s = this.input;
    this.pos += 2;
    const afterMarker = this.hasLeftTrim(this.pos) ? 2 : 0;
    if (s.startsWith('/*', this.pos + afterMarker)) {
      this.pos += afterMarker;
      this.start = this.pos;
      return this.lexComment();
    }
    this.emit(Tok.LeftDelim);
    this.pos += afterMarker;
    this.start = this.pos;
    this.parenDepth = 0;
    for (;;) {
      const delim = this.atRightDelim();
      if (delim !== 0) {
        if (this.parenDepth !== 0) return this.error('unclosed left paren');
        return this.lexRightDelim(delim === 2);
      }
      if (!this.lexInsideAction()) return false;
    }
  }

  lexComment(): boolean {
    const s = this.input;
    const x = s.indexOf('*/', this.pos + 2);
    if (x < 0) return this.error('unclosed comment');
    this.pos = x + 2;
    const delim = this.atRightDelim();
    if (delim === 0) return this.error('comment ends before closing delimiter');
    this.pos += delim === 2 ? 4 : 2;
    if (delim === 2) this.skipLeadingSpace();
    this.start = this.pos;
    return true;
  }

  lexRightDelim(trim: boolean): boolean {
    if (trim) {
      this.pos += 2;
      this.start = this.pos;
    }
    this.pos += 2;
    this.emit(Tok.RightDelim);
    if (trim) this.skipLeadingSpace();
    return true;
  }

  lexInsideAction(): boolean {
    const r = this.next();
    if (r === EOF) return this.error('unclosed action');
    if (isSpace(r)) return this.lexSpace();
    switch (r) {
      case 0x3d: // =
        this.emit(Tok.Assign);
        return true;
      case 0x3a: // :
        if (this.next() !== 0x3d) return this.error('expected :=');
        this.emit(Tok.Declare);
        return true;
      case 0x7c: // |
        this.emit(Tok.Pipe);
        return true;
      case 0x22: // "
        return this.lexQuote();
      case 0x60: // `
        return this.lexRawQuote();
      case 0x24: // $
        return this.lexVariable();
      case 0x27: // '
        return this.lexChar();
      case 0x28: // (
        this.parenDepth++;
        this.emit(Tok.LeftParen);
        return true;
      case 0x29: // )
        this.parenDepth--;
        if (this.parenDepth < 0) return this.error('unexpected right paren');
        this.emit(Tok.RightParen);
        return true;
    }
    if (r === 0x2e) {
      const c = this.input.charCodeAt(this.pos);
      if (this.pos >= this.input.length || c < 0x30 || c > 0x39)
        return this.lexFieldOrVariable(Tok.Field);
    }
    if (r === 0x2b || r === 0x2d || r === 0x2e || (r >= 0x30 && r <= 0x39)) {
      this.pos = this.start;
      return this.lexNumber();
    }
    if (isAlphaNumeric(r)) return this.lexIdentifier();
    if (r < 0x80 && r >= 0x20 && r !== 0x7f) {
      this.emit(Tok.Char);
      return true;
    }
    return this.error(`unrecognized character in action: ${describeRune(r)}`);
  }

  lexSpace(): boolean {
    let numSpaces = 1;
    while (isSpace(this.input.charCodeAt(this.pos))) {
      this.pos++;
      numSpaces++;
    }
    // A trim-marked closing delimiter starts with a space: leave that space to the delimiter.
    const s = this.input;
    if (s.charCodeAt(this.pos) === 0x2d && s.startsWith('}}', this.pos + 1)) {
      this.pos--;
      if (numSpaces === 1) return true;
    }
    this.emit(Tok.Space);
    return true;
  }

  atTerminator(): boolean {
    const c = this.input.charCodeAt(this.pos);
    if (this.pos >= this.input.length || isSpace(c)) return true;
    switch (c) {
      case 0x2e:
      case 0x2c:
      case 0x7c:
      case 0x3a:
      case 0x29:
      case 0x28:
        return true;
    }
    return this.input.startsWith('}}', this.pos);
  }

  absorbAlphaNumeric(): number {
    for (;;) {
      const c = this.code(this.pos);
      if (c === EOF || !isAlphaNumeric(c)) return c;
      this.pos += c > 0xffff ? 2 : 1;
    }
  }

  lexIdentifier(): boolean {
    const r = this.absorbAlphaNumeric();
    if (!this.atTerminator()) return this.error(`bad character ${describeRune(r)}`);
    const word = this.input.slice(this.start, this.pos);
    const key = keywords.get(word);
    if (key !== undefined) {
      const allowed =
        (key !== Tok.Break || this.options.breakOK) &&
        (key !== Tok.Continue || this.options.continueOK);
      this.emit(allowed ? key : Tok.Identifier);
    } else if (word === 'true' || word === 'false') {
      this.emit(Tok.Bool);
    } else {
      this.emit(Tok.Identifier);
    }
    return true;
  }

  lexVariable(): boolean {
    if (this.atTerminator()) {
      this.emit(Tok.Variable);
      return true;
    }
    return this.lexFieldOrVariable(Tok.Variable);
  }

  lexFieldOrVariable(type: TokType): boolean {
    if (this.atTerminator()) {
      this.emit(type === Tok.Variable ? Tok.Variable : Tok.Dot);
      return true;
    }
    const r = this.absorbAlphaNumeric();
    if (!this.atTerminator()) return this.error(`bad character ${describeRune(r)}`);
    this.emit(type);
    return true;
  }

  lexChar(): boolean {
    for (;;) {
      let c = this.next();
      if (c === 0x5c) {
        c = this.next();
        if (c !== EOF && c !== 0x0a) continue;
      }
      if (c === EOF || c === 0x0a) return this.error('unterminated character constant');
      if (c === 0x27) break;
    }
    this.emit(Tok.CharConstant);
    return true;
  }

  lexQuote(): boolean {
    for (;;) {
      let c = this.next();
      if (c === 0x5c) {
        c = this.next();
        if (c !== EOF && c !== 0x0a) continue;
      }
      if (c === EOF || c === 0x0a) return this.error('unterminated quoted string');
      if (c === 0x22) break;
    }
    this.emit(Tok.String);
    return true;
  }

  lexRawQuote(): boolean {
    const close = this.input.indexOf('`', this.pos);
    if (close < 0) return this.error('unterminated raw quoted string');
    this.pos = close + 1;
    this.emit(Tok.RawString);
    return true;
  }

  accept(valid: string): boolean {
    const c = this.input.charAt(this.pos);
    if (c !== '' && valid.includes(c)) {
      this.pos++;
      return true;
    }
    return false;
  }

  acceptRun(valid: string): void {
    while (this.accept(valid));
  }

  scanNumber(): boolean {
    this.accept('+-');
    let digits = '0123456789_';
    if (this.accept('0')) {
      if (this.accept('xX')) digits = '0123456789abcdefABCDEF_';
      else if (this.accept('oO')) digits = '01234567_';
      else if (this.accept('bB')) digits = '01_';
    }
    this.acceptRun(digits);
    if (this.accept('.')) this.acceptRun(digits);
    if (digits.length === 11 && this.accept('eE')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    if (digits.length === 23 && this.accept('pP')) {
      this.accept('+-');
      this.acceptRun('0123456789_');
    }
    this.accept('i');
    const c = this.code(this.pos);
    if (c !== EOF && isAlphaNumeric(c)) {
      this.next();
      return false;
    }
    return true;
  }

  lexNumber(): boolean {
    const bad = (): false =>
      this.error(`bad number syntax: ${quote(this.input.slice(this.start, this.pos))}`);
    if (!this.scanNumber()) return bad();
    const sign = this.input.charAt(this.pos);
    if (sign === '+' || sign === '-') {
      if (!this.scanNumber() || this.input.charAt(this.pos - 1) !== 'i') return bad();
      this.emit(Tok.Complex);
      return true;
    }
    this.emit(Tok.Number);
    return true;
  }
}
