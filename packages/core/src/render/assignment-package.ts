import {
  ConfigCollector,
  labelsMatchSubject,
  checkConfigData,
  type ConfigDataViolation,
  type ConfigSchemaRef,
  type ConfigSupplier,
  type ConfigSubject,
} from '../config/index.ts';
import { GoMap, GoStruct, type GoValue } from '@kalypso/gotemplate/go';
import type { EnvironmentView } from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import type { Assignment } from '../model/schedule.ts';
import { describeObject, templateFileLine, type Template } from '../model/types.ts';
import type { CompiledTemplate } from './template-cache.ts';
import { ManifestError, renderRole, type ManifestNotice } from './manifests.ts';
import { noticeWarning } from './render-notices.ts';
import { explainTemplateError } from './template-error.ts';
import type { AssignmentPackage, EncodedPackage } from '../gitops/tree.ts';
import {
  assignmentKey,
  canonicalGoValue,
  type AssignmentKey,
  type RenderMemo,
} from './render-key.ts';

/**
 * One assignment as rendered: its files (the gitops layer's AssignmentPackage) and where this
 * render differs from the operator's (function notices, render-notices.ts): warnings without the
 * assignment, which `where` names, so that one call seen by many assignments is reported once.
 */
export interface RenderedPackage extends AssignmentPackage {
  readonly notices: readonly AssignmentNotice[];
  /** Its content key, when rendered with a memo and every input could be keyed. */
  readonly key?: AssignmentKey;
}

/**
 * An assignment whose content key the memo holds: its files are the memo's, not rendered again
 * (docs/decisions/incremental-render.md). Neither linted nor noticed again: the render that kept
 * them was.
 */
export interface ReusedPackage {
  readonly reused: EncodedPackage;
  readonly key: AssignmentKey;
}

/** An assignment the caller's index holds under its key (`taken`): not rendered, no files here. */
export interface IndexedPackage {
  readonly indexed: AssignmentKey;
}

/** A warning about one call in a Template, seen while rendering one assignment. */
export interface AssignmentNotice {
  readonly warning: Problem;
  readonly where: string;
}

/** What rendering one environment needs beyond the view: compiled templates and config. */
export interface RenderContext {
  readonly view: EnvironmentView;
  readonly templates: ReadonlyMap<string, CompiledTemplate>;
  readonly config: ConfigCollector;
  /**
   * The memo's parts of this render's shared values (filled as keys are made): each ConfigData by
   * `ConfigCollector.sourcesOf`, each target's labels and manifests.
   */
  readonly keyParts?: {
    readonly config: Map<string, number | undefined>;
    readonly targets: Map<object, readonly [number, number] | undefined>;
  };
}

/** The values of the template data many assignments share. */
interface SharedData {
  readonly configData: GoMap;
  readonly labels: GoMap;
  readonly manifests: GoMap;
}

/** Stand in for the shared values in the template data a key encodes (each keyed by its part). */
const STAND_INS: SharedData = {
  configData: new GoMap(),
  labels: new GoMap(),
  manifests: new GoMap(),
};

/** The part of the ConfigData the sources supply, computed once per sources (and render). */
function configDataPart(
  context: RenderContext,
  memo: RenderMemo,
  sources: string,
): number | undefined {
  const parts = context.keyParts?.config;
  if (parts?.has(sources)) return parts.get(sources);
  const encoding = canonicalGoValue(context.config.collectFrom(sources));
  const part = encoding === undefined ? undefined : memo.part(`C${encoding}`);
  parts?.set(sources, part);
  return part;
}

/** The parts of a target's labels and manifests (as the template data holds them), once per target. */
function targetPartsOf(
  context: RenderContext,
  memo: RenderMemo,
  target: Assignment['target'],
): readonly [number, number] | undefined {
  const parts = context.keyParts?.targets;
  if (parts?.has(target)) return parts.get(target);
  const labels = canonicalGoValue(GoMap.ofStrings(target.labels));
  const manifests = canonicalGoValue(GoMap.ofStrings(target.manifests));
  const found =
    labels === undefined || manifests === undefined
      ? undefined
      : ([memo.part(`L${labels}`), memo.part(`M${manifests}`)] as const);
  parts?.set(target, found);
  return found;
}

/**
 * Renders one assignment with the original's pipeline (docs/kalypso-compatibility.md#per-assignment-pipeline): collect config, validate it, render
 * the reconciler, namespace and config templates. Returns a problem instead of throwing, so that
 * every failing assignment of the environment is reported (docs/decisions/all-problems-at-once.md).
 */
