/**
 * libyaml's scalar analysis as go-yaml v3's emitter runs it (yaml_emitter_analyze_scalar): which
 * styles can represent a string. Only block context matters, because toYaml never writes a
 * non-empty flow collection.
 */

/** The string contains a line break. */
export const MULTILINE = 1;
/** The string may be written plain in block context. */
export const PLAIN_ALLOWED = 2;
/** The string may be single-quoted. */
export const SINGLE_QUOTED_ALLOWED = 4;
/** The string may be a literal block scalar. */
export const BLOCK_ALLOWED = 8;

/** libyaml's line breaks: LF, CR, NEL, LS, PS. */
export function isBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x85 || c === 0x2028 || c === 0x2029;
}

/**
 * libyaml's is_printable over UTF-8 bytes, restated for code points: everything from U+0020
 * except DEL, the C1 controls, surrogates, the BOM, U+FFFE/U+FFFF and — as the byte test never
 * looks at 4-byte sequences — everything above the BMP. LF is printable; tab is not.
 */
export function isPrintable(c: number): boolean {
  if (c < 0x7f) return c >= 0x20 || c === 10;
  if (c < 0xa0) return false;
  if (c <= 0xd7ff) return true;
  return c >= 0xe000 && c <= 0xfffd && c !== 0xfeff;
}

/** Characters that make a plain scalar impossible when they start it. */
function isLeadingIndicator(c: number): boolean {
  switch (c) {
    case 35: // #
    case 44: // ,
    case 91: // [
    case 93: // ]
    case 123: // {
    case 125: // }
    case 38: // &
    case 42: // *
    case 33: // !
    case 124: // |
    case 62: // >
    case 39: // '
    case 34: // "
    case 37: // %
    case 64: // @
    case 96: // `
      return true;
    default:
      return false;
  }
}

/**
 * Printable ASCII without spaces, `:` or `#`, not starting with an indicator, `-`, `.` or `?`:
 * the common identifiers and values, for which every style is allowed.
 */
function isSimpleAscii(s: string): boolean {
  const first = s.charCodeAt(0);
  if (isLeadingIndicator(first) || first === 45 || first === 46 || first === 63) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 58 || c === 35) return false;
  }
  return true;
}

/** The style flags of `s` (a bit set of the constants above). */
export function analyzeScalar(s: string): number {
  const n = s.length;
  if (n === 0) return PLAIN_ALLOWED | SINGLE_QUOTED_ALLOWED;
  if (isSimpleAscii(s)) return PLAIN_ALLOWED | SINGLE_QUOTED_ALLOWED | BLOCK_ALLOWED;
  let blockIndicators = s.startsWith('---') || s.startsWith('...');
  let lineBreaks = false;
  let special = false;
  let tabs = false;
  let leadingSpaceOrBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let precededByWhitespace = true;
  let previousSpace = false;
  let previousBreak = false;
  for (let i = 0; i < n;) {
    let c = s.charCodeAt(i);
    // Astral characters are one character to libyaml; none of the tests below cares which.
    if (c >= 0xd800 && c <= 0xdbff) c = s.codePointAt(i) ?? c;
    const next = i + (c > 0xffff ? 2 : 1);
    const nc = s.charCodeAt(next);
    const followedByWhitespace = next >= n || nc === 32 || nc === 9;
    if (i === 0) {
      if (isLeadingIndicator(c)) blockIndicators = true;
      else if ((c === 63 || c === 58 || c === 45) && followedByWhitespace) blockIndicators = true;
    } else if (c === 58 && followedByWhitespace) {
      blockIndicators = true;
    } else if (c === 35 && precededByWhitespace) {
      blockIndicators = true;
    }
    if (c === 9) tabs = true;
    else if (!isPrintable(c)) special = true;
    if (c === 32) {
      if (i === 0) leadingSpaceOrBreak = true;
      if (next === n) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(c)) {
      lineBreaks = true;
      if (i === 0) leadingSpaceOrBreak = true;
      if (next === n) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = c === 32 || c === 9 || c === 0 || isBreak(c);
    i = next;
  }
  let plain =
    !leadingSpaceOrBreak && !trailingSpace && !trailingBreak && !lineBreaks && !blockIndicators;
  let single = true;
  let block = !trailingSpace;
  if (breakSpace) {
    plain = false;
    single = false;
  }
  if (spaceBreak || tabs || special) {
    plain = false;
    single = false;
  }
  if (spaceBreak || special) block = false;
  return (
    (lineBreaks ? MULTILINE : 0) |
    (plain ? PLAIN_ALLOWED : 0) |
    (single ? SINGLE_QUOTED_ALLOWED : 0) |
    (block ? BLOCK_ALLOWED : 0)
  );
}

/** The UTF-8 length of `s`, which libyaml's 128-byte simple-key limit counts. */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Escapes libyaml writes by name inside double quotes. */
const NAMED_ESCAPES = new Map<number, string>([
  [0x00, '\\0'],
  [0x07, '\\a'],
  [0x08, '\\b'],
  [0x09, '\\t'],
  [0x0a, '\\n'],
  [0x0b, '\\v'],
  [0x0c, '\\f'],
  [0x0d, '\\r'],
  [0x1b, '\\e'],
  [0x22, '\\"'],
  [0x5c, '\\\\'],
  [0x85, '\\N'],
  [0xa0, '\\_'],
  [0x2028, '\\L'],
  [0x2029, '\\P'],
]);

/** The escape sequence libyaml writes for a code point inside double quotes (hex in capitals). */
export function escapeCodePoint(c: number): string {
  const named = NAMED_ESCAPES.get(c);
  if (named !== undefined) return named;
  const hex = c.toString(16).toUpperCase();
  if (c <= 0xff) return '\\x' + hex.padStart(2, '0');
  if (c <= 0xffff) return '\\u' + hex.padStart(4, '0');
  return '\\U' + hex.padStart(8, '0');
}

/** `-` strips a missing final break, `+` keeps several, none keeps exactly one. */
export function chompIndicator(s: string): string {
  const n = s.length;
  if (n === 0 || !isBreak(s.charCodeAt(n - 1))) return '-';
  if (n === 1 || isBreak(s.charCodeAt(n - 2))) return '+';
  return '';
}
