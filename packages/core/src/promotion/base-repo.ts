import { parse } from 'yaml';

/** The BaseRepo file CD writes at the root of an environment branch. */
export const baseRepoFile = 'base-repo.yaml';

/** What `base-repo.yaml` points at: the control plane's `main` at a promoted commit. */
export interface BaseRepoSpec {
  repo: string;
  branch: string;
  path: string;
  commit: string;
}

/** YAML 1.1 readers (go-yaml, Kubernetes) take these plain scalars for booleans or numbers. */
const yaml11Special =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[-+]?0b[01_]+|[-+]?[0-9][0-9_]*)$/;

/** A scalar as the original's `envsubst` writes it, quoted only when a YAML reader would change it. */
function scalar(value: string): string {
  if (!yaml11Special.test(value)) {
    try {
      if ((parse(`v: ${value}`) as { v?: unknown } | null)?.v === value) return value;
    } catch {
      // Not safe as a plain scalar: quote it below.
    }
  }
  return JSON.stringify(value);
}

/**
 * Renders `base-repo.yaml`: BaseRepo `main`, byte for byte the shape Kalypso's CD workflow writes
 * (docs/kalypso-compatibility.md#baserepo), with a trailing newline.
 */
export function renderBaseRepoYaml(spec: BaseRepoSpec): string {
  return [
    'apiVersion: scheduler.kalypso.io/v1alpha1',
    'kind: BaseRepo',
    'metadata:',
    '  name: main',
    'spec:',
    `  repo: ${scalar(spec.repo)}`,
    `  branch: ${scalar(spec.branch)}`,
    `  path: ${scalar(spec.path)}`,
    `  commit: ${scalar(spec.commit)}`,
    '',
  ].join('\n');
}

/** The promoted commit a `base-repo.yaml` names, if it can be read. */
export function promotedCommitOf(baseRepoYaml: string): string | undefined {
  try {
    const value = (parse(baseRepoYaml) as { spec?: { commit?: unknown } } | null)?.spec?.commit;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `value` is a full commit id (40 lowercase hex digits). */
export function isCommitId(value: string): boolean {
  return /^[0-9a-f]{40}$/.test(value);
}
