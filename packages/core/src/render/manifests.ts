import {
  type GoValue,
  templateFunctions,
  executeTemplate,
  parseTemplate,
  type Template as ParsedTemplate,
} from '@kalypso/gotemplate';

/** docs/decisions/bounded-nested-rerender.md: after the first execution at most this many re-executions of output that still holds `{{`. */
export const MAX_NESTED_RENDERS = 8;

/**
 * Executes one manifest, then re-executes its output while it still contains `{{` (the original's
 * nested rendering, docs/kalypso-compatibility.md#nested-re-rendering), bounded by docs/decisions/bounded-nested-rerender.md so that self-reproducing config cannot loop.
 */
export function renderManifest(manifest: ParsedTemplate, data: GoValue): string {
  let output = executeTemplate(manifest, data);
  for (let round = 0; output.includes('{{'); round++) {
    if (round === MAX_NESTED_RENDERS) {
      throw new Error(
        `the output still contains "{{" after ${MAX_NESTED_RENDERS} nested re-renders; a config value or template keeps producing template syntax. Escape literal braces or remove the self-reference`,
      );
    }
    output = executeTemplate(parseTemplate(output, templateFunctions), data);
  }
  return output;
}

/**
 * Renders all manifests of one role and joins them as the original does (docs/kalypso-compatibility.md#empty-output, docs/kalypso-compatibility.md#joining-files): outputs that
 * are exactly empty are dropped, the rest joined with `---\n` and no newline normalisation.
 */
export function renderRole(manifests: readonly ParsedTemplate[], data: GoValue): string {
  const parts: string[] = [];
  for (const manifest of manifests) {
    const output = renderManifest(manifest, data);
    if (output !== '') parts.push(output);
  }
  return parts.join('---\n');
}
