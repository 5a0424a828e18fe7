/** Kubernetes label syntax (apimachinery validation), which selectors and CRDs enforce. */

const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Why `key` is not a valid label key, or undefined when it is. */
export function labelKeyError(key: string): string | undefined {
  const slash = key.lastIndexOf('/');
  const prefix = slash >= 0 ? key.slice(0, slash) : undefined;
  const name = slash >= 0 ? key.slice(slash + 1) : key;
  if (prefix !== undefined && (prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix))) {
    return `label key '${key}' has an invalid prefix: it must be a lowercase DNS subdomain (e.g. 'example.com/').`;
  }
  if (name.length === 0 || name.length > 63 || !NAME.test(name)) {
    return `label key '${key}' is invalid: the name part must be 1-63 characters, start and end with a letter or digit, and contain only letters, digits, '-', '_' and '.'.`;
  }
  return undefined;
}

/** Why `value` is not a valid label value, or undefined when it is. */
export function labelValueError(key: string, value: string): string | undefined {
  if (value === '') return undefined;
  if (value.length > 63 || !NAME.test(value)) {
    return `label '${key}' has invalid value '${value}': values must be empty or 1-63 characters, start and end with a letter or digit, and contain only letters, digits, '-', '_' and '.'.`;
  }
  return undefined;
}

/** Why `name` is not a valid object name (DNS subdomain), or undefined when it is. */
export function objectNameError(name: string): string | undefined {
  if (name.length === 0) return `metadata.name must not be empty.`;
  if (name.length > 253 || !DNS_SUBDOMAIN.test(name)) {
    return `metadata.name '${name}' is invalid: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.`;
  }
  return undefined;
}
