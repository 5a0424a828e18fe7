import { cleanPath, goStringBytes } from '@kalypso/gotemplate/go';
import { cleanGitOpsPath } from '../model/gitops-path.ts';

/** The rendered manifests of one assignment (the original's AssignmentPackage). */
export interface AssignmentPackage {
  readonly clusterType: string;
  readonly target: string;
  readonly reconciler: string;
  readonly namespace: string;
  readonly config: string;
  /** `platform-config.sh` when the config Template's contentType is exactly `sh` (docs/kalypso-compatibility.md#content-types-and-file-names). */
  readonly configFileName: 'platform-config.yaml' | 'platform-config.sh';
}

/** A GitOps repository tree: repository-relative path → file bytes (all regular 100644 blobs). */
export type GitOpsTree = ReadonlyMap<string, Uint8Array>;

export const README_TEXT = 'This folder contains deployment targets scheduled on the cluster type';
export const TRACKING_FILE = '.github/tracking/Promoted_Commit_Id';

const encoder = new TextEncoder();

/**
 * The cluster type a Flux kustomization path points into: the GitOps layout is
 * `<spec.path>/<cluster-type>/<deployment-target>/…`, so it is the first folder under
 * `gitopsPath` (`./drone`, `drone/checkout` → `drone`). Undefined for a path outside it or at its
 * root.
 */
export function clusterTypeOfPath(path: string, gitopsPath = ''): string | undefined {
  const clean = cleanPath(path.trim().replace(/^\/+/, ''));
  const base = cleanPath(gitopsPath.trim() || '.');
  const inside =
    base === '.' ? clean : clean.startsWith(`${base}/`) ? clean.slice(base.length + 1) : undefined;
  const first = inside?.split('/')[0];
  return first && first !== '.' && first !== '..' ? first : undefined;
}

/**
 * `GitOpsRepo.spec.path` normalised for use: cleaned as `cleanGitOpsPath` does. Callers validate
 * first (the loader reports a bad spec.path); an unusable path here throws.
 */
export function normaliseGitOpsPath(path: string): string {
  const result = cleanGitOpsPath(path);
  if (!result.ok) throw new Error(result.reason);
  return result.path;
}

/**
 * Why a planned repository path is unsafe to write, or undefined when it is a plain relative path
 * inside the repository: no empty, `.` or `..` segment, no `.git` segment, no absolute path, no
 * backslash or control character. Every generated path passes this (defence in depth: names are
 * validated at load already).
 */
export function unsafeTreePathReason(path: string): string | undefined {
  if (isSafeTreePath(path)) return undefined;
  if (path === '') return 'the path is empty';
  if (path.startsWith('/')) return 'the path is absolute';
  if (/[\u0000-\u001f\u007f\\]/.test(path))
    return 'the path holds a control character or a backslash';
  for (const part of path.split('/')) {
    if (part === '' || part === '.' || part === '..') return `the path has a '${part}' segment`;
    if (part.toLowerCase() === '.git') return "the path has a '.git' segment";
  }
  return undefined;
}

/**
 * Whether `unsafeTreePathReason` finds nothing wrong with `path`, in one pass over its characters
 * and without a string made (it is asked of every folder of a render index and of a render).
 */
export function isSafeTreePath(path: string): boolean {
  const length = path.length;
  let start = 0; // where the current segment starts
  for (let i = 0; i <= length; i++) {
    const c = i === length ? 0x2f : path.charCodeAt(i);
    if (c === 0x2f) {
      const size = i - start;
      // An empty, `.`, `..` or `.git` (any case) segment; an empty path or a leading `/` is an
      // empty first segment.
      if (size === 0) return false;
      if (path.charCodeAt(start) === 0x2e) {
        if (size === 1) return false;
        if (size === 2 && path.charCodeAt(start + 1) === 0x2e) return false;
        if (size === 4 && path.slice(start + 1, i).toLowerCase() === 'git') return false;
      }
      start = i + 1;
    } else if (c < 0x20 || c === 0x7f || c === 0x5c) return false;
  }
  return true;
}

/** Throws when any path of `files` would leave the repository (see `unsafeTreePathReason`). */
export function assertTreePaths(paths: Iterable<string>): void {
  const bad: string[] = [];
  for (const path of paths) {
    const reason = unsafeTreePathReason(path);
    if (reason !== undefined) bad.push(`'${JSON.stringify(path).slice(1, -1)}' (${reason})`);
  }
  if (bad.length > 0) {
    throw new Error(
      `refusing to write outside the GitOps tree: ${bad.slice(0, 10).join(', ')}${bad.length > 10 ? ` and ${bad.length - 10} more` : ''}. Nothing was written; report this as a bug.`,
    );
  }
}

export interface GeneratedContent {
  /** Every ClusterType of the environment (each gets its folder and README, even when empty). */
  readonly clusterTypes: readonly string[];
  readonly packages: readonly AssignmentPackage[];
  /** The `main` BaseRepo's spec.commit; "" leaves the tracking file alone. */
  readonly promotedCommit: string;
  /** Normalised GitOpsRepo spec.path. */
  readonly path: string;
}

/** The files the scheduler owns and writes (docs/kalypso-compatibility.md#layout with docs/decisions/output-ownership.md and docs/decisions/gitops-path-honoured.md), keyed by repository path. */
export function generatedFiles(content: GeneratedContent): Map<string, Uint8Array> {
  const files = generatedFilesBuilder(content.clusterTypes, content.path);
  for (const pkg of content.packages) files.add(pkg);
  return files.finish(content.promotedCommit);
}

