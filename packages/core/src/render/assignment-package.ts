import {
  ConfigCollector,
  labelsMatchSubject,
  validateConfigData,
  type ConfigSchemaRef,
  type ConfigSupplier,
  type ConfigSubject,
} from '../config/index.ts';
import { GoMap, GoStruct, type GoValue } from '@kalypso/gotemplate';
import type { EnvironmentView } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import type { Assignment } from '../model/schedule.ts';
import { describeObject, templateFileLine } from '../model/types.ts';
import type { CompiledTemplate } from './template-cache.ts';
import { ManifestError, renderRole } from './manifests.ts';
import { explainTemplateError } from './template-error.ts';
import type { AssignmentPackage } from '../gitops/tree.ts';

/** What rendering one environment needs beyond the view: compiled templates and config. */
export interface RenderContext {
  readonly view: EnvironmentView;
  readonly templates: ReadonlyMap<string, CompiledTemplate>;
  readonly config: ConfigCollector;
}

/**
 * Renders one assignment with the original's pipeline (docs/kalypso-compatibility.md#per-assignment-pipeline): collect config, validate it, render
 * the reconciler, namespace and config templates. Returns a problem instead of throwing, so that
 * every failing assignment of the environment is reported (docs/decisions/all-problems-at-once.md).
 */
export function renderAssignment(
  context: RenderContext,
  assignment: Assignment,
): AssignmentPackage | Problem {
  const { target, clusterType } = assignment;
  const subject: ConfigSubject = {
    clusterType: { name: clusterType.name, labels: clusterType.labels },
    target: { name: target.name, labels: target.labels },
  };
  const where = `deployment target '${target.name}' on cluster type '${clusterType.name}'`;
  const configData = context.config.collect(subject);
  const schemas: ConfigSchemaRef[] = [
    ...context.view.configSchemas
      .filter((s) => labelsMatchSubject(s.labels, subject))
      .map((s) => ({
        text: s.schema,
        origin: `${describeObject(s)} (${s.origin.file}:${s.origin.line})`,
      })),
    ...target.configSchemas.map((text) => ({
      text,
      origin: `${describeObject(target.workload)} target '${target.entry.name}'`,
    })),
  ];
  const invalid = schemas.length > 0 ? validateConfigData(configData, schemas) : undefined;
  if (invalid !== undefined) {
    const supplied = suppliedBy(invalid, configData, (key) =>
      context.config.suppliers(subject, key),
    );
    // Point at the line of the failing key in the ConfigMap that supplies it (where the fix
    // usually is); a missing key has no supplier, so then at the deployment target.
    const at = supplied.at ?? { file: target.workload.origin.file, line: target.entry.line };
    const targetLine =
      supplied.at === undefined
        ? ''
        : `\nThe deployment target is defined at ${target.workload.origin.file}:${target.entry.line}.`;
    return {
      file: at.file,
      line: at.line,
      object: `Assignment of ${where}`,
      message: `${invalid}${supplied.text}${targetLine}\nFix the platform config (ConfigMaps) or the ConfigSchemas so that they agree.`,
    };
  }
  const data = templateData(context.view.name, assignment, configData);
  const roles = {
    reconciler: clusterType.reconciler,
    namespace: clusterType.namespaceService,
    config: clusterType.configType,
  };
  const out: Record<keyof typeof roles, string> = { reconciler: '', namespace: '', config: '' };
  for (const role of ['reconciler', 'namespace', 'config'] as const) {
    const compiled = context.templates.get(roles[role]);
    if (!compiled) {
      return { object: `Assignment of ${where}`, message: `Template '${roles[role]}' not found.` };
    }
    try {
      out[role] = renderRole(compiled.manifests, data);
    } catch (error) {
      const t = compiled.template;
      const message = error instanceof Error ? error.message : String(error);
      // Go's line inside the manifest, as a line of the Template's file.
      const inside = /^template: [^:]*:(\d+):/.exec(message)?.[1];
      const line =
        error instanceof ManifestError && !error.nested && inside !== undefined
          ? templateFileLine(t, error.index, Number(inside))
          : t.origin.line;
      const manifest =
        error instanceof ManifestError && t.manifests.length > 1
          ? ` (manifest ${error.index + 1})`
          : '';
      return {
        file: t.origin.file,
        line,
        object: describeObject(t),
        message: `rendering the ${role} for ${where} failed${manifest}: ${explainTemplateError(message, data)}. Fix the template or the data it reads.`,
      };
    }
  }
  const configTemplate = context.templates.get(clusterType.configType)!.template;
  return {
    clusterType: clusterType.name,
    target: target.name,
    reconciler: out.reconciler,
    namespace: out.namespace,
    config: out.config,
    configFileName:
      configTemplate.contentType === 'sh' ? 'platform-config.sh' : 'platform-config.yaml',
  };
}

/**
 * For each config key a schema line names (`- REPLICAS: Invalid type...`, `- db.port: ...`),
 * the value and the ConfigMaps that supplied it, winning one first:
 * `REPLICAS = "three" comes from ConfigMap 'sizes' (env/config.yaml:3)`. Keys that are missing
 * (`- X is required`) have no supplier and get no line.
 */
function suppliedBy(
  invalid: string,
  configData: GoMap,
  suppliersOf: (key: string) => ConfigSupplier[],
): { text: string; at: { file: string; line: number } | undefined } {
  const keys = new Set<string>();
  for (const match of invalid.matchAll(/^ ?- ([^\s:]+): /gm)) {
    const field = match[1] ?? '';
    keys.add(field.split('.')[0] ?? field);
  }
  const lines: string[] = [];
  let at: { file: string; line: number } | undefined;
  for (const key of keys) {
    const from = suppliersOf(key);
    if (from.length === 0) continue;
    const winner = from[0]!;
    if (at === undefined && winner.file !== undefined && winner.line !== undefined)
      at = { file: winner.file, line: winner.line };
    const value = configData.get(key);
    const shown = typeof value === 'string' ? JSON.stringify(value) : 'a structured value';
    lines.push(`${key} = ${shown} comes from ${from.map((s) => s.text).join(', overriding ')}`);
  }
  if (lines.length === 0) return { text: '', at: undefined };
  return { text: `${invalid.endsWith('\n') ? '' : '\n'}${lines.join('\n')}`, at };
}

/** The template data (`scheduler.dataType`, docs/kalypso-compatibility.md#template-data). */
function templateData(environment: string, assignment: Assignment, configData: GoMap): GoValue {
  const { target, clusterType } = assignment;
  return new GoStruct('scheduler.dataType', [
    ['DeploymentTargetName', target.name],
    ['Namespace', `${environment}-${clusterType.name}-${target.name}`],
    ['Environment', target.entry.environment],
    ['Workspace', target.workspace],
    ['Workload', target.workload.name],
    ['Labels', GoMap.ofStrings(target.labels)],
    ['Manifests', GoMap.ofStrings(target.manifests)],
    ['ClusterType', clusterType.name],
    ['ConfigData', configData],
  ]);
}

export function isPackage(value: AssignmentPackage | Problem): value is AssignmentPackage {
  return 'reconciler' in value;
}
