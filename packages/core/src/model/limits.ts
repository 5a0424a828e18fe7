/**
 * Budgets on what the control plane may make the engine read and write. Repository content is
 * written by others; these bounds turn a hostile or runaway input into a clear error instead of
 * a hang or an out-of-memory crash. Every limit can be raised by the caller.
 */
export interface InputLimits {
  /** Largest single YAML file, in UTF-8 bytes (Kubernetes stores at most ~1.5 MiB per object). */
  readonly maxFileBytes: number;
  /** Largest sum of all YAML files of one environment (main, environment branch, workloads). */
  readonly maxTotalBytes: number;
  /** The `yaml` library's `maxAliasCount`: how far the aliases of one document may expand. */
  readonly maxAliasCount: number;
  /** Largest total of rendered GitOps file bytes for one environment. */
  readonly maxOutputBytes: number;
}

export const DEFAULT_INPUT_LIMITS: InputLimits = {
  maxFileBytes: 8 * 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  maxAliasCount: 100,
  maxOutputBytes: 512 * 1024 * 1024,
};

/** The limits with the caller's overrides applied. */
export function inputLimits(overrides: Partial<InputLimits> = {}): InputLimits {
  return { ...DEFAULT_INPUT_LIMITS, ...overrides };
}

/** The UTF-8 byte length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** `1048576` → `1 MiB`, for messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
