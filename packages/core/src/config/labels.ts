/**
 * Which ConfigMaps are platform configuration and which (cluster type, deployment target) pairs a
 * label set applies to — docs/kalypso-compatibility.md#which-configmaps-count, docs/kalypso-compatibility.md#label-matching and docs/kalypso-compatibility.md#azure-app-configuration-keys.
 */

/** A ConfigMap of the environment, as the collector needs it. */
export interface PlatformConfigMap {
  name: string;
  labels: Readonly<Record<string, string>>;
  data: Readonly<Record<string, string>>;
  /** Where the ConfigMap is defined (`env/config.yaml:3`), named in messages about its values. */
  origin?: string;
  /** Its file and the line of each data key: messages about a value point at the key's line. */
  file?: string;
  dataLines?: Readonly<Record<string, number>>;
}

/** The (cluster type, deployment target) pair config is collected for. */
export interface ConfigSubject {
  clusterType: { name: string; labels: Readonly<Record<string, string>> };
  /** `labels` include the derived `workload` and `workspace` labels (docs/decisions/deployment-target-labels.md). */
  target: { name: string; labels: Readonly<Record<string, string>> };
}

export const PLATFORM_CONFIG_LABEL = 'platform-config';
export const AZURE_APP_CONFIG_PREFIX = 'azure-app-config';
export const CLUSTER_TYPE_LABEL = 'cluster-type';
export const DEPLOYMENT_TARGET_LABEL = 'deployment-target';
export const WORKLOAD_LABEL = 'workload';

/** Labels the original never matches on (its own marker and the Flux ownership labels). */
const IGNORED_LABELS: ReadonlySet<string> = new Set([
  PLATFORM_CONFIG_LABEL,
  'kustomize.toolkit.fluxcd.io/name',
  'kustomize.toolkit.fluxcd.io/namespace',
]);

/** True for label keys that take part in matching. */
export function isMatchingLabel(key: string): boolean {
  return !IGNORED_LABELS.has(key);
}

/**
 * A label's value, or "" when absent — Go's map zero value, which is why an empty label value
 * matches objects lacking the label. `Object.hasOwn` keeps keys such as `constructor` from
 * resolving to prototype members.
 */
export function labelValue(labels: Readonly<Record<string, string>>, key: string): string {
  return Object.hasOwn(labels, key) ? (labels[key] ?? '') : '';
}

/**
 * Whether a ConfigMap's, ConfigSchema's or decoded azure key's labels select the subject
 * (docs/kalypso-compatibility.md#label-matching): every non-ignored label must hold; `cluster-type`, `deployment-target` and `workload`
 * compare with the cluster type name, the full target name and the target's `workload` label;
 * any other label matches when the cluster type or the target carries that value.
 */
export function labelsMatchSubject(
  labels: Readonly<Record<string, string>>,
  subject: ConfigSubject,
): boolean {
  for (const [key, value] of Object.entries(labels)) {
    if (!labelHolds(key, value, subject)) return false;
  }
  return true;
}

function labelHolds(key: string, value: string, subject: ConfigSubject): boolean {
  switch (key) {
    case CLUSTER_TYPE_LABEL:
      return value === subject.clusterType.name;
    case DEPLOYMENT_TARGET_LABEL:
      return value === subject.target.name;
    case WORKLOAD_LABEL:
      return value === labelValue(subject.target.labels, WORKLOAD_LABEL);
    default:
      return (
        IGNORED_LABELS.has(key) ||
        labelValue(subject.clusterType.labels, key) === value ||
        labelValue(subject.target.labels, key) === value
      );
  }
}

/** Pass-1 candidate: labelled `platform-config: "true"` (exactly `true`). */
export function isLabelledPlatformConfig(labels: Readonly<Record<string, string>>): boolean {
  return labelValue(labels, PLATFORM_CONFIG_LABEL) === 'true';
}

/** Pass-2 candidate: an Azure App Configuration export, recognised by its name alone. */
export function isAzureAppConfig(name: string): boolean {
  return name.startsWith(AZURE_APP_CONFIG_PREFIX);
}

/** Whether a ConfigMap contributes to ConfigData at all (pass 1 or pass 2, docs/kalypso-compatibility.md#which-configmaps-count). */
export function isPlatformConfig(name: string, labels: Readonly<Record<string, string>>): boolean {
  return isLabelledPlatformConfig(labels) || isAzureAppConfig(name);
}

/** An azure-app-config key split into the labels it encodes and the real config key. */
export interface DecodedAzureKey {
  labels: Record<string, string>;
  key: string;
}

/**
 * Decodes `label1.value1.label2.value2.KEY` (docs/kalypso-compatibility.md#azure-app-configuration-keys). Pairs are read from the front while the pair
 * ends before the last part, so an odd segment just before the key is dropped (`a.b` → key `b`,
 * `a.b.c.d` → `{a: b}` + key `d`) — the original's behaviour, kept on purpose.
 */
export function decodeAzureKey(encoded: string): DecodedAzureKey {
  const parts = encoded.split('.');
  const last = parts.length - 1;
  // No prototype, so a segment such as `__proto__` is stored as a plain label.
  const labels = Object.create(null) as Record<string, string>;
  for (let i = 0; i + 1 < last; i += 2) {
    labels[parts[i] ?? ''] = parts[i + 1] ?? '';
  }
  return { labels, key: parts[last] ?? '' };
}
