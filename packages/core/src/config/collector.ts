/**
 * ConfigData per assignment (docs/kalypso-compatibility.md#config-collection): labelled ConfigMaps in name order, then azure-app-config keys.
 *
 * Built once per environment. Every ConfigMap value is parsed once, here. Per call the work is a
 * scan of the sources that can still match after the cluster type has been applied (a plan
 * cached per cluster type), and the merge is cached per set of matching sources — a benchmark
 * environment has ~100,000 assignments but only a handful of distinct source sets.
 */
import { GoMap, type GoValue } from '@kalypso/gotemplate/go';
import {
  CLUSTER_TYPE_LABEL,
  DEPLOYMENT_TARGET_LABEL,
  WORKLOAD_LABEL,
  decodeAzureKey,
  isAzureAppConfig,
  isLabelledPlatformConfig,
  isMatchingLabel,
  labelValue,
  type ConfigSubject,
  type PlatformConfigMap,
} from './labels.ts';
import { cloneConfigValue, mergeConfigValue, parseConfigValue } from './value.ts';

/** A unit that is applied as a whole: one labelled ConfigMap, or one key of an azure ConfigMap. */
interface Source {
  readonly labels: readonly (readonly [string, string])[];
  readonly entries: readonly (readonly [string, GoValue])[];
  /** `ConfigMap 'name' (file:line)`, for messages about a value it supplied. */
  readonly from: string;
  /** The ConfigMap's file and the line of its data key that supplies `key`, when known. */
  readonly lineOf: (key: string) => { file: string; line: number } | undefined;
}

/** Where a supplied value is written: the ConfigMap and the file:line of its key. */
export interface ConfigSupplier {
  /** `ConfigMap 'name' (file:line)` with the key's line when known. */
  readonly text: string;
  readonly file?: string;
  readonly line?: number;
}

/** A label that the cluster type alone could not decide: it is checked against the target. */
type TargetCheck =
  | { readonly kind: 'name'; readonly value: string }
  | { readonly kind: 'label'; readonly key: string; readonly value: string };

/** Per cluster type: for each source that is not already excluded, what the target must satisfy. */
type ClusterPlan = readonly (readonly [number, readonly TargetCheck[]])[];

/** Byte-wise order; Kubernetes object names and config keys are ASCII in practice. */
function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collects ConfigData for any (cluster type, deployment target) of one environment. */
export class ConfigCollector {
  readonly #sources: readonly Source[];
  /** Label keys other than the special ones, used to key the cluster-type plan cache. */
  readonly #genericKeys: readonly string[];
  readonly #plans = new Map<string, ClusterPlan>();
  readonly #merged = new Map<string, GoMap>();

  /** @param configMaps every ConfigMap of the environment; non-platform ones are ignored. */
  constructor(configMaps: readonly PlatformConfigMap[]) {
    const parsed = new Map<PlatformConfigMap, Map<string, GoValue>>();
    const parse = (cm: PlatformConfigMap, key: string): GoValue => {
      let values = parsed.get(cm);
      if (!values) parsed.set(cm, (values = new Map<string, GoValue>()));
      let value = values.get(key);
      if (value === undefined) values.set(key, (value = parseConfigValue(cm.data[key] ?? '')));
      return value;
    };
    const sources: Source[] = [];
    // Pass 1 (docs/kalypso-compatibility.md#which-configmaps-count): labelled ConfigMaps by name; later names override or merge into earlier.
    const labelled = configMaps.filter((cm) => isLabelledPlatformConfig(cm.labels));
    for (const cm of labelled.sort((a, b) => compareStrings(a.name, b.name))) {
      sources.push({
        labels: matchingLabels(cm.labels),
        entries: Object.keys(cm.data).map((key) => [key, parse(cm, key)] as const),
        from: describeSource(cm),
        lineOf: (key) => keyLocation(cm, key),
      });
    }
    // Pass 2 (docs/kalypso-compatibility.md#ordering-and-precedence, docs/kalypso-compatibility.md#azure-app-configuration-keys): Go leaves the order of several azure ConfigMaps and of equally long
    // keys unspecified; we use ConfigMap name, then key length, then key bytes, so output is
    // deterministic. Their own labels are ignored; each key carries its labels.
    const azure = configMaps.filter((cm) => isAzureAppConfig(cm.name));
    for (const cm of azure.sort((a, b) => compareStrings(a.name, b.name))) {
      const keys = Object.keys(cm.data).sort((a, b) => a.length - b.length || compareStrings(a, b));
      for (const encoded of keys) {
        const decoded = decodeAzureKey(encoded);
        sources.push({
          labels: matchingLabels(decoded.labels),
          entries: [[decoded.key, parse(cm, encoded)]],
          from: `${describeSource(cm)} key '${encoded}'`,
          lineOf: () => keyLocation(cm, encoded),
        });
      }
    }
    this.#sources = sources;
    const special = new Set([CLUSTER_TYPE_LABEL, DEPLOYMENT_TARGET_LABEL, WORKLOAD_LABEL]);
    const generic = new Set(sources.flatMap((s) => s.labels.map(([key]) => key)));
    this.#genericKeys = [...generic].filter((key) => !special.has(key)).sort(compareStrings);
  }

  /**
   * The ConfigData of one assignment: a fresh map (structured values deep-copied), so a caller
   * changing it cannot affect any other assignment.
   */
  collect(subject: ConfigSubject): GoMap {
    return this.collectFrom(this.sourcesOf(subject));
  }

  /**
   * Which sources supply the ConfigData of one assignment, as an id: in one collector, equal ids
   * give equal ConfigData (`collectFrom`).
   */
  sourcesOf(subject: ConfigSubject): string {
    return this.#matching(subject).join(',');
  }

