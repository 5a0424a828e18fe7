import { parseAllDocuments } from 'yaml';
import type { EnvironmentView } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import { describeObject } from '../model/types.ts';
import type { AssignmentPackage } from '../render/assignment-package.ts';

const NO_VALUE = '<no value>';

/** Rendered text parsed as YAML per environment beyond the first output of each Template and role. */
const MAX_YAML_CHECK_CHARS = 1024 * 1024;

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
 * every Template and role plus further outputs up to 1 MiB of text (docs/decisions/lint-warnings.md).
 */
export function lintRendered(
  view: EnvironmentView,
  packages: readonly AssignmentPackage[],
): Problem[] {
  const lint = renderedLint(view);
  for (const pkg of packages) lint.add(pkg);
  return lint.warnings();
}

/**
 * `lintRendered` one package at a time, as the render produces them, so that no rendered text
 * has to be kept for it: each output is scanned (and parsed, while the budget lasts) when it is
 * added. The first output of every Template and role is always parsed.
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
  // every Template and role is always parsed, the others while the byte budget lasts.
  let budget = MAX_YAML_CHECK_CHARS;
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
        if (!firstOutput) {
          if (partial) continue;
          if (budget < text.length) {
            partial = true;
            continue;
          }
        } else checked.add(key);
        budget -= text.length;
        const error = yamlError(text);
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
