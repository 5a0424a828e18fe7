/**
 * sprig's `semver` and `semverCompare` as the operator has them: sprig 2.22 over
 * Masterminds/semver **1.5.0**. Versions have int64 parts (`typeOf .Major` is int64) and no
 * MarshalText (`toYaml` writes `{}`, `toJson` its MarshalJSON string). Constraints split on `||`
 * and `,` only; a missing minor (`1`, `1.x`) makes a constraint "dirty" (a range), a missing
 * patch (`1.2`) does not (`<=1.2` is `<=1.2.0`); `^` only pins the major (`^0.2.3` accepts
 * 0.3.0); `<1` and `>1` compare with 1.0.0 but `<` ignores the minor of a dirty constraint.
 *
 * Where 1.5.0 fails and sprig 3's semver 3.2 (semver3.ts) renders — a space-separated AND
 * (`>=1.0 <2.0`), a part above MaxInt64 — the call renders sprig 3's result and raises a notice
 * (docs/decisions/sprig3-function-set.md).
 */
import { quote } from '../../go/format-quote.ts';
import { GoInt, GoStruct, type GoMethod, type GoValue } from '../../go/values.ts';
import type { CallContext, TemplateFunction } from '../function-table.ts';
import { arg, fn, str } from './args.ts';
import * as v3 from './semver3.ts';

interface Version {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly pre: string;
  readonly metadata: string;
  readonly original: string;
}

const CV =
  'v?([0-9|x|X|\\*]+)(\\.[0-9|x|X|\\*]+)?(\\.[0-9|x|X|\\*]+)?' +
  '(-([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?' +
  '(\\+([0-9A-Za-z\\-]+(\\.[0-9A-Za-z\\-]+)*))?';
