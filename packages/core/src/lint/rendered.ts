import { parseAllDocuments } from 'yaml';
import type { EnvironmentView } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import { describeObject } from '../model/types.ts';
import type { AssignmentPackage } from '../render/assignment-package.ts';

const NO_VALUE = '<no value>';

const ROLES = [
  ['reconciler', 'reconciler', 'reconciler.yaml'],
  ['namespace', 'namespaceService', 'namespace.yaml'],
  ['config', 'configType', 'platform-config.yaml'],
] as const;

/**
 * Rendered files that Flux will not apply as meant (warnings): text containing Go's `<no value>`
 * (a missing field or key) and `.yaml` files that do not parse. One warning per Template and role,
 * on the Template's file, naming the first assignment and how many more are affected. The work
 * is one scan and one parse of the rendered output, which the output budget bounds.
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
      const error = file.endsWith('.yaml') ? yamlError(text) : undefined;
      if (error !== undefined)
        note(
          `yaml\u0000${template}\u0000${role}`,
          template,
          'yaml',
          `the ${file} rendered for ${where}{more} is not valid YAML (${error}), so Flux cannot apply it`,
        );
    }
  }
  const warnings: Problem[] = [];
  for (const { first, count, template, kind } of found.values()) {
    const object = view.templates.get(template);
    const more = count > 1 ? ` (and ${count - 1} more assignment${count > 2 ? 's' : ''})` : '';
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
