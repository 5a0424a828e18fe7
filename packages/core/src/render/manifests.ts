import { appendAll } from '../model/append.ts';
import {
  Budget,
  defaultTemplateLimits,
  type GoValue,
  goJsonTemplateFunctions,
  type TemplateLimits,
  type TemplateNotice,
  templateFunctions,
  executeTemplate,
  parseTemplate,
  type Template as ParsedTemplate,
} from '@kalypso/gotemplate';

/** docs/decisions/bounded-nested-rerender.md: after the first execution at most this many re-executions of output that still holds `{{`. */
export const MAX_NESTED_RENDERS = 8;

/**
 * A notice a function call raised while a manifest rendered (gotemplate's TemplateNotice), with
 * where: `round` 0 is the manifest's own execution (its `line` is a line of the manifest), a
 * higher round a nested re-render (its `line` is a line of the output being re-rendered).
 * `json-fallback` is the renderer's own: the manifest was rendered as the operator renders it.
 */
export interface ManifestNotice {
  readonly kind: TemplateNotice['kind'] | 'json-fallback';
  readonly function: string;
  readonly message: string;
  readonly line: number;
  readonly round: number;
}

/**
 * Executes one manifest, then re-executes its output while it still contains `{{` (the original's
 * nested rendering, docs/kalypso-compatibility.md#nested-re-rendering), bounded by
 * docs/decisions/bounded-nested-rerender.md so that self-reproducing config cannot loop. One
 * template budget covers the manifest and all its re-renders, so nesting cannot multiply the work
 * a manifest may cause.
 *
 * A JSON function that received a mapping parsed from config writes JSON here where the operator
 * printed "" (docs/decisions/sprig3-function-set.md). When that JSON text makes the manifest fail
 * (in a nested re-render, typically), the manifest is rendered again the operator's way, with Go's
 * encoding/json, and that output is used if it succeeds: a manifest the operator renders never
 * fails here because of the JSON text (docs/decisions/json-of-config-mappings.md).
 */
export function renderManifest(
  manifest: ParsedTemplate,
  data: GoValue,
  limits: TemplateLimits = defaultTemplateLimits,
  notices: ManifestNotice[] = [],
): string {
  const own: ManifestNotice[] = [];
  try {
    const output = renderNested(manifest, data, limits, own, templateFunctions);
    appendAll(notices, own);
    return output;
  } catch (error) {
    const json = own.filter((n) => n.kind === 'json-interface-map');
    if (json.length === 0) throw error;
    const asOperator: ManifestNotice[] = [];
    let output: string;
    try {
      const operatorManifest = parseTemplate(manifest.text, goJsonTemplateFunctions, manifest.name);
      output = renderNested(operatorManifest, data, limits, asOperator, goJsonTemplateFunctions);
    } catch {
      throw error;
    }
    const first = json[0]!;
    appendAll(notices, asOperator);
    notices.push({
      kind: 'json-fallback',
      function: first.function,
      message: describeFailure(error),
      line: first.line,
      round: first.round,
    });
    return output;
  }
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return error instanceof ManifestError && error.nested
    ? `nested re-render ${error.round} failed: ${message}`
    : message;
}

function renderNested(
  manifest: ParsedTemplate,
  data: GoValue,
  limits: TemplateLimits,
  notices: ManifestNotice[],
  functions: typeof templateFunctions,
): string {
  const budget = new Budget(limits);
  let round = 0;
  const sink = (n: TemplateNotice) => notices.push({ ...n, round });
  let output = executeTemplate(manifest, data, budget, sink);
  for (; output.includes('{{');) {
    if (round === MAX_NESTED_RENDERS) {
      throw new ManifestError(
        -1,
        new Error(
          `the output still contains "{{" after ${MAX_NESTED_RENDERS} nested re-renders; a config value or template keeps producing template syntax. Escape literal braces or remove the self-reference`,
        ),
        round,
        output,
      );
    }
    const text = output;
    round++;
    try {
      output = executeTemplate(parseTemplate(text, functions), data, budget, sink);
    } catch (error) {
      // Go's line numbers count lines of the re-rendered output, not of the manifest.
      throw new ManifestError(-1, error, round, text);
    }
  }
  return output;
}

/**
 * Renders all manifests of one role and joins them as the original does (docs/kalypso-compatibility.md#empty-output, docs/kalypso-compatibility.md#joining-files): outputs that
 * are exactly empty are dropped, the rest joined with `---\n` and no newline normalisation.
 * Notices are reported with the index of their manifest.
 */
export function renderRole(
  manifests: readonly ParsedTemplate[],
  data: GoValue,
  notices: (ManifestNotice & { readonly manifest: number })[] = [],
): string {
  const parts: string[] = [];
  manifests.forEach((manifest, index) => {
    let output: string;
    const own: ManifestNotice[] = [];
    try {
      output = renderManifest(manifest, data, defaultTemplateLimits, own);
    } catch (error) {
      throw error instanceof ManifestError
        ? new ManifestError(index, error.cause, error.round, error.renderedText)
        : new ManifestError(index, error);
    }
    for (const n of own) notices.push({ ...n, manifest: index });
    if (output !== '') parts.push(output);
  });
  return parts.join('---\n');
}

/** A manifest that failed to render: which one (0-based) of its Template, and why. */
export class ManifestError extends Error {
  readonly index: number;
  /** 0: the manifest's own execution; n: the n-th nested re-render of its output. */
  readonly round: number;
  /** The text the failing re-render executed (the previous round's output), when round > 0. */
  readonly renderedText: string | undefined;

  constructor(index: number, cause: unknown, round = 0, renderedText?: string) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'ManifestError';
    this.index = index;
    this.round = round;
    this.renderedText = renderedText;
  }

  /** Failed in a nested re-render: Go's line is a line of the output, not of the manifest. */
  get nested(): boolean {
    return this.round > 0;
  }
}
