/**
 * Durations of the promotion policy (`soak: 2h`, `duration: 8h`): Go-style unit groups, whole
 * numbers, largest unit first, each unit at most once — `90m`, `2h`, `1h30m`, `1d`, `45s`. A day is
 * 24 hours of elapsed time, not a calendar day. See docs/decisions/policy-durations.md.
 */

const UNITS = [
  ['d', 24 * 60 * 60 * 1000],
  ['h', 60 * 60 * 1000],
  ['m', 60 * 1000],
  ['s', 1000],
] as const;

/** The longest duration the policy accepts (a soak, a window): 366 days. */
export const MAX_DURATION_MS = 366 * 24 * 60 * 60 * 1000;

const SHAPE = /^(?:(\d{1,6})d)?(?:(\d{1,6})h)?(?:(\d{1,6})m)?(?:(\d{1,6})s)?$/;

/** The duration in milliseconds, or a sentence saying what is wrong with `text`. */
export function parseDuration(text: string): { ms: number } | { problem: string } {
  const example = `write it as whole numbers with units, largest first, e.g. '90m', '2h', '1h30m' or '1d'`;
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed))
    return { problem: `duration '${text}' has no unit; ${example}.` };
  const match = trimmed === '' ? null : SHAPE.exec(trimmed);
  if (!match) {
    const hint = /\d\.\d/.test(trimmed) ? ' (no fractions: 1h30m, not 1.5h)' : '';
    return { problem: `duration '${clip(text)}' is not valid${hint}; ${example}.` };
  }
  let ms = 0;
  UNITS.forEach(([, size], i) => {
    const group = match[i + 1];
    if (group !== undefined) ms += Number(group) * size;
  });
  if (ms <= 0)
    return { problem: `duration '${text}' is zero; give a positive duration or remove the key.` };
  if (ms > MAX_DURATION_MS)
    return { problem: `duration '${text}' is longer than the 366 days the policy allows.` };
  return { ms };
}

/** `5400000` → `1h30m`; the canonical form of {@link parseDuration}. */
export function formatDuration(ms: number): string {
  if (ms <= 0) return '0m';
  let rest = Math.round(ms / 1000) * 1000;
  let out = '';
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      out += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return out === '' ? '0s' : out;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