/**
 * `generatedFiles` one package at a time, in the same order, so that a package's rendered text
 * can be dropped as soon as it is encoded (the render never holds the text and the bytes of the
 * whole environment at once). The bytes of small files share larger buffers: one allocation per
 * megabyte instead of one per file.
 */
export function generatedFilesBuilder(
  clusterTypes: readonly string[],
  path: string,
): {
  /** Adds the package's files; returns how many bytes they hold. */
  add(pkg: AssignmentPackage): number;
  /** Encodes the package's files without adding them (`addEncoded` adds them). */
  encode(pkg: AssignmentPackage): EncodedPackage;
  /** Adds files already encoded (by this builder or another); returns how many bytes they hold. */
  addEncoded(pkg: EncodedPackage): number;
  finish(promotedCommit: string): Map<string, Uint8Array>;
} {
  const prefix = path === '' ? '' : `${path}/`;
  const files = new Map<string, Uint8Array>();
  const readme = encoder.encode(README_TEXT);
  for (const clusterType of clusterTypes) files.set(`${prefix}${clusterType}/README.md`, readme);
  const bytes = arenaEncoder();
  const encode = (pkg: AssignmentPackage): EncodedPackage => ({
    clusterType: pkg.clusterType,
    target: pkg.target,
    configFileName: pkg.configFileName,
    // Rendered text is a Go string: raw non-UTF-8 bytes are written back as bytes.
    reconciler: bytes(pkg.reconciler),
    namespace: bytes(pkg.namespace),
    config: pkg.config === '' ? undefined : bytes(pkg.config),
  });
  const addEncoded = (pkg: EncodedPackage): number => {
    const folder = `${prefix}${pkg.clusterType}/${pkg.target}/`;
    files.set(`${folder}reconciler.yaml`, pkg.reconciler);
    files.set(`${folder}namespace.yaml`, pkg.namespace);
    let size = pkg.reconciler.length + pkg.namespace.length;
    if (pkg.config !== undefined) {
      files.set(`${folder}${pkg.configFileName}`, pkg.config);
      size += pkg.config.length;
    }
    return size;
  };
  return {
    add: (pkg) => addEncoded(encode(pkg)),
    encode,
    addEncoded,
    finish(promotedCommit) {
      if (promotedCommit !== '') files.set(TRACKING_FILE, encoder.encode(promotedCommit));
      return files;
    },
  };
}

/** One assignment's files as encoded into the GitOps tree (views into shared buffers). */
export interface EncodedPackage {
  readonly clusterType: string;
  readonly target: string;
  readonly configFileName: string;
  readonly reconciler: Uint8Array;
  readonly namespace: Uint8Array;
  /** Absent when the config template rendered "" (no file). */
  readonly config: Uint8Array | undefined;
}

const ARENA_BYTES = 1024 * 1024;

/** `goStringBytes`, writing text into shared 1 MiB buffers (a view each) while it fits. */
function arenaEncoder(): (text: string) => Uint8Array {
  let arena = new Uint8Array(0);
  let used = 0;
  return (text) => {
    // At most 3 bytes per UTF-16 unit; text larger than a quarter of a buffer gets its own.
    if (text.length * 3 > ARENA_BYTES / 4) return goStringBytes(text);
    if (arena.length - used < text.length * 3) {
      arena = new Uint8Array(ARENA_BYTES);
      used = 0;
    }
    const { written } = encoder.encodeInto(text, arena.subarray(used));
    // As many bytes as UTF-16 units: ASCII only, no surrogate. Otherwise the text may hold raw
    // bytes (lone surrogates), which only goStringBytes writes back as they were.
    if (written !== text.length && /[\uD800-\uDFFF]/.test(text)) return goStringBytes(text);
    const view = arena.subarray(used, used + written);
    used += written;
    return view;
  };
}

/** True when the scheduler owns `path` (docs/decisions/output-ownership.md): inside a non-dot top-level folder below spec.path. */
export function isOwnedPath(path: string, gitopsPath: string): boolean {
  return ownedStart(path, gitopsPath) >= 0;
}

/** The cluster-type folder (`<spec.path>/<cluster type>`) an owned `path` lies in; undefined: not owned. */
export function ownedFolder(path: string, gitopsPath: string): string | undefined {
  const start = ownedStart(path, gitopsPath);
  return start < 0 ? undefined : path.slice(0, path.indexOf('/', start));
}

/**
 * Where the part of an owned `path` below spec.path starts (`<cluster type>/…`), or -1 when the
 * scheduler does not own it (`isOwnedPath`). Makes no string: it is asked of every listed file.
 */
export function ownedStart(path: string, gitopsPath: string): number {
  let start = 0;
  if (gitopsPath !== '') {
    if (
      path.length <= gitopsPath.length ||
      path.charCodeAt(gitopsPath.length) !== 0x2f ||
      !path.startsWith(gitopsPath)
    )
      return -1;
    start = gitopsPath.length + 1;
  }
  const slash = path.indexOf('/', start);
  return slash > start && path.charCodeAt(start) !== 0x2e ? start : -1;
}

/**
 * The tree after a run (docs/decisions/output-ownership.md): every owned file of `before` is dropped, the generated files are
 * added; files directly in spec.path, its dot-folders and everything outside it are kept, and the
 * tracking file is replaced only when a promoted commit is known.
 */
export function applyGeneratedFiles(
  before: GitOpsTree,
  generated: ReadonlyMap<string, Uint8Array>,
  gitopsPath: string,
): Map<string, Uint8Array> {
  const after = new Map<string, Uint8Array>();
  for (const [path, bytes] of before) {
    if (!isOwnedPath(path, gitopsPath)) after.set(path, bytes);
  }
  assertTreePaths(generated.keys());
  for (const [path, bytes] of generated) after.set(path, bytes);
  return after;
}
