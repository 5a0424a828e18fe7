/**
 * The word-shaping helpers sprig delegates to huandu/xstrings v1.4.0, the operator's (snakecase,
 * kebabcase, camelcase; 1.3.3, sprig 3's, differs in camelcase only) and Masterminds/goutils v1.1.1 (swapcase, untitle, initials, nospace, wrap,
 * abbrev). Re-implemented from their documented behaviour, including the byte-wise loops of
 * goutils that mangle non-ASCII text.
 */
import {
  bytesAsRunes,
  fromRunes,
  fromUtf8,
  isLetter,
  isLower,
  isNumber,
  isPunct,
  isSpace,
  isTitle,
  isUpper,
  runes,
  toLowerRune,
  toTitleRune,
  toUpperRune,
  utf8,
} from './text.ts';

const enum_ = {
  number: 1,
  upper: 2,
  alphabet: 3,
  connector: 4,
  punct: 5,
  other: 6,
} as const;
type WordType = (typeof enum_)[keyof typeof enum_];

interface Word {
  type: WordType;
  text: number[];
}

function isConnector(cp: number): boolean {
  return cp === 0x2d || cp === 0x5f || isSpace(cp);
}

// xstrings: a letter that is not a CJK ideograph.
function isAlphabet(cp: number): boolean {
  if (cp <= 0x7f) return (cp >= 0x61 && cp <= 0x7a) || (cp >= 0x41 && cp <= 0x5a);
  if (!isLetter(cp)) return false;
  const cjk =
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x20000 && cp <= 0x2fa1f);
  return !cjk;
}

function takeWhile(cps: number[], from: number, pred: (cp: number) => boolean): number {
  let i = from;
  while (i < cps.length && pred(cps[i] ?? 0)) i++;
  return i;
}

// xstrings' nextWord: splits into runs of connectors, punctuation, an upper-case word
// ("HTTP" of "HTTPServer" or "Server"), a lower-case run, digits, or anything else.
function splitWords(cps: number[]): Word[] {
  const words: Word[] = [];
  let i = 0;
  while (i < cps.length) {
    const cp = cps[i] ?? 0;
    let end: number;
    let type: WordType;
    if (isConnector(cp)) {
      type = enum_.connector;
      end = takeWhile(cps, i + 1, isConnector);
    } else if (isPunct(cp)) {
      type = enum_.punct;
      end = takeWhile(cps, i + 1, isPunct);
    } else if (isUpper(cp)) {
      type = enum_.upper;
      const next = cps[i + 1];
      if (next !== undefined && isUpper(next)) {
        end = takeWhile(cps, i + 1, isUpper);
        // "HTTPStatus": the last capital starts the next word.
        if (end < cps.length && isAlphabet(cps[end] ?? 0)) end--;
      } else if (next !== undefined && isAlphabet(next)) {
        end = takeWhile(cps, i + 1, (c) => isAlphabet(c) && !isUpper(c));
      } else {
        end = i + 1;
      }
    } else if (isAlphabet(cp)) {
      type = enum_.alphabet;
      end = takeWhile(cps, i + 1, (c) => isAlphabet(c) && !isUpper(c));
    } else if (isNumber(cp)) {
      type = enum_.number;
      end = takeWhile(cps, i + 1, isNumber);
    } else {
      type = enum_.other;
      end = takeWhile(
        cps,
        i + 1,
        (c) => !(isConnector(c) || isAlphabet(c) || isNumber(c) || isPunct(c)),
      );
    }
    words.push({ type, text: cps.slice(i, end) });
    i = end;
  }
  return words;
}

function lowerWord(word: Word, connector: number): number[] {
  if (word.type !== enum_.upper && word.type !== enum_.connector) return word.text;
  return word.text.map((cp) => (isConnector(cp) ? connector : isUpper(cp) ? toLowerRune(cp) : cp));
}

/** xstrings.ToSnakeCase / ToKebabCase (camelCaseToLowerCase with the given connector). */
export function toDelimitedLower(s: string, connectorChar: string): string {
  const connector = connectorChar.codePointAt(0) ?? 0x5f;
  const words = splitWords(runes(s));
  const out: number[] = [];
  const emit = (w: Word | undefined): void => {
    if (w) out.push(...lowerWord(w, connector));
  };
  // A connector goes between two words unless the next one is punctuation, a connector or the end.
  const sepBefore = (w: Word | undefined): void => {
    if (w && w.type !== enum_.punct && w.type !== enum_.connector) out.push(connector);
  };
  const isAlnum = (w: Word | undefined): boolean =>
    w?.type === enum_.alphabet || w?.type === enum_.number;
  // `i` is xstrings' current word; "remaining is non-empty" means a word follows it.
  let i = 0;
  while (i < words.length - 1) {
    const prev = words[i] as Word;
    if (prev.type !== enum_.connector) emit(prev);
    i++;
    if (prev.type === enum_.number) {
      while (isAlnum(words[i])) emit(words[i++]);
      sepBefore(words[i]);
    } else if (prev.type === enum_.connector) {
      emit(prev);
    } else if (prev.type !== enum_.punct) {
      if (words[i]?.type !== enum_.number) {
        sepBefore(words[i]);
        continue;
      }
      if (i === words.length - 1) continue;
      const digits: Word = { type: enum_.number, text: (words[i] as Word).text };
      i++;
      if (words[i]?.type !== enum_.alphabet) {
        // "Bld4Floor": digits after a word belong to it.
        emit(digits);
        sepBefore(words[i]);
        continue;
      }
      // "HTTP2xx" → "http_2xx": digits followed by lower case start a new word.
      out.push(connector);
      emit(digits);
      while (isAlnum(words[i])) emit(words[i++]);
      sepBefore(words[i]);
    }
  }
  emit(words[i]);
  return fromRunes(out);
}

