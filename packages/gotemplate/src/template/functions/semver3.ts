/**
 * Masterminds/semver v3.2 as sprig 3 uses it: lenient versions (`v1.2`, `1`), constraints with
 * `,`/space (and) and `||` (or), operators = != > < >= <= ~ ~> ^, wildcards (x, X, *) and hyphen
 * ranges; a version with a pre-release only satisfies a constraint that itself names a
 * pre-release. The operator's sprig 2.22 uses semver 1.5.0 (semver.ts); this is what the project
 * falls back to where 1.5.0 fails and 3.2 renders.
 */

interface Version {
  major: bigint;
  minor: bigint;
  patch: bigint;
  pre: string;
  meta: string;
}

const VERSION =
  /^v?([0-9]+)(?:\.([0-9]+))?(?:\.([0-9]+))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** semver.NewVersion; throws Masterminds' "Invalid Semantic Version". */
export function parseVersion(s: string): Version {
  const m = VERSION.exec(s);
  if (!m) throw new Error('Invalid Semantic Version');
  for (const part of [m[1], m[2], m[3]]) {
    if (part !== undefined && BigInt(part) >= 1n << 64n)
      throw new Error(
        `Error parsing version segment: strconv.ParseUint: parsing ${JSON.stringify(part)}: value out of range`,
      );
  }
  const pre = m[4] ?? '';
  if (pre.split('.').some((p) => /^0\d+$/.test(p))) {
    throw new Error('Version segment starts with 0');
  }
  return {
    major: BigInt(m[1] ?? '0'),
    minor: BigInt(m[2] ?? '0'),
    patch: BigInt(m[3] ?? '0'),
    pre,
    meta: m[5] ?? '',
  };
}

function cmpIdent(a: string, b: string): number {
  const na = /^\d+$/.test(a);
  const nb = /^\d+$/.test(b);
  if (na && nb) return Math.sign(Number(BigInt(a) - BigInt(b)));
  if (na !== nb) return na ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Version.Compare: precedence by number, then pre-release (none > any). */
export function compareVersions(a: Version, b: Version): number {
  for (const k of ['major', 'minor', 'patch'] as const) {
    if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1;
  }
  if (a.pre === b.pre) return 0;
  if (a.pre === '') return 1;
  if (b.pre === '') return -1;
  const pa = a.pre.split('.');
  const pb = b.pre.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    if (pa[i] === undefined) return -1;
    if (pb[i] === undefined) return 1;
    const c = cmpIdent(pa[i] ?? '', pb[i] ?? '');
    if (c !== 0) return c;
  }
  return 0;
}

interface Constraint {
  op: string;
  v: Version;
  /** Number of leading fixed parts before a wildcard (3 = none). */
  fixed: number;
}

const WILD = /^[xX*]$/;

// Missing or wildcard parts (x, X, *) make the constraint a range over them ("dirty").
function parseConstraint(text: string): Constraint {
  const m = /^(=|!=|>=|=>|<=|=<|>|<|~>|~|\^)?\s*v?(.*)$/.exec(text.trim());
  const op = m?.[1] ?? '';
  const body = m?.[2] ?? '';
  const suffixAt = body.search(/[-+]/);
  const core = suffixAt < 0 ? body : body.slice(0, suffixAt);
  const suffix = suffixAt < 0 ? '' : body.slice(suffixAt);
  const parts = core === '' ? [] : core.split('.');
  if (parts.length > 3) throw new Error(`improper constraint: ${text}`);
  let fixed = 0;
  while (fixed < parts.length && !WILD.test(parts[fixed] ?? '')) fixed++;
  const numbers = parts.slice(0, fixed);
  while (numbers.length < 3) numbers.push('0');
  const v = parseVersion(numbers.join('.') + (fixed === 3 ? suffix : ''));
  return { op, v, fixed };
}

function bump(v: Version, part: number): Version {
  if (part === 0) return { major: v.major + 1n, minor: 0n, patch: 0n, pre: '', meta: '' };
  if (part === 1) return { major: v.major, minor: v.minor + 1n, patch: 0n, pre: '', meta: '' };
  return { major: v.major, minor: v.minor, patch: v.patch + 1n, pre: '', meta: '' };
}

function check(c: Constraint, v: Version): boolean {
  if (v.pre !== '' && c.v.pre === '') return false;
  const cmp = compareVersions(v, c.v);
  const base = { ...c.v, pre: c.v.pre, meta: '' };
  const upperFor = (part: number): boolean => compareVersions(v, bump(base, part)) < 0;
  switch (c.op) {
    case '':
    case '=':
      if (c.fixed < 3) return cmp >= 0 && (c.fixed === 0 || upperFor(c.fixed - 1));
      return cmp === 0;
    case '!=':
      if (c.fixed < 3) return !(cmp >= 0 && (c.fixed === 0 || upperFor(c.fixed - 1)));
      return cmp !== 0;
    case '>':
      if (c.fixed < 3) return c.fixed === 0 ? false : !upperFor(c.fixed - 1);
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '>=':
    case '=>':
      return cmp >= 0;
    case '<=':
    case '=<':
      if (c.fixed < 3) return c.fixed === 0 || upperFor(c.fixed - 1);
      return cmp <= 0;
    case '~':
    case '~>':
      // ~1.2.3 → >=1.2.3 <1.3.0; ~1 → >=1 <2.
      return cmp >= 0 && upperFor(c.fixed <= 1 ? 0 : 1);
    case '^':
      if (cmp < 0) return false;
      if (c.v.major > 0n || c.fixed <= 1) return upperFor(0);
      if (c.v.minor > 0n || c.fixed === 2) return upperFor(1);
      return upperFor(2);
  }
  return false;
}

/** Constraints.Check. */
export function satisfies(constraint: string, version: Version): boolean {
  return constraint.split('||').some((group) => {
    const ranged = group.replace(
      /([^\s,]+)\s+-\s+([^\s,]+)/g,
      (_, lo: string, hi: string) => `>=${lo},<=${hi}`,
    );
    // Each constraint is an optional operator, optional spaces, then a version; `,` or spaces
    // separate them.
    const parts = [...ranged.matchAll(/(?:!=|>=|=>|<=|=<|~>|[=><~^])?\s*v?[0-9xX*][^\s,]*/g)].map(
      (m) => m[0],
    );
    if (parts.length === 0) throw new Error(`improper constraint: ${constraint}`);
    return parts.map(parseConstraint).every((c) => check(c, version));
  });
}
