import {
  templateFunctions,
  parseTemplate,
  TemplateError,
  type Template as ParsedTemplate,
} from '@kalypso/gotemplate';
import { describeObject, templateFileLine, type Template } from '../model/types.ts';
import { asWarning, type Problem } from '../model/problem.ts';

/** The parsed manifests of one Template, parsed once per environment. */
export interface CompiledTemplate {
  readonly template: Template;
  readonly manifests: readonly ParsedTemplate[];
}

/**
 * Parses every manifest of every Template once. Parse errors (including functions excluded by
 * docs/decisions/no-environment-in-templates.md, which are absent from the table) are reported per Template with its file: as errors for
 * the Templates in `used` (named by a cluster type something is scheduled on), as warnings for
 * the rest, which the original never parses.
 */
export function compileTemplates(
  templates: ReadonlyMap<string, Template>,
  used: ReadonlySet<string>,
  problems: Problem[],
  warnings: Problem[],
): Map<string, CompiledTemplate> {
  const compiled = new Map<string, CompiledTemplate>();
  for (const template of templates.values()) {
    const manifests: ParsedTemplate[] = [];
    let ok = true;
    template.manifests.forEach((text, index) => {
      try {
        manifests.push(parseTemplate(text, templateFunctions));
      } catch (error) {
        if (!(error instanceof TemplateError)) throw error;
        ok = false;
        const parsed = parseErrorText(error.message);
        const problem: Problem = {
          file: template.origin.file,
          line:
            parsed.line === undefined
              ? template.origin.line
              : templateFileLine(template, index, parsed.line),
          object: describeObject(template),
          message: `manifest ${index + 1} does not parse${parsed.line === undefined ? '' : ` (its line ${parsed.line})`}: ${parsed.text}. Fix the template${/function "[^"]*" not defined/.test(error.message) ? ' (excluded functions such as "env", "now" and "rand*" are not available: rendering must be deterministic)' : ''}${used.has(template.name) ? '' : '; no scheduled cluster type uses this Template yet, so nothing failed'}.`,
        };
        if (used.has(template.name)) problems.push(problem);
        else warnings.push(asWarning(problem));
      }
    });
    if (ok) compiled.set(template.name, { template, manifests });
  }
  return compiled;
}

/**
 * Go's parse error without its `template: NAME:LINE:` prefix, and the line inside the manifest
 * (`template: template:2: missing value for if` → line 2, `missing value for if`).
 */
export function parseErrorText(message: string): { line: number | undefined; text: string } {
  const match = /^template: [^:]*:(\d+):(?:\d+:)? ?([\s\S]*)$/.exec(message);
  if (match === null) return { line: undefined, text: message };
  return { line: Number(match[1]), text: match[2] ?? '' };
}
