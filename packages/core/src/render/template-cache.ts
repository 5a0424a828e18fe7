import { appendAll } from '../model/append.ts';
import {
  functionCalls,
  templateFunctions,
  parseTemplate,
  sprig3OnlyFunctions,
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
    if (ok) {
      compiled.set(template.name, { template, manifests });
      appendAll(warnings, sprig3OnlyCalls(template, manifests));
    }
  }
  return compiled;
}

/** What to use instead of a sprig-3-only function, where sprig 2.22 has a close equivalent. */
const OPERATOR_EQUIVALENT: Readonly<Record<string, string>> = {
  get: '`index` (it prints <no value> instead of "" for a missing key: wrap it in `default ""`)',
  dig: 'nested `index` inside `with`',
  seq: '`until` or `untilStep`',
  toRawJson: '`toJson`',
  duration: '`printf`',
  addf: '`add` (integers only)',
  subf: '`sub` (integers only)',
  mulf: '`mul` (integers only)',
  divf: '`div` (integers only)',
  add1f: '`add1` (integers only)',
  maxf: '`max` (integers only)',
  minf: '`min` (integers only)',
  osBase: '`base`',
  osClean: '`clean`',
  osDir: '`dir`',
  osExt: '`ext`',
  osIsAbs: '`isAbs`',
};

/**
 * Warnings for the sprig-3-only functions a Template names (docs/decisions/sprig3-function-set.md):
 * the operator's sprig 2.22 does not define them, so it cannot even parse the Template. One
 * warning per function and Template, at the line of its first use.
 */
function sprig3OnlyCalls(template: Template, manifests: readonly ParsedTemplate[]): Problem[] {
  const seen = new Map<string, { manifest: number; line: number; count: number }>();
  manifests.forEach((manifest, index) => {
    for (const call of functionCalls(manifest)) {
      if (!sprig3OnlyFunctions.has(call.name)) continue;
      const first = seen.get(call.name);
      if (first === undefined) seen.set(call.name, { manifest: index, line: call.line, count: 1 });
      else first.count++;
    }
  });
  return [...seen].map(([name, at]) => {
    const plain = name.startsWith('must')
      ? `${name.slice(4, 5).toLowerCase()}${name.slice(5)}`
      : '';
    const instead =
      OPERATOR_EQUIVALENT[name] ??
      (plain !== '' && !sprig3OnlyFunctions.has(plain) ? `\`${plain}\`` : undefined);
    return asWarning({
      file: template.origin.file,
      line: templateFileLine(template, at.manifest, at.line),
      object: describeObject(template),
      message: `manifest ${at.manifest + 1} calls \`${name}\`${at.count > 1 ? ` (${at.count} times in this Template)` : ''}, a sprig 3 function the Kalypso operator's sprig 2.22 does not have: this Template would not render on the operator (function "${name}" not defined). It renders here; ${instead === undefined ? 'rewrite it without this function' : `use ${instead}`} if the operator must still render this control plane.`,
    });
  });
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