/**
 * xstrings v1.4.0 ToCamelCase: drops single connectors (`-`, `_`, spaces) and upper-cases the
 * rune after them and the first rune, keeping the others; leading and doubled connectors stay.
 */
export function toCamelCase(s: string): string {
  const cps = runes(s);
  if (cps.length === 0) return '';
  const out: number[] = [];
  let i = 0;
  let r0 = 0;
  // Leading connectors are kept.
  while (i < cps.length) {
    r0 = cps[i++] ?? 0;
    if (!isConnector(r0)) {
      r0 = toUpperRune(r0);
      break;
    }
    out.push(r0);
  }
  if (i >= cps.length) {
    // xstrings writes the last rune once more here (a string of connectors only gains one).
    out.push(r0);
    return fromRunes(out);
  }
  for (; i < cps.length; i++) {
    const r1 = r0;
    r0 = cps[i] ?? 0;
    if (isConnector(r0) && isConnector(r1)) {
      out.push(r1);
      continue;
    }
    // xstrings 1.3 also lower-cased r0 here ("HTTPServer" → "Httpserver"); 1.4.0, the
    // operator's, keeps it ("HTTPServer").
    if (isConnector(r1)) r0 = toUpperRune(r0);
    else out.push(r1);
  }
  out.push(r0);
  return fromRunes(out);
}

/** goutils.SwapCase: lower after whitespace becomes title case, other letters swap. */
export function swapCase(s: string): string {
  let whitespace = true;
  return fromRunes(
    runes(s).map((cp) => {
      if (isUpper(cp) || isTitle(cp)) {
        whitespace = false;
        return toLowerRune(cp);
      }
      if (isLower(cp)) {
        const out = whitespace ? toTitleRune(cp) : toUpperRune(cp);
        whitespace = false;
        return out;
      }
      whitespace = isSpace(cp);
      return cp;
    }),
  );
}

/** goutils.Uncapitalize: lower-cases the first rune of each whitespace-separated word. */
export function uncapitalize(s: string): string {
  let next = true;
  return fromRunes(
    runes(s).map((cp) => {
      if (isSpace(cp)) {
        next = true;
        return cp;
      }
      if (!next) return cp;
      next = false;
      return toLowerRune(cp);
    }),
  );
}

// goutils walks bytes and writes each byte back as a rune, so non-ASCII text comes out as
// Latin-1 mojibake; reproduced on purpose.

/** goutils.Initials. */
export function initials(s: string): string {
  let out = '';
  let gap = true;
  for (const ch of bytesAsRunes(s)) {
    if (isSpace(ch.charCodeAt(0))) gap = true;
    else if (gap) {
      out += ch;
      gap = false;
    }
  }
  return out;
}

/** goutils.DeleteWhiteSpace. */
export function deleteWhiteSpace(s: string): string {
  const kept = bytesAsRunes(s).filter((ch) => !isSpace(ch.charCodeAt(0)));
  return kept.length === utf8(s).length ? s : kept.join('');
}

/** goutils.WrapCustom over UTF-8 bytes. */
export function wrapCustom(s: string, width: number, newline: string, wrapLong: boolean): string {
  if (s === '') return '';
  const nl = newline === '' ? '\n' : newline;
  const len = Math.max(width, 1);
  const b = utf8(s);
  const text = (from: number, to: number): string => fromUtf8(b.subarray(from, to));
  let out = '';
  let offset = 0;
  while (b.length - offset > len) {
    if (b[offset] === 0x20) {
      offset++;
      continue;
    }
    const window = b.subarray(offset, Math.min(offset + len + 1, b.length));
    const space = window.lastIndexOf(0x20);
    if (space >= 0) {
      out += text(offset, offset + space) + nl;
      offset += space + 1;
    } else if (wrapLong) {
      out += text(offset, offset + len) + nl;
      offset += len;
    } else {
      const next = b.indexOf(0x20, offset + len);
      if (next >= 0) {
        out += text(offset, next) + nl;
        offset = next + 1;
      } else {
        out += text(offset, b.length);
        offset = b.length;
      }
    }
  }
  return out + text(offset, b.length);
}

/** goutils.AbbreviateFull (byte offsets); undefined where goutils returns an error. */
export function abbreviateFull(s: string, offsetIn: number, maxWidth: number): string | undefined {
  if (s === '') return '';
  if (maxWidth < 4) return undefined;
  const b = utf8(s);
  const n = b.length;
  if (n <= maxWidth) return s;
  const text = (from: number, to: number): string => fromUtf8(b.subarray(from, to));
  let offset = Math.min(offsetIn, n);
  if (n - offset < maxWidth - 3) offset = n - (maxWidth - 3);
  if (offset <= 4) return text(0, maxWidth - 3) + '...';
  if (maxWidth < 7) return undefined;
  if (offset + maxWidth - 3 < n) {
    return '...' + (abbreviateFull(text(offset, n), 0, maxWidth - 3) ?? '');
  }
  return '...' + text(n - (maxWidth - 3), n);
}