export function renderAssignment(
  context: RenderContext,
  assignment: Assignment,
  memo?: RenderMemo,
  taken?: (key: AssignmentKey) => boolean,
): RenderedPackage | ReusedPackage | IndexedPackage | Problem {
  const { target, clusterType } = assignment;
  const subject: ConfigSubject = {
    clusterType: { name: clusterType.name, labels: clusterType.labels },
    target: { name: target.name, labels: target.labels },
  };
  const where = `deployment target '${target.name}' on cluster type '${clusterType.name}'`;
  const sources = context.config.sourcesOf(subject);
  const schemas: ConfigSchemaRef[] = [
    ...context.view.configSchemas
      .filter((s) => labelsMatchSubject(s.labels, subject))
      .map((s) => ({
        text: s.schema,
        origin: `${describeObject(s)} (${s.origin.file}:${s.origin.line})`,
      })),
    ...target.configSchemas.map((text) => ({
      text,
      origin:
        target.object === undefined
          ? `${describeObject(target.workload)} target '${target.entry.name}' (${target.workload.origin.file}:${target.entry.line})`
          : `${describeObject(target.object)} (${target.object.origin.file}:${target.object.origin.line})`,
    })),
  ];
  const roles = {
    reconciler: clusterType.reconciler,
    namespace: clusterType.namespaceService,
    config: clusterType.configType,
  };
  // The content key covers every input read below (docs/decisions/incremental-render.md): the
  // template data as built below, with the ConfigData keyed by its own encoding; only a
  // successful render is kept, so a hit also stands for the validation that passed.
  let key: AssignmentKey | undefined;
  if (memo !== undefined) {
    const reconciler = context.templates.get(roles.reconciler)?.template;
    const namespace = context.templates.get(roles.namespace)?.template;
    const config = context.templates.get(roles.config)?.template;
    const configPart = configDataPart(context, memo, sources);
    const targetParts = targetPartsOf(context, memo, assignment.target);
    if (reconciler && namespace && config && configPart !== undefined && targetParts) {
      key = assignmentKey(memo, {
        data: templateData(context.view.name, assignment, STAND_INS),
        shared: [
          [STAND_INS.configData, configPart],
          [STAND_INS.labels, targetParts[0]],
          [STAND_INS.manifests, targetParts[1]],
        ],
        schemaParts: schemas.map((s) => memo.part(`S${s.text}`)),
        templates: [reconciler, namespace, config],
      });
      if (key !== undefined && taken?.(key)) return { indexed: key };
      const found = key === undefined ? undefined : memo.get(key);
      if (found !== undefined && key !== undefined) return { reused: found, key };
    }
  }
  const configData = context.config.collectFrom(sources);
  const data = templateData(context.view.name, assignment, {
    configData,
    labels: GoMap.ofStrings(target.labels),
    manifests: GoMap.ofStrings(target.manifests),
  });
  const invalid = schemas.length > 0 ? checkConfigData(configData, schemas) : undefined;
  if (invalid !== undefined) {
    const supplied = suppliedBy(invalid.text, configData, (key) =>
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
      message: `${invalid.text}${supplied.text}${targetLine}\n${whatToChange(invalid, (key) => context.config.suppliers(subject, key))}`,
    };
  }
  const out: Record<keyof typeof roles, string> = { reconciler: '', namespace: '', config: '' };
  const notices: AssignmentNotice[] = [];
  for (const role of ['reconciler', 'namespace', 'config'] as const) {
    const compiled = context.templates.get(roles[role]);
    if (!compiled) {
      return { object: `Assignment of ${where}`, message: `Template '${roles[role]}' not found.` };
    }
    const raised: (ManifestNotice & { readonly manifest: number })[] = [];
    try {
      out[role] = renderRole(compiled.manifests, data, raised);
    } catch (error) {
      return renderFailure(compiled.template, role, where, error, data);
    }
    for (const notice of raised)
      notices.push({ warning: noticeWarning(compiled.template, notice), where });
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
    notices,
    ...(key === undefined ? {} : { key }),
  };
}

/**
 * The problem of a Template that failed for one assignment: the file and line of the failing
 * action when Go names it inside the manifest; for a failure in a nested re-render, the manifest
 * whose output was re-rendered, the round, and the line of that output that failed.
 */
