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
  const clusterTypes = new Map(view.clusterTypes.map((c) => [c.name, c]));
  const found = new Map<string, { first: string; count: number; template: string; kind: string }>();
  const note = (key: string, template: string, kind: string, first: string) => {
    const seen = found.get(key);
    if (seen) seen.count++;
    else found.set(key, { first, count: 1, template, kind });
  };
  const candidates: { key: string; template: string; text: string; file: string; where: string }[] =
    [];
  for (const pkg of packages) {
    const clusterType = clusterTypes.get(pkg.clusterType);
    if (!clusterType) continue;
    for (const [role, field, fileName] of ROLES) {
      const text = pkg[role];
      const template = clusterType[field];
      const file = role === 'config' ? pkg.configFileName : fileName;
      const where = `deployment target '${pkg.target}' on cluster type '${pkg.clusterType}'`;
      const at = text.indexOf(NO_VALUE);
      if (at >= 0) {
        const line = lineAt(text, at);
        note(
          `novalue\u0000${template}\u0000${role}`,
          template,
          'novalue',
          `the ${file} rendered for ${where}{more} contains '<no value>' at line ${line}: the template reads a field or map key that the assignment does not have`,
        );
      }
      if (file.endsWith('.yaml'))
        candidates.push({ key: `yaml\u0000${template}\u0000${role}`, template, text, file, where });
    }
  }
  // Parsing is the costly part (the YAML parser reads a few MB per second): the first output of
  // every Template and role is always parsed, the others while the byte budget lasts.
  let budget = MAX_YAML_CHECK_CHARS;
  const checked = new Set<string>();
  const check = (c: (typeof candidates)[number]) => {
    budget -= c.text.length;
    const error = yamlError(c.text);
    if (error !== undefined)
      note(
        c.key,
        c.template,
        'yaml',
        `the ${c.file} rendered for ${c.where}{more} is not valid YAML (${error}), so Flux cannot apply it`,
      );
  };
  const rest: typeof candidates = [];
  for (const c of candidates) {
    if (checked.has(c.key)) rest.push(c);
    else {
      checked.add(c.key);
      check(c);
    }
  }
  let partial = false;
  for (const c of rest) {
    if (budget < c.text.length) {
      partial = true;
      break;
    }
    check(c);
  }
  const warnings: Problem[] = [];
  for (const { first, count, template, kind } of found.values()) {
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
