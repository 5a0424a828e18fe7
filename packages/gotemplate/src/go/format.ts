/**
 * Go's fmt printing (Sprint, Sprintln, Sprintf and the %v form) over {@link GoValue}s, byte for
 * byte as Go prints them, including the `%!verb(type=value)` error forms.
 */
import { clearFlags, printValue, type Flags } from './format-printer.ts';
import { goInteger, goTypeName, type GoValue } from './values.ts';

export { formatFloat } from './format-float.ts';
export { quote, quoteRune } from './format-quote.ts';
export { compareGoKeys, compareGoStrings, sortedEntries } from './map-order.ts';

const defaultFlags = clearFlags();

/**
 * fmt's %v: `map[a:1 b:true]` with Go's key order, `[1 2]`, `<nil>`, floats as `1000`, `1.5`,
 * `1e+21`, `+Inf`, structs as `{v1 v2}`.
 */
export function formatValue(v: GoValue): string {
  if (typeof v === 'string') return v;
  return printValue(v, 'v', defaultFlags);
}

/** fmt.Sprint: operands as %v, with a space between two operands when neither is a string. */
export function sprint(args: GoValue[]): string {
  let out = '';
  let prevString = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? null;
    const isString = typeof arg === 'string';
    if (i > 0 && !isString && !prevString) out += ' ';
    out += formatValue(arg);
    prevString = isString;
  }
  return out;
}

/** fmt.Sprintln: operands as %v separated by spaces, then a newline. */
export function sprintln(args: GoValue[]): string {
  return args.map(formatValue).join(' ') + '\n';
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Parses a decimal number at `i`; Go gives up (not present) beyond 1e6. */
function parseNum(format: string, i: number): { num: number; present: boolean; next: number } {
  let num = 0;
  let present = false;
  while (i < format.length && isDigit(format.charCodeAt(i))) {
    if (num > 1e6) return { num: 0, present: false, next: format.length };
    num = num * 10 + format.charCodeAt(i) - 48;
    present = true;
    i++;
  }
  return { num, present, next: i };
}

class Printf {
  out = '';
  argNum = 0;
  reordered = false;
  goodArgNum = true;
  readonly format: string;
  readonly args: GoValue[];

  constructor(format: string, args: GoValue[]) {
    this.format = format;
    this.args = args;
  }

  /** `[n]` explicit argument index; returns whether one was consumed. */
  argNumber(i: number): { next: number; found: boolean } {
    const format = this.format;
    if (i >= format.length || format.charCodeAt(i) !== 0x5b) return { next: i, found: false };
    this.reordered = true;
    const close = format.indexOf(']', i + 1);
    if (close < 0) {
      this.goodArgNum = false;
      return { next: i + 1, found: false };
    }
    const { num, present, next } = parseNum(format, i + 1);
    if (!present || next !== close || num < 1 || num > this.args.length) {
      this.goodArgNum = false;
      return { next: close + 1, found: true };
    }
    this.argNum = num - 1;
    return { next: close + 1, found: true };
  }

  intFromArg(): { value: number; ok: boolean } {
    if (this.argNum >= this.args.length) return { value: 0, ok: false };
    const arg = this.args[this.argNum++] ?? null;
    const n = goInteger(arg);
    if (n === undefined) return { value: 0, ok: false };
    if (n > 1000000n || n < -1000000n) return { value: 0, ok: false };
    return { value: Number(n), ok: true };
  }

  /** Flags, width, precision and verb of one directive starting after '%'; returns the next index. */
  directive(start: number): number {
    const format = this.format;
    const end = format.length;
    const f: Flags = clearFlags();
    let i = start;
    flags: for (; i < end; i++) {
      switch (format.charAt(i)) {
        case '#':
          f.sharp = true;
          break;
        case '0':
          f.zero = !f.minus;
          break;
        case '+':
          f.plus = true;
          break;
        case '-':
          f.minus = true;
          f.zero = false;
          break;
        case ' ':
          f.space = true;
          break;
        default:
          break flags;
      }
    }
    let index = this.argNumber(i);
    i = index.next;
    if (i < end && format.charAt(i) === '*') {
      i++;
      const { value, ok } = this.intFromArg();
      f.wid = value;
      f.widPresent = ok;
      if (!ok) this.out += '%!(BADWIDTH)';
      if (f.wid < 0) {
        f.wid = -f.wid;
        f.minus = true;
        f.zero = false;
      }
      index = { next: i, found: false };
    } else {
      const n = parseNum(format, i);
      f.wid = n.num;
      f.widPresent = n.present;
      i = n.next;
      if (index.found && f.widPresent) this.goodArgNum = false;
    }
    if (i + 1 < end && format.charAt(i) === '.') {
      i++;
      if (index.found) this.goodArgNum = false;
      index = this.argNumber(i);
      i = index.next;
      if (i < end && format.charAt(i) === '*') {
        i++;
        const { value, ok } = this.intFromArg();
        f.prec = value;
        f.precPresent = ok;
        if (f.prec < 0) {
          f.prec = 0;
          f.precPresent = false;
        }
        if (!ok) this.out += '%!(BADPREC)';
        index = { next: i, found: false };
      } else {
        const n = parseNum(format, i);
        f.prec = n.num;
        f.precPresent = true;
        i = n.next;
      }
    }
    if (!index.found) i = this.argNumber(i).next;
    if (i >= end) {
      this.out += '%!(NOVERB)';
      return end;
    }
    const verb = String.fromCodePoint(format.codePointAt(i) ?? 0);
    i += verb.length;
    this.verb(verb, f);
    return i;
  }

  verb(verb: string, f: Flags): void {
    if (verb === '%') {
      this.out += '%';
    } else if (!this.goodArgNum) {
      this.out += `%!${verb}(BADINDEX)`;
    } else if (this.argNum >= this.args.length) {
      this.out += `%!${verb}(MISSING)`;
    } else {
      if (verb === 'v') {
        f.sharpV = f.sharp;
        f.sharp = false;
        f.plusV = f.plus;
        f.plus = false;
      }
      this.out += printValue(this.args[this.argNum] ?? null, verb, f);
      this.argNum++;
    }
  }

  run(): string {
    const format = this.format;
    let i = 0;
    while (i < format.length) {
      const pct = format.indexOf('%', i);
      if (pct < 0) {
        this.out += format.slice(i);
        break;
      }
      this.out += format.slice(i, pct);
      this.goodArgNum = true;
      i = this.directive(pct + 1);
    }
    if (!this.reordered && this.argNum < this.args.length) {
      const extra = this.args
        .slice(this.argNum)
        .map((arg) => (arg === null ? '<nil>' : `${goTypeName(arg)}=${formatValue(arg)}`));
      this.out += `%!(EXTRA ${extra.join(', ')})`;
    }
    return this.out;
  }
}

/**
 * fmt.Sprintf: verbs v s d q x X o O b c U e E f F g G t T and %%, flags `+-# 0`, width and
 * precision (also `*` and `[n]` indexes), with Go's `%!d(string=x)`, `%!v(MISSING)`,
 * `%!(EXTRA type=value)` and `%!(NOVERB)` reports.
 */
export function sprintf(format: string, args: GoValue[]): string {
  return new Printf(format, args).run();
}