  /** `collect` for the sources `sourcesOf` named. */
  collectFrom(sources: string): GoMap {
    let merged = this.#merged.get(sources);
    if (!merged)
      this.#merged.set(
        sources,
        (merged = this.#merge(sources === '' ? [] : sources.split(',').map(Number))),
      );
    const copy = new GoMap(undefined, 'map[string]interface {}');
    for (const [name, value] of merged.entries) copy.entries.set(name, cloneConfigValue(value));
    return copy;
  }

  /**
   * The ConfigMaps that supplied the top-level config `key` of one assignment, last (winning)
   * first: `ConfigMap 'name' (file:line)`. Empty when no ConfigMap sets the key.
   */
  suppliersOf(subject: ConfigSubject, key: string): string[] {
    return this.suppliers(subject, key).map((s) => s.text);
  }

  /**
   * Like `suppliersOf`, with the file and line of the data key itself when the ConfigMap's YAML
   * positions are known: `ConfigMap 'sizes' (env/config.yaml:7)` names the line to fix.
   */
  suppliers(subject: ConfigSubject, key: string): ConfigSupplier[] {
    const found: ConfigSupplier[] = [];
    for (const index of this.#matching(subject).reverse()) {
      const source = this.#sources[index];
      if (!source?.entries.some(([name]) => name === key)) continue;
      const at = source.lineOf(key);
      found.push(
        at === undefined
          ? { text: source.from }
          : {
              text: source.from.replace(/ \([^()]*:\d+\)/, ` (${at.file}:${at.line})`),
              file: at.file,
              line: at.line,
            },
      );
    }
    return found;
  }

  /**
   * Whether a source may supply the ConfigData of some assignment of this cluster type (some
   * target may match): when not, `sourcesOf` is '' for every target of it.
   */
  mayReach(clusterType: ConfigSubject['clusterType']): boolean {
    return this.#planFor(clusterType).length > 0;
  }

  #matching(subject: ConfigSubject): number[] {
    const plan = this.#planFor(subject.clusterType);
    const matching: number[] = [];
    for (const [index, checks] of plan) {
      if (checks.every((check) => targetSatisfies(check, subject.target))) matching.push(index);
    }
    return matching;
  }

  #planFor(clusterType: ConfigSubject['clusterType']): ClusterPlan {
    const cacheKey = [
      clusterType.name,
      ...this.#genericKeys.map((k) => labelValue(clusterType.labels, k)),
    ].join('\u0000');
    let plan = this.#plans.get(cacheKey);
    if (!plan) this.#plans.set(cacheKey, (plan = this.#buildPlan(clusterType)));
    return plan;
  }

  #buildPlan(clusterType: ConfigSubject['clusterType']): ClusterPlan {
    const plan: [number, TargetCheck[]][] = [];
    this.#sources.forEach((source, index) => {
      const checks: TargetCheck[] = [];
      for (const [key, value] of source.labels) {
        if (key === CLUSTER_TYPE_LABEL) {
          if (value !== clusterType.name) return;
        } else if (key === DEPLOYMENT_TARGET_LABEL) {
          checks.push({ kind: 'name', value });
        } else if (key === WORKLOAD_LABEL || labelValue(clusterType.labels, key) !== value) {
          // `workload` compares with the target's label only; other labels still have a chance
          // on the target when the cluster type does not carry the value.
          checks.push({ kind: 'label', key, value });
        }
      }
      plan.push([index, checks]);
    });
    return plan;
  }

  #merge(matching: readonly number[]): GoMap {
    const data = new GoMap(undefined, 'map[string]interface {}');
    for (const index of matching) {
      for (const [key, value] of this.#sources[index]?.entries ?? []) {
        const existing = data.entries.get(key);
        data.entries.set(key, existing === undefined ? value : mergeConfigValue(existing, value));
      }
    }
    return data;
  }
}

/**
 * The names of the cluster types one ConfigMap may supply ConfigData to, or undefined when it may
 * supply any (a source of it carries no `cluster-type` label). Empty: it is no platform config.
 * The rule of `mayReach`: a source is left out of a cluster type's plan only when its
 * `cluster-type` label names another cluster type; so a cluster type not named here has no
 * assignment this ConfigMap (in this version) reaches. Reads no value (nothing is parsed).
 */
export function clusterTypesReached(cm: PlatformConfigMap): readonly string[] | undefined {
  const labelLists: (readonly (readonly [string, string])[])[] = [];
  if (isLabelledPlatformConfig(cm.labels)) labelLists.push(matchingLabels(cm.labels));
  if (isAzureAppConfig(cm.name))
    for (const encoded of Object.keys(cm.data))
      labelLists.push(matchingLabels(decodeAzureKey(encoded).labels));
  const names = new Set<string>();
  for (const labels of labelLists) {
    const named = labels.find(([key]) => key === CLUSTER_TYPE_LABEL);
    if (named === undefined) return undefined;
    names.add(named[1]);
  }
  return [...names].sort(compareStrings);
}

function keyLocation(
  cm: PlatformConfigMap,
  key: string,
): { file: string; line: number } | undefined {
  const line = cm.dataLines?.[key];
  return cm.file === undefined || line === undefined ? undefined : { file: cm.file, line };
}

function describeSource(cm: PlatformConfigMap): string {
  return `ConfigMap '${cm.name}'${cm.origin === undefined ? '' : ` (${cm.origin})`}`;
}

function matchingLabels(labels: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(labels).filter(([key]) => isMatchingLabel(key));
}

function targetSatisfies(check: TargetCheck, target: ConfigSubject['target']): boolean {
  return check.kind === 'name'
    ? target.name === check.value
    : labelValue(target.labels, check.key) === check.value;
}
