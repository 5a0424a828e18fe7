import { GoMap, GoStruct, type GoValue } from '@kalypso/gotemplate/go';

/**
 * Go's execution error prefix: `template: NAME:LINE:COL: executing "T" at <NODE>: MESSAGE`
 * (docs/kalypso-compatibility.md#template-data describes the data the templates read).
 */
const EXEC_PREFIX =
  /^template: [^:]*:(\d+):(\d+): executing "(?:[^"\\]|\\.)*" at <(.*?)>: ([\s\S]*)$/;
/** Go's parse error prefix: `template: NAME:LINE: MESSAGE` (a re-rendered output that does not parse). */
const PARSE_PREFIX = /^template: [^:]*:(\d+): ?([\s\S]*)$/;
const UNKNOWN_FIELD = /^can't evaluate field (\w+) in type scheduler\.dataType$/;

/**
 * Rewrites a template execution error for a reader who does not know Go: the position inside
 * the manifest instead of Go's `template: NAME:LINE:COL: executing ...` prefix and, for a field
 * the template data does not have, the fields it does have and the closest one. Anything else
 * keeps Go's text (it names the function or value at fault).
 */
export function explainTemplateError(
  message: string,
  data: GoValue,
  text: 'manifest' | 'output' = 'manifest',
): string {
  const of = text === 'manifest' ? 'the manifest' : 'the re-rendered output';
  const exec = EXEC_PREFIX.exec(message);
  if (exec === null) {
    const parse = PARSE_PREFIX.exec(message);
    return parse === null ? message : `at line ${parse[1]} of ${of}: ${parse[2] ?? ''}`;
  }
  const [, line, col, node, detail = ''] = exec;
  const at = `at line ${line}, column ${col} of ${of}`;
  const unknown = UNKNOWN_FIELD.exec(detail);
  if (unknown === null || !(data instanceof GoStruct)) return `${at} (at <${node}>): ${detail}`;
  const name = unknown[1] ?? '';
  const fields = [...data.fields.keys()];
  const suggestion = suggestField(name, data);
  return `${at}: \`.${name}\` is not a field of the template data (its fields are ${fields.map((f) => `.${f}`).join(', ')})${suggestion === undefined ? '' : `; use \`${suggestion}\``}`;
}

/** A key of a map field spelled like `name` (`.Repo` → `.Manifests.repo`), else the nearest field. */
function suggestField(name: string, data: GoStruct): string | undefined {
  const lower = name.toLowerCase();
  for (const [field, value] of data.fields) {
    if (!(value instanceof GoMap)) continue;
    for (const key of value.entries.keys()) {
      if (typeof key === 'string' && key.toLowerCase() === lower) return `.${field}.${key}`;
    }
  }
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const field of data.fields.keys()) {
    const d = distance(lower, field.toLowerCase());
    if (d < bestDistance) {
      best = `.${field}`;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
