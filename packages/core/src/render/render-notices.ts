import { describeObject, templateFileLine, type Template } from '../model/types.ts';
import { asWarning, type Problem } from '../model/problem.ts';
import type { ManifestNotice } from './manifests.ts';

/**
 * The warning for a notice a Template's function call raised while rendering: where the project
 * renders what the operator would not (a sprig 2.22 failure, docs/decisions/sprig3-function-set.md),
 * writes JSON where the operator printed "", or fell back to the operator's output
 * (docs/decisions/json-of-config-mappings.md). File and line are the call's, when it is in the
 * manifest itself; in a nested re-render, the Template's.
 */
export function noticeWarning(
  template: Template,
  notice: ManifestNotice & { readonly manifest: number },
): Problem {
  const line =
    notice.round === 0
      ? templateFileLine(template, notice.manifest, notice.line)
      : template.origin.line;
  const inManifest =
    notice.round === 0
      ? `manifest ${notice.manifest + 1}`
      : `nested re-render ${notice.round} of the output of manifest ${notice.manifest + 1}`;
  const fn = `\`${notice.function}\``;
  let message: string;
  switch (notice.kind) {
    case 'operator-fails':
      message = `${inManifest}: ${fn} renders here but fails on the Kalypso operator: ${notice.message}. This Template would not render on the operator; keep it only if you do not move back.`;
      break;
    case 'json-interface-map':
      message = `${inManifest}: ${fn} received a mapping parsed from a config value. The operator's ${notice.function} prints "" for it (Go's encoding/json cannot encode map[interface {}]interface {}); kalypso-actions writes the JSON, so this output differs from the operator's (a config file the operator did not write at all when the JSON was its only content). See docs/migrating-from-the-operator.md#differences-you-will-see.`;
      break;
    case 'json-fallback':
      message = `${inManifest}: the JSON ${fn} writes for a mapping parsed from a config value made this manifest fail (${notice.message}); it was rendered as the operator renders it instead, with ${notice.function} printing "" for that mapping (docs/decisions/json-of-config-mappings.md). Quote or escape the template syntax in the config value if you want the JSON.`;
      break;
  }
  return asWarning({
    file: template.origin.file,
    line,
    object: describeObject(template),
    message,
  });
}

/**
 * One warning per distinct notice, however many assignments raised it, naming how many did and
 * the first of them.
 */
export function collectNoticeWarnings(
  notices: Iterable<{ readonly warning: Problem; readonly where: string }>,
): Problem[] {
  const byKey = new Map<string, { warning: Problem; wheres: string[] }>();
  for (const { warning, where } of notices) {
    const key = `${warning.file}\0${warning.line}\0${warning.object}\0${warning.message}`;
    const entry = byKey.get(key);
    if (entry === undefined) byKey.set(key, { warning, wheres: [where] });
    else if (!entry.wheres.includes(where)) entry.wheres.push(where);
  }
  return [...byKey.values()].map(({ warning, wheres }) => ({
    ...warning,
    message: `${warning.message} (seen rendering ${wheres[0]}${wheres.length > 1 ? ` and ${wheres.length - 1} more assignment${wheres.length > 2 ? 's' : ''}` : ''})`,
  }));
}
