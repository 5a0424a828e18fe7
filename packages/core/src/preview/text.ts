// The preview as plain text for a terminal (`kalypso diff`): a pure function of the previews.
import { appendAll } from '../model/append.ts';
import { formatProblem } from '../model/problem.ts';
import type { EnvironmentPreview } from '../render/compare.ts';

/** Control characters (escape sequences of a terminal) shown as `?`; newlines kept apart. */
function clean(value: string): string {
  return value.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '?');
}

/** Assignments, reasons, config changes and the unified diff of each environment. */
export function previewText(previews: readonly EnvironmentPreview[]): string {
  const out: string[] = [];
  for (const e of previews) {
    out.push(`Environment ${clean(e.environment)}`);
    if (e.kind === 'skipped') out.push(`  skipped: ${clean(e.reason)}`);
    else if (e.kind === 'problems')
      appendAll(
        out,
        e.problems.map((p) => `  problem: ${clean(formatProblem(p))}`),
      );
    else if (e.files.length === 0) out.push('  no change in the rendered output');
    else {
      if (e.baseBroken) out.push('  (the base does not render: compared with an empty output)');
      for (const c of e.clusterTypes) {
        const status = c.status === 'kept' ? '' : ` (${c.status})`;
        out.push(`  cluster type ${clean(c.clusterType)}${status}`);
        for (const a of c.added)
          out.push(`    + ${clean(a.target)}: ${a.reasons.map(clean).join('; ')}`);
        for (const a of c.removed)
          out.push(`    - ${clean(a.target)}: ${a.reasons.map(clean).join('; ')}`);
        for (const t of c.rerendered) out.push(`    ~ ${clean(t)}: re-rendered`);
        for (const k of c.config)
          out.push(
            `    config ${clean(k.key)}: ${k.before === undefined ? '(absent)' : clean(k.before)} -> ${k.after === undefined ? '(absent)' : clean(k.after)} (${k.targets.map(clean).join(', ')})`,
          );
      }
      if (e.removals.length > 0)
        appendAll(
          out,
          ['  removals:'],
          e.removals.map((r) => `    ${clean(r)}`),
        );
      out.push('');
      for (const f of e.files)
        out.push(
          f.patch === ''
            ? `${clean(f.path)} (${f.status}): too large to diff`
            : clean(f.patch).trimEnd(),
        );
    }
    out.push('');
  }
  return out.join('\n');
}
