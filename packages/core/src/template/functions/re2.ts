/**
 * Go regexp (RE2 syntax) on top of JavaScript RegExp. The pattern is translated where the two
 * dialects differ — `.` does not match only `\n` in Go, `\s` is ASCII, `(?P<n>…)`, inline flags
 * `(?i)`/`(?s)`/`(?m)`/`(?U)`, `\A`, `\z`, `\Q…\E`, POSIX classes, `\pL` — and Perl features
 * RE2 rejects (look-around, back-references) are rejected with Go's message.
 */

export interface GoRegexp {
  readonly re: RegExp;
  /** Capture group names by index (index 0 = whole match), "" for unnamed. */
  readonly names: readonly string[];
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
}

const POSIX: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

const PERL_CLASS: Record<string, string> = {
  d: '0-9',
  w: '0-9A-Za-z_',
  s: '\\t\\n\\f\\r ',
};

class SyntaxError_ extends Error {}

function fail(message: string): never {
  throw new SyntaxError_(`error parsing regexp: ${message}`);
}

// JavaScript's `u` mode only allows escaping syntax characters (and `-` inside a class).
function literalChar(c: string, inClass: boolean): string {
  if ('\\^$.*+?()[]{}|/'.includes(c) || (inClass && c === '-')) return '\\' + c;
  return c;
}

function escapeLiteral(s: string, inClass = false): string {
  return Array.from(s, (c) => literalChar(c, inClass)).join('');
}

/** Translates RE2 syntax to an equivalent JavaScript pattern (used with the `u` flag). */
class Translator {
  private pos = 0;
  private readonly src: string;
  readonly names: string[] = [''];

  constructor(src: string) {
    this.src = src;
  }

  translate(): string {
    const out = this.sequence({ i: false, m: false, s: false, U: false }, 0, false);
    if (this.pos < this.src.length) fail(`unexpected ): \`${this.src}\``);
    return out;
  }

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  /**
   * A sequence of alternatives up to an unmatched ')' (depth > 0) or the end. `contextI` is the
   * case-insensitivity JavaScript applies here; atoms parsed under a different `(?i)` state are
   * wrapped in a `(?i:…)` / `(?-i:…)` modifier group, which keeps alternation structure intact.
   */
  private sequence(flags: Flags, depth: number, contextI: boolean): string {
    let out = '';
    const f = { ...flags };
    while (this.pos < this.src.length) {
      const ch = this.peek();
      if (ch === ')') {
        if (depth === 0) fail(`unexpected ): \`${this.src}\``);
        break;
      }
      if (ch === '|') {
        this.pos++;
        out += '|';
        continue;
      }
      if ('*+?{'.includes(ch)) {
        out += this.quantifier(f);
        continue;
      }
      if (ch === '(' && this.flagGroup(f)) continue;
      const atom = this.atom(f, depth);
      out += f.i === contextI ? atom : `(?${f.i ? 'i' : '-i'}:${atom})`;
    }
    return out;
  }

  private atom(f: Flags, depth: number): string {
    const ch = this.peek();
    if (ch === '(') return this.group(f, depth);
    if (ch === '[') return this.charClass(f);
    if (ch === '\\') return this.escape(f);
    this.pos++;
    if (ch === '.') return f.s ? '[\\s\\S]' : '[^\\n]';
    // Without (?m) Go's ^ and $ are text anchors, as JavaScript's are without the m flag.
    if (ch === '^') return f.m ? '(?<=^|\\n)' : '^';
    if (ch === '$') return f.m ? '(?=$|\\n)' : '$';
    return literalChar(ch, false);
  }

  // `(?flags)` changes flags for the rest of the group; true when consumed.
  private flagGroup(f: Flags): boolean {
    const m = /^\(\?([imsU]*)(?:-([imsU]*))?\)/.exec(this.src.slice(this.pos));
    if (!m || m[0] === '(?)') return false;
    this.pos += m[0].length;
    for (const c of m[1] ?? '') f[c as keyof Flags] = true;
    for (const c of m[2] ?? '') f[c as keyof Flags] = false;
    return true;
  }