function renderFailure(
  t: Template,
  role: string,
  where: string,
  error: unknown,
  data: GoValue,
): Problem {
  const message = error instanceof Error ? error.message : String(error);
  const manifestError = error instanceof ManifestError ? error : undefined;
  // Go's line inside the manifest, as a line of the Template's file.
  const inside = /^template: [^:]*:(\d+):/.exec(message)?.[1];
  const line =
    manifestError !== undefined && !manifestError.nested && inside !== undefined
      ? templateFileLine(t, manifestError.index, Number(inside))
      : t.origin.line;
  const manifest =
    manifestError !== undefined && (t.manifests.length > 1 || manifestError.nested)
      ? ` (manifest ${manifestError.index + 1})`
      : '';
  if (manifestError?.nested && message.startsWith('the output still contains "{{"')) {
    const line = manifestError.renderedText?.split('\n').find((l) => l.includes('{{')) ?? '';
    return {
      file: t.origin.file,
      line: t.origin.line,
      object: describeObject(t),
      message: `rendering the ${role} for ${where} failed (manifest ${manifestError.index + 1}): ${message}. The last nested re-render still produced ${JSON.stringify(line.length > 160 ? `${line.slice(0, 157)}...` : line)}.`,
    };
  }
  if (manifestError?.nested) {
    const outputLine =
      inside === undefined
        ? undefined
        : manifestError.renderedText?.split('\n')[Number(inside) - 1];
    const shown =
      outputLine === undefined
        ? ''
        : ` That line of the output reads ${JSON.stringify(outputLine.length > 160 ? `${outputLine.slice(0, 157)}...` : outputLine)}.`;
    return {
      file: t.origin.file,
      line,
      object: describeObject(t),
      message: `rendering the ${role} for ${where} failed in nested re-render ${manifestError.round} of the output of manifest ${manifestError.index + 1}: its output still contained "{{" (from a config value or the template), so it was rendered again as a template, and that failed: ${explainTemplateError(message, data, 'output')}.${shown} Escape template syntax that should stay literal ({{ "{{" }}), or fix the text that produces it.`,
    };
  }
  return {
    file: t.origin.file,
    line,
    object: describeObject(t),
    message: `rendering the ${role} for ${where} failed${manifest}: ${explainTemplateError(message, data)}. Fix the template or the data it reads.`,
  };
}

/**
 * What to change, per failing schema and key: `REPLICAS (Invalid type. Expected: integer, given:
 * string): change it in ConfigMap 'b' (env/config.yaml:7) to a value ConfigSchema 'sizes'
 * (env/schemas.yaml:3) accepts`; a missing key: add it to a platform-config ConfigMap that
 * applies to the assignment. Either way, or change the schema.
 */
function whatToChange(
  invalid: ConfigDataViolation,
  suppliersOf: (key: string) => ConfigSupplier[],
): string {
  const lines: string[] = [];
  for (const { schema, lines: text } of invalid.failures) {
    const fixes: string[] = [];
    for (const line of text.split('\n')) {
      const missing = /^ ?- (\S+) is required$/.exec(line);
      if (missing !== null) {
        fixes.push(
          `add ${missing[1]} to a platform-config ConfigMap that applies to this assignment, or drop it from the schema's "required"`,
        );
        continue;
      }
      const wrong = /^ ?- ([^\s:]+): (.*)$/.exec(line);
      if (wrong === null) continue;
      const key = wrong[1]!.split('.')[0]!;
      const winner = suppliersOf(key)[0];
      fixes.push(
        winner === undefined
          ? `${wrong[1]} (${wrong[2]}): give it a value the schema accepts`
          : `${wrong[1]} (${wrong[2]}): change it in ${winner.text} to a value the schema accepts`,
      );
    }
    lines.push(
      fixes.length === 0
        ? `${schema.origin} rejects the config data: fix the schema or the config.`
        : `${schema.origin} rejects the config data. To fix it, ${fixes.join('; ')} — or change the schema.`,
    );
  }
  return lines.join('\n');
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
function templateData(environment: string, assignment: Assignment, shared: SharedData): GoValue {
  const { target, clusterType } = assignment;
  return new GoStruct('scheduler.dataType', [
    ['DeploymentTargetName', target.name],
    ['Namespace', `${environment}-${clusterType.name}-${target.name}`],
    ['Environment', target.entry.environment],
    ['Workspace', target.workspace],
    ['Workload', target.workload.name],
    ['Labels', shared.labels],
    ['Manifests', shared.manifests],
    ['ClusterType', clusterType.name],
    ['ConfigData', shared.configData],
  ]);
}

type AssignmentResult = RenderedPackage | ReusedPackage | IndexedPackage | Problem;

export function isPackage(value: AssignmentResult): value is RenderedPackage {
  return 'reconciler' in value;
}

export function isReused(value: AssignmentResult): value is ReusedPackage {
  return 'reused' in value;
}

export function isIndexed(value: AssignmentResult): value is IndexedPackage {
  return 'indexed' in value;
}
