/** Token kinds of the text/template lexer and how parse errors name them. */
import { quote } from '../go/format-quote.ts';

export const Tok = {
  Error: 0,
  Bool: 1,
  Char: 2,
  CharConstant: 3,
  Complex: 4,
  Assign: 5,
  Declare: 6,
  EOF: 7,
  Field: 8,
  Identifier: 9,
  LeftDelim: 10,
  LeftParen: 11,
  Number: 12,
  Pipe: 13,
  RawString: 14,
  RightDelim: 15,
  RightParen: 16,
  Space: 17,
  String: 18,
  Text: 19,
  Variable: 20,
  // Keywords sort after this marker, as in Go (their error form is `<word>`).
  Keyword: 21,
  Block: 22,
  Break: 23,
  Continue: 24,
  Dot: 25,
  Define: 26,
  Else: 27,
  End: 28,
  If: 29,
  Nil: 30,
  Range: 31,
  Template: 32,
  With: 33,
} as const;

export type TokType = (typeof Tok)[keyof typeof Tok];

export interface Token {
  readonly type: TokType;
  /** Byte offset in the source (a UTF-16 index here; only used for line/column reports). */
  readonly pos: number;
  readonly val: string;
}

export const keywords: ReadonlyMap<string, TokType> = new Map<string, TokType>([
  ['.', Tok.Dot],
  ['block', Tok.Block],
  ['break', Tok.Break],
  ['continue', Tok.Continue],
  ['define', Tok.Define],
  ['else', Tok.Else],
  ['end', Tok.End],
  ['if', Tok.If],
  ['range', Tok.Range],
  ['nil', Tok.Nil],
  ['template', Tok.Template],
  ['with', Tok.With],
]);

/** How a token is named in parse errors (Go's item.String). */
export function tokenString(t: Token): string {
  if (t.type === Tok.EOF) return 'EOF';
  if (t.type === Tok.Error) return t.val;
  if (t.type > Tok.Keyword) return `<${t.val}>`;
  const runes = [...t.val];
  if (runes.length > 10) return quote(runes.slice(0, 10).join('')) + '...';
  return quote(t.val);
}

/** `%#U` of a rune, as Go prints bad characters: `U+0001` or `U+00E9 'é'`. */
export function describeRune(c: number): string {
  const u = 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
  const printable =
    c >= 0x20 && c !== 0x7f && /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(String.fromCodePoint(c));
  return printable ? `${u} '${String.fromCodePoint(c)}'` : u;
}
