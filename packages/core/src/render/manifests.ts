import {
  Budget,
  defaultTemplateLimits,
  type GoValue,
  type TemplateLimits,
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
 * One template budget covers the manifest and all its re-renders, so nesting cannot multiply the
 * work a manifest may cause.
 */
export function renderManifest(
  manifest: ParsedTemplate,
  data: GoValue,
  limits: TemplateLimits = defaultTemplateLimits,
): string {
  const budget = new Budget(limits);
  let output = executeTemplate(manifest, data, budget);
  for (let round = 0; output.includes('{{'); round++) {
    if (round === MAX_NESTED_RENDERS) {
      throw new Error(
        `the output still contains "{{" after ${MAX_NESTED_RENDERS} nested re-renders; a config value or template keeps producing template syntax. Escape literal braces or remove the self-reference`,
      );
    }
    try {
      output = executeTemplate(parseTemplate(output, templateFunctions), data, budget);
    } catch (error) {
      // Go's line numbers count lines of the re-rendered output, not of the manifest.
      throw new ManifestError(-1, error, true);
    }
  }
  return output;
}

/**
 * Renders all manifests of one role and joins them as the original does (docs/kalypso-compatibility.md#empty-output, docs/kalypso-compatibility.md#joining-files): outputs that
 * are exactly empty are dropped, the rest joined with `---\n` and no newline normalisation.
 */
export function renderRole(manifests: readonly ParsedTemplate[], data: GoValue): string {
  const parts: string[] = [];
  manifests.forEach((manifest, index) => {
    let output: string;
    try {
      output = renderManifest(manifest, data);
    } catch (error) {
      throw new ManifestError(
        index,
        error instanceof ManifestError ? error.cause : error,
        error instanceof ManifestError && error.nested,
      );
    }
    if (output !== '') parts.push(output);
  });
  return parts.join('---\n');
}

/** A manifest that failed to render: which one (0-based) of its Template, and why. */
export class ManifestError extends Error {
  readonly index: number;
  /** Failed in a nested re-render: Go's line is a line of the output, not of the manifest. */
  readonly nested: boolean;

  constructor(index: number, cause: unknown, nested = false) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ManifestError';
    this.index = index;
    this.nested = nested;
  }
}
