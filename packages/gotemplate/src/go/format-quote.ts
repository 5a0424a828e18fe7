/** Go's strconv quoting (Quote, QuoteToASCII, QuoteRune, CanBackquote) over JavaScript strings. */

// unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u;

/** unicode.IsPrint for one code point. */
export function isPrint(cp: number): boolean {
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  return printable.test(String.fromCodePoint(cp));
}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, '0');
}

function escapeRune(cp: number, quote: number, asciiOnly: boolean): string {
  if (cp === quote || cp === 0x5c) return '\\' + String.fromCodePoint(cp);
  if (asciiOnly ? cp < 0x80 && isPrint(cp) : isPrint(cp)) return String.fromCodePoint(cp);
  switch (cp) {
    case 0x07:
      return '\\a';
    case 0x08:
      return '\\b';
    case 0x0c:
      return '\\f';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    case 0x09:
      return '\\t';
    case 0x0b:
      return '\\v';
  }
  if (cp < 0x20 || cp === 0x7f) return '\\x' + hex(cp, 2);
  // U+DC80–U+DCFF stand for raw bytes that are not UTF-8 (go/values.ts): Go writes \xNN.
  if (cp >= 0xdc80 && cp <= 0xdcff) return '\\x' + hex(cp - 0xdc00, 2);
  // Other lone surrogates cannot be encoded in UTF-8; Go would see U+FFFD.
  if (cp >= 0xd800 && cp <= 0xdfff) return asciiOnly ? '\\ufffd' : '\ufffd';
  if (cp < 0x10000) return '\\u' + hex(cp, 4);
  return '\\U' + hex(cp, 8);
}

/** strconv.Quote (or QuoteToASCII when `asciiOnly`). */
export function quote(s: string, asciiOnly = false): string {
  let out = '"';
  for (const ch of s) out += escapeRune(ch.codePointAt(0) ?? 0, 0x22, asciiOnly);
  return out + '"';
}

/** strconv.QuoteRune (or QuoteRuneToASCII). Invalid code points become U+FFFD, as in Go. */
export function quoteRune(cp: number, asciiOnly = false): string {
  const valid = cp >= 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
  return "'" + escapeRune(valid ? cp : 0xfffd, 0x27, asciiOnly) + "'";
}

/** strconv.CanBackquote: no control characters other than tab, no backquote, no U+FEFF. */
export function canBackquote(s: string): boolean {
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x60 || cp === 0xfeff || cp === 0x7f) return false;
    if (cp < 0x20 && cp !== 0x09) return false;
  }
  return true;
}