  private group(flags: Flags, depth: number): string {
    const rest = this.src.slice(this.pos);
    let open = '(';
    const inner = { ...flags };
    let m: RegExpExecArray | null;
    // (?<name>…) is accepted too (Go 1.22 and later).
    if ((m = /^\(\?P?<([A-Za-z0-9_]+)>/.exec(rest))) {
      if (this.names.includes(m[1] ?? '')) fail(`duplicate capture group name: \`${m[1]}\``);
      this.names.push(m[1] ?? '');
      open = `(?<${m[1]}>`;
    } else if ((m = /^\(\?([imsU]*)(?:-([imsU]*))?:/.exec(rest))) {
      for (const c of m[1] ?? '') inner[c as keyof Flags] = true;
      for (const c of m[2] ?? '') inner[c as keyof Flags] = false;
      open = '(?:';
    } else if (rest.startsWith('(?')) {
      fail(`invalid or unsupported Perl syntax: \`${rest.slice(0, 3)}\``);
    } else {
      this.names.push('');
      m = /^\(/.exec(rest);
    }
    this.pos += (m?.[0] ?? '(').length;
    const body = this.sequence(inner, depth + 1, flags.i);
    if (this.peek() !== ')') fail(`missing closing ): \`${this.src}\``);
    this.pos++;
    return `${open}${body})`;
  }

  private quantifier(f: Flags): string {
    const rest = this.src.slice(this.pos);
    const m = /^(?:[*+?]|\{\d+(?:,\d*)?\})/.exec(rest);
    if (!m) {
      // A '{' that does not start a repetition is a literal in RE2.
      this.pos++;
      return '\\{';
    }
    this.pos += m[0].length;
    let lazy = false;
    if (this.peek() === '?') {
      lazy = true;
      this.pos++;
    }
    if (/^[*+?{]/.test(this.peek()) && /^(?:[*+?]|\{\d)/.test(this.src.slice(this.pos))) {
      fail(`invalid nested repetition operator: \`${m[0]}${this.peek()}\``);
    }
    return m[0] + (lazy !== f.U ? '?' : '');
  }

  private escape(_f: Flags): string {
    const c = this.peek(1);
    this.pos += 2;
    if (c === '') fail('trailing backslash at end of expression: ``');
    if (c === 'A') return '(?<![\\s\\S])';
    if (c === 'z') return '(?![\\s\\S])';
    if (c === 'Q') {
      const end = this.src.indexOf('\\E', this.pos);
      const literal = this.src.slice(this.pos, end < 0 ? undefined : end);
      this.pos = end < 0 ? this.src.length : end + 2;
      return escapeLiteral(literal);
    }
    if (c === 's') return `[${PERL_CLASS.s}]`;
    if (c === 'S') return `[^${PERL_CLASS.s}]`;
    if (c === 'd' || c === 'w') return `[${PERL_CLASS[c]}]`;
    if (c === 'D' || c === 'W') return `[^${PERL_CLASS[c.toLowerCase()]}]`;
    return this.commonEscape(c, false);
  }

  // Escapes valid both inside and outside classes.
  private commonEscape(c: string, inClass: boolean): string {
    if (c === 'p' || c === 'P') return this.unicodeClass(c);
    if (c === 'x') {
      const m = /^(?:\{([0-9A-Fa-f]+)\}|([0-9A-Fa-f]{2}))/.exec(this.src.slice(this.pos));
      if (!m) fail(`invalid escape sequence: \`\\x\``);
      this.pos += m[0].length;
      return `\\u{${m[1] ?? m[2]}}`;
    }
    if (/[0-7]/.test(c)) {
      if (c !== '0' && !/[0-7]/.test(this.peek())) fail(`invalid escape sequence: \`\\${c}\``);
      const m = /^[0-7]{0,2}/.exec(this.src.slice(this.pos))?.[0] ?? '';
      this.pos += m.length;
      return `\\u{${parseInt(c + m, 8).toString(16)}}`;
    }
    if ('abfnrtvBb'.includes(c)) return c === 'a' ? '\\x07' : `\\${c}`;
    if (/[A-Za-z0-9]/.test(c)) fail(`invalid escape sequence: \`\\${c}\``);
    return literalChar(c, inClass);
  }

  private unicodeClass(c: string): string {
    const rest = this.src.slice(this.pos);
    const m = /^(?:\{(\^?)([A-Za-z_]+)\}|([A-Za-z]))/.exec(rest);
    if (!m) fail(`invalid character class range: \`\\${c}\``);
    this.pos += m[0].length;
    const negate = (c === 'P') !== (m[1] === '^');
    const name = m[2] ?? m[3] ?? '';
    const general = /^(?:[A-Z][a-z]?|Any)$/.test(name);
    const prop = name === 'Any' ? 'Any' : general ? name : `Script=${name}`;
    return `\\${negate ? 'P' : 'p'}{${prop}}`;
  }

  private charClass(_f: Flags): string {
    this.pos++;
    let out = '[';
    if (this.peek() === '^') {
      out += '^';
      this.pos++;
    }
    let first = true;
    while (this.pos < this.src.length && (this.peek() !== ']' || first)) {
      first = false;
      const rest = this.src.slice(this.pos);
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(rest);
      if (posix) {
        const set = POSIX[posix[2] ?? ''];
        if (set === undefined) fail(`invalid character class range: \`${posix[0]}\``);
        this.pos += posix[0].length;
        // A negated POSIX class inside a class has no JavaScript spelling without the v flag.
        out += posix[1] ? `${this.complement(set)}` : set;
        continue;
      }
      const ch = this.peek();
      if (ch === '\\') {
        const c = this.peek(1);
        this.pos += 2;
        if (c === 'd' || c === 's' || c === 'w') out += PERL_CLASS[c];
        else if (c === 'D' || c === 'S' || c === 'W') out += `\\${c}`;
        else out += this.commonEscape(c, true);
        continue;
      }
      this.pos++;
      out += ch === '-' ? ch : literalChar(ch, true);
    }
    if (this.peek() !== ']')
      fail(`missing closing ]: \`${this.src.slice(this.src.lastIndexOf('['))}\``);
    this.pos++;
    return out + ']';
  }

  private complement(set: string): string {
    // Only ASCII sets are complemented; the result covers the rest of Unicode too.
    const chars = new RegExp(`[${set}]`, 'u');
    const ranges: string[] = [];
    let start = -1;
    for (let cp = 0; cp <= 0x80; cp++) {
      const inSet = cp < 0x80 && chars.test(String.fromCharCode(cp));
      if (!inSet && start < 0) start = cp;
      if ((inSet || cp === 0x80) && start >= 0) {
        ranges.push(`\\u{${start.toString(16)}}-\\u{${(cp - 1).toString(16)}}`);
        start = -1;
      }
    }
    return ranges.join('') + '\\u{80}-\\u{10ffff}';
  }
}

/** regexp.Compile: throws `error parsing regexp: …` like Go for invalid or Perl-only syntax. */
export function compileGo(pattern: string): GoRegexp {
  const translator = new Translator(pattern);
  const source = translator.translate();
  try {
    return { re: new RegExp(source, 'gu'), names: translator.names };
  } catch (error) {
    fail(`${(error as Error).message}: \`${pattern}\``);
  }
}

/** regexp.QuoteMeta. */
export function quoteMeta(s: string): string {
  return s.replace(/[\\.+*?()|[\]{}^$]/g, '\\$&');
}
