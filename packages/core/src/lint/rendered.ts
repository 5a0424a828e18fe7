import { parseAllDocuments } from 'yaml';
import type { EnvironmentView } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import { describeObject } from '../model/types.ts';
import type { AssignmentPackage } from '../gitops/tree.ts';

const NO_VALUE = '<no value>';

/** Rendered text parsed as YAML per environment beyond the first output of each Template and role. */
const MAX_YAML_CHECK_CHARS = 1024 * 1024;

/**
 * Rendered text checked per environment beyond the first output of each Template and role: each
 * output is reduced to its shape (`yamlShape`, about 50 times faster than parsing), and only a
 * shape not seen before is parsed (within MAX_YAML_CHECK_CHARS).
 */
const MAX_SHAPE_CHECK_CHARS = 8 * 1024 * 1024;

/**
 * The text with every word (a letter, digit or `_`, then letters, digits, `_`, `.`, `/`, `-`)
 * replaced by one letter, and a line repeated right after itself kept once: what is left —
 * indentation, line breaks, indicators, quotes, other characters — decides whether it parses as
 * YAML, so outputs of one Template that differ only in names, values and how many alike entries
 * a map or list holds parse alike, and one parse stands for all of them. Lines holding quotes or
 * brackets are never merged (their count can open or close a scalar or collection). Undefined for
 * text where a word can matter (escapes, anchors and aliases, tags, directives): that text is
 * parsed itself.
 */
export function yamlShape(text: string): string | undefined {
  if (/[\\&*!%]/.test(text)) return undefined;
  return text
    .replace(/[A-Za-z0-9_][A-Za-z0-9_./-]*/g, 'a')
    .replace(/^([^\n"'[\]{}]*\n)\1+/gm, '$1');
}

const ROLES = [
  ['reconciler', 'reconciler', 'reconciler.yaml'],
  ['namespace', 'namespaceService', 'namespace.yaml'],
  ['config', 'configType', 'platform-config.yaml'],
] as const;

/**
 * Rendered files that Flux will not apply as meant (warnings): text containing Go's `<no value>`
 * (a missing field or key) and `.yaml` files that do not parse. One warning per Template and role,
 * on the Template's file, naming the first assignment and how many more are affected. The work
 * is one scan of the rendered output for `<no value>`, and a YAML parse of the first output of
 * every Template and role plus, within budgets, the further outputs whose shape (`yamlShape`) is
 * new (docs/decisions/lint-warnings.md). Packages are added one at a time, as the render produces
 * them, so that no rendered text has to be kept for the lint.
 */
export function renderedLint(view: EnvironmentView): {
  add(pkg: AssignmentPackage): void;
  warnings(): Problem[];
} {
  const clusterTypes = new Map(view.clusterTypes.map((c) => [c.name, c]));
  // Warnings come out in the order a scan of every output, then a parse of the first outputs,
  // then a parse of the others would find them: `rank` orders the YAML ones that way.
  type Found = { first: string; count: number; template: string; kind: string; rank: number };
  const found = new Map<string, Found>();
  const foundYaml = new Map<string, Found>();
  let added = 0;
  const note = (
    map: Map<string, Found>,
    key: string,
    template: string,
    kind: string,
    first: () => string,
    rank = 0,
  ) => {
    const seen = map.get(key);
    if (seen) seen.count++;
    else map.set(key, { first: first(), count: 1, template, kind, rank });
  };
  // Parsing is the costly part (the YAML parser reads a few MB per second): the first output of
  // every Template and role is always parsed; the others are shaped while MAX_SHAPE_CHECK_CHARS
  // lasts, and parsed when their shape is new while MAX_YAML_CHECK_CHARS lasts.
  let budget = MAX_YAML_CHECK_CHARS;
  let shapeBudget = MAX_SHAPE_CHECK_CHARS;
  // Template, role and shape → whether text of that shape failed to parse.
  const shapes = new Map<string, boolean>();
  let partial = false;
  const checked = new Set<string>();
  return {
    add(pkg) {
      const clusterType = clusterTypes.get(pkg.clusterType);
      if (!clusterType) return;
      added++;
      const where = () => `deployment target '${pkg.target}' on cluster type '${pkg.clusterType}'`;
      for (const [role, field, fileName] of ROLES) {
        const text = pkg[role];
        const template = clusterType[field];
        const file = role === 'config' ? pkg.configFileName : fileName;
        const at = text.indexOf(NO_VALUE);
        if (at >= 0) {
          note(
            found,
            `novalue\u0000${template}\u0000${role}`,
            template,
            'novalue',
            () =>
              `the ${file} rendered for ${where()}{more} contains '<no value>' at line ${lineAt(text, at)}: the template reads a field or map key that the assignment does not have`,
          );
        }
        if (!file.endsWith('.yaml')) continue;
        const key = `yaml\u0000${template}\u0000${role}`;
        const firstOutput = !checked.has(key);
        let shape: string | undefined;
        if (!firstOutput) {
          if (partial) continue;
          // An output shaped like one already parsed for this Template and role shares its verdict.
          if (shapeBudget < text.length) {
            partial = true;
            continue;
          }
          shapeBudget -= text.length;
          shape = yamlShape(text);
          const verdict = shape === undefined ? undefined : shapes.get(`${key}\u0000${shape}`);
          if (verdict !== undefined) {
            if (verdict) foundYaml.get(key)!.count++;
            continue;
          }
          if (budget < text.length) {
            partial = true;
            continue;
          }
        } else {
          checked.add(key);
          shape = yamlShape(text);
        }
        budget -= text.length;
        const error = yamlError(text);
        if (shape !== undefined) shapes.set(`${key}\u0000${shape}`, error !== undefined);
        if (error !== undefined)
          note(
            foundYaml,
            key,
            template,
            'yaml',
            () =>
              `the ${file} rendered for ${where()}{more} is not valid YAML (${error}), so Flux cannot apply it`,
            firstOutput ? added : Number.MAX_SAFE_INTEGER / 2 + added,
          );
      }
    },
    warnings() {
      const warnings: Problem[] = [];
      const yaml = [...foundYaml.values()].sort((a, b) => a.rank - b.rank);
      for (const { first, count, template, kind } of [...found.values(), ...yaml]) {
        const object = view.templates.get(template);
        const atLeast = kind === 'yaml' && partial ? 'at least ' : '';
        const more =
          count > 1 ? ` (and ${atLeast}${count - 1} more assignment${count > 2 ? 's' : ''})` : '';
        const fix =
          kind === 'novalue'
            ? "Check the field and key names (e.g. .Manifests.repo, .ConfigData.<key>) or give a default with 'default'."
            : 'Check the indentation (nindent, toYaml) and quoting of the Template.';
        warnings.push({
          ...(object ? { file: object.origin.file, line: object.origin.line } : {}),
          object: object ? describeObject(object) : `Template '${template}'`,
          message: `${first.replace('{more}', more)}. ${fix}`,
        });
      }
      return warnings;
    },
  };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

function yamlError(text: string): string | undefined {
  const docs = parseAllDocuments(text, { uniqueKeys: false });
  for (const doc of Array.isArray(docs) ? docs : []) {
    const error = doc.errors[0];
    if (error) {
      const line = error.linePos?.[0]?.line;
      return `${line ? `line ${line}: ` : ''}${error.message.split('\n')[0]!.replace(/\s+at line \d+, column \d+:?$/, '')}`;
    }
  }
  return undefined;
}