const VERSION =
  /^v?([0-9]+)(\.[0-9]+)?(\.[0-9]+)?(-([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?(\+([0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*))?$/;
// Go's regexp has no lookbehind trouble here: the operator alternatives cannot be confused,
// because a version never starts with one of their characters.
const CONSTRAINT = new RegExp(`^\\s*(!=|>=|=>|<=|=<|~>|=|>|<|~|\\^|)\\s*(${CV})\\s*$`);
const RANGE = new RegExp(`\\s*(${CV})\\s+-\\s+(${CV})\\s*`, 'g');
const INT64_MAX = (1n << 63n) - 1n;

/** semver 1.5.0's NewVersion. */
export function parseVersion(v: string): Version {
  const m = VERSION.exec(v);
  if (m === null) throw new Error('Invalid Semantic Version');
  const segment = (text: string | undefined): bigint => {
    if (text === undefined) return 0n;
    const digits = text.replace(/^\./, '');
    const n = BigInt(digits);
    if (n > INT64_MAX) {
      throw new Error(
        `Error parsing version segment: strconv.ParseInt: parsing ${JSON.stringify(digits)}: value out of range`,
      );
    }
    return n;
  };
  return {
    major: segment(m[1]),
    minor: segment(m[2]),
    patch: segment(m[3]),
    pre: m[5] ?? '',
    metadata: m[8] ?? '',
    original: v,
  };
}

function versionString(v: Version): string {
  let text = `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre !== '') text += `-${v.pre}`;
  if (v.metadata !== '') text += `+${v.metadata}`;
  return text;
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const UINT = /^[0-9]+$/;

// comparePrePart, with its quirks: equal numbers spelled differently ("01", "1") compare as -1.
function comparePrePart(s: string, o: string): number {
  if (s === o) return 0;
  if (s === '') return -1;
  if (o === '') return 1;
  const sNumber = UINT.test(s) && BigInt(s) < 1n << 64n;
  const oNumber = UINT.test(o) && BigInt(o) < 1n << 64n;
  if (!sNumber && !oNumber) return s > o ? 1 : -1;
  if (!oNumber) return -1;
  if (!sNumber) return 1;
  return BigInt(s) > BigInt(o) ? 1 : -1;
}

/** Version.Compare. */
export function compare(v: Version, o: Version): number {
  const d = cmp(v.major, o.major) || cmp(v.minor, o.minor) || cmp(v.patch, o.patch);
  if (d !== 0) return d;
  if (v.pre === '' && o.pre === '') return 0;
  if (v.pre === '') return 1;
  if (o.pre === '') return -1;
  const sp = v.pre.split('.');
  const op = o.pre.split('.');
  for (let i = 0; i < Math.max(sp.length, op.length); i++) {
    const c = comparePrePart(sp[i] ?? '', op[i] ?? '');
    if (c !== 0) return c;
  }
  return 0;
}

interface Constraint {
  readonly op: string;
  readonly con: Version;
  readonly dirty: boolean;
  readonly minorDirty: boolean;
  readonly patchDirty: boolean;
}

const isX = (x: string | undefined): boolean => x === 'x' || x === '*' || x === 'X';

function parseConstraint(c: string): Constraint {
  const m = CONSTRAINT.exec(c);
  if (m === null) throw new Error(`improper constraint: ${c}`);
  let ver = m[2] ?? '';
  let dirty = false;
  let minorDirty = false;
  let patchDirty = false;
  const minor = m[4] ?? '';
  if (isX(m[3])) {
    ver = '0.0.0';
    dirty = true;
  } else if (isX(minor.replace(/^\./, '')) || minor === '') {
    minorDirty = true;
    dirty = true;
    ver = `${m[3]}.0.0${m[6] ?? ''}`;
  } else if (isX((m[5] ?? '').replace(/^\./, ''))) {
    dirty = true;
    patchDirty = true;
    ver = `${m[3]}${minor}.0${m[6] ?? ''}`;
  }
  let con: Version;
  try {
    con = parseVersion(ver);
  } catch {
    throw new Error('constraint Parser Error');
  }
  return { op: m[1] ?? '', con, dirty, minorDirty, patchDirty };
}

function excludesPrerelease(v: Version, c: Constraint): boolean {
  return v.pre !== '' && c.con.pre === '';
}

function tilde(v: Version, c: Constraint): boolean {
  if (excludesPrerelease(v, c)) return false;
  if (compare(v, c.con) < 0) return false;
  if (
    c.con.major === 0n &&
    c.con.minor === 0n &&
    c.con.patch === 0n &&
    !c.minorDirty &&
    !c.patchDirty
  )
    return true;
  if (v.major !== c.con.major) return false;
  if (v.minor !== c.con.minor && !c.minorDirty) return false;
  return true;
}

function lessDirty(v: Version, c: Constraint): boolean {
  if (v.major > c.con.major) return false;
  if (v.minor > c.con.minor && !c.minorDirty) return false;
  return true;
}

function check(c: Constraint, v: Version): boolean {
  switch (c.op) {
    case '':
    case '=':
      if (excludesPrerelease(v, c)) return false;
      return c.dirty ? tilde(v, c) : compare(v, c.con) === 0;
    case '!=':
      if (!c.dirty) return compare(v, c.con) !== 0;
      if (excludesPrerelease(v, c)) return false;
      if (c.con.major !== v.major) return true;
      return c.con.minor !== v.minor && !c.minorDirty;
    case '>':
      return !excludesPrerelease(v, c) && compare(v, c.con) === 1;
    case '<':
      if (excludesPrerelease(v, c)) return false;
      return c.dirty ? lessDirty(v, c) : compare(v, c.con) < 0;
    case '>=':
    case '=>':
      return !excludesPrerelease(v, c) && compare(v, c.con) >= 0;
    case '<=':
    case '=<':
      if (excludesPrerelease(v, c)) return false;
      return c.dirty ? lessDirty(v, c) : compare(v, c.con) <= 0;
    case '~':
    case '~>':
      return tilde(v, c);
    case '^':
      if (excludesPrerelease(v, c)) return false;
      return compare(v, c.con) >= 0 && v.major === c.con.major;
  }
  return false;
}

/** NewConstraint: hyphen ranges rewritten, then `||` of `,`-separated constraints. */
export function parseConstraints(text: string): Constraint[][] {
  const rewritten = text.replace(RANGE, (...m: string[]) => `>= ${m[1]}, <= ${m[11]}`);
  return rewritten.split('||').map((group) => group.split(',').map(parseConstraint));
}

/** Constraints.Check. */
export function satisfies(constraints: readonly Constraint[][], v: Version): boolean {
  return constraints.some((group) => group.every((c) => check(c, v)));
}

const structMethods = (v: Version): ReadonlyMap<string, GoMethod> => {
  const other = (value: GoValue): Version => {
    const version = versionOf.get(value as GoStruct);
    if (version === undefined) {
      throw new Error(
        `wrong type for value; expected *semver.Version; got ${value === null ? '<nil>' : value instanceof GoStruct ? value.typeName : typeof value}`,
      );
    }
    return version;
  };
  const setter = (field: 'pre' | 'metadata', invalid: string): GoMethod => ({
    arity: 1,
    call: (a) => {
      const text = str(arg(a, 0));
      if (text.length > 0 && !/^[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$/.test(text)) {
        throw new Error(invalid);
      }
      return versionValue(withOriginal({ ...v, [field]: text }, v));
    },
  });
  return new Map<string, GoMethod>([
    ['Compare', { arity: 1, call: (a) => BigInt(compare(v, other(arg(a, 0)))) }],
    ['LessThan', { arity: 1, call: (a) => compare(v, other(arg(a, 0))) < 0 }],
    ['GreaterThan', { arity: 1, call: (a) => compare(v, other(arg(a, 0))) > 0 }],
    ['Equal', { arity: 1, call: (a) => compare(v, other(arg(a, 0))) === 0 }],
    ['SetPrerelease', setter('pre', 'Invalid Prerelease string')],
    ['SetMetadata', setter('metadata', 'Invalid Metadata string')],
  ]);
};

/** The original with the next version's text, keeping a leading `v` (originalVPrefix). */
function withOriginal(next: Omit<Version, 'original'>, from: Version): Version {
  const prefix = from.original.startsWith('v') ? 'v' : '';
  return { ...next, original: prefix + versionString({ ...next, original: '' }) };
}

/** The Version behind each `*semver.Version` a template holds, for the comparison methods. */
const versionOf = new WeakMap<GoStruct, Version>();

/**
 * A `*semver.Version`: `.Major` … `.Original` read as fields, `.String`, `.IncPatch`, `.Compare $v`
 * … as methods; printed through String, `toJson` through MarshalJSON, `toYaml` `{}` (the fields
 * fmt prints are the six the Go struct has, in its order).
 */
function versionPointer(v: Version): GoStruct {
  const methods = new Map(structMethods(v));
  methods.set('String', { arity: 0, call: () => versionString(v) });
  for (const part of ['patch', 'minor', 'major'] as const) {
    const name = `Inc${part[0]!.toUpperCase()}${part.slice(1)}`;
    methods.set(name, { arity: 0, call: () => versionValue(incremented(v, part)) });
  }
  const struct = new GoStruct(
    '*semver.Version',
    [
      ['Major', new GoInt(v.major, 'int64')],
      ['Minor', new GoInt(v.minor, 'int64')],
      ['Patch', new GoInt(v.patch, 'int64')],
      ['Prerelease', v.pre],
      ['Metadata', v.metadata],
      ['Original', v.original],
    ],
    { text: versionString(v), marshal: 'json-text', methods, goSyntax: `&${goSyntax(v)}` },
  );
  versionOf.set(struct, v);
  return struct;
}

/** %#v of a semver.Version: its unexported fields, int64 numbers in decimal. */
function goSyntax(v: Version): string {
  return `semver.Version{major:${v.major}, minor:${v.minor}, patch:${v.patch}, pre:${quote(v.pre)}, metadata:${quote(v.metadata)}, original:${quote(v.original)}}`;
}

function incremented(v: Version, part: 'major' | 'minor' | 'patch'): Version {
  const bare = { ...v, pre: '', metadata: '' };
  const next =
    part === 'major'
      ? { ...bare, major: v.major + 1n, minor: 0n, patch: 0n }
      : part === 'minor'
        ? { ...bare, minor: v.minor + 1n, patch: 0n }
        : v.pre !== ''
          ? bare
          : { ...bare, patch: v.patch + 1n };
  return withOriginal(next, v);
}

/**
 * A `semver.Version` value (what IncPatch and friends return): its String method needs a pointer,
 * so fmt prints its unexported fields (`{1 2 4   1.2.4}`) and the encoders write `{}`.
 */
function versionValue(v: Version): GoStruct {
  return new GoStruct(
    'semver.Version',
    [
      ['major', new GoInt(v.major, 'int64')],
      ['minor', new GoInt(v.minor, 'int64')],
      ['patch', new GoInt(v.patch, 'int64')],
      ['pre', v.pre],
      ['metadata', v.metadata],
      ['original', v.original],
    ],
    { marshal: 'empty', goSyntax: goSyntax(v) },
  );
}

/** sprig 3's `*semver.Version` (semver 3.2: uint64 parts, MarshalText). */
function sprig3Version(s: string): GoStruct {
  const v = v3.parseVersion(s);
  let text = `${v.major}.${v.minor}.${v.patch}`;
  if (v.pre !== '') text += `-${v.pre}`;
  if (v.meta !== '') text += `+${v.meta}`;
  return new GoStruct(
    '*semver.Version',
    [
      ['Major', new GoInt(v.major, 'uint64')],
      ['Minor', new GoInt(v.minor, 'uint64')],
      ['Patch', new GoInt(v.patch, 'uint64')],
      ['Prerelease', v.pre],
      ['Metadata', v.meta],
      ['Original', s],
    ],
    text,
  );
}

/** The operator's result, or sprig 3's with a notice where the operator's library fails. */
function operatorOrSprig3<T>(
  operator: () => T,
  sprig3: () => T,
  context: CallContext | undefined,
  what: string,
): T {
  try {
    return operator();
  } catch (error) {
    let result: T;
    try {
      result = sprig3();
    } catch {
      throw error;
    }
    context?.notice(
      'operator-fails',
      `the operator's semver 1.5.0 fails on ${what} ("${error instanceof Error ? error.message : String(error)}"); sprig 3's semver 3.2 accepts it`,
    );
    return result;
  }
}

/** semver and semverCompare by name. */
export const semverFunctions: Record<string, TemplateFunction> = {
  semver: fn(1, (a, context): GoValue => {
    const s = str(arg(a, 0));
    return operatorOrSprig3(
      () => versionPointer(parseVersion(s)),
      () => sprig3Version(s),
      context,
      JSON.stringify(s),
    );
  }),
  semverCompare: fn(2, (a, context) => {
    const constraint = str(arg(a, 0));
    const version = str(arg(a, 1));
    return operatorOrSprig3(
      () => satisfies(parseConstraints(constraint), parseVersion(version)),
      () => v3.satisfies(constraint, v3.parseVersion(version)),
      context,
      `${JSON.stringify(constraint)} and ${JSON.stringify(version)}`,
    );
  }),
};
