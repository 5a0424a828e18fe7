import ignore from 'ignore';
import { DEFAULT_INPUT_LIMITS } from './limits.ts';
import {
  decodeSourceText,
  isManifestPath,
  type Source,
  type SourceFile,
  type SourceOrigin,
} from './source.ts';

/** The file Flux reads to leave paths of a source out (gitignore syntax). */
export const SOURCE_IGNORE_FILE = '.sourceignore';

/**
 * What Flux's source-controller leaves out of every GitRepository artifact when the
 * GitRepository has no `spec.ignore` (docs/decisions/sourceignore.md lists them with their
 * origin): version-control files, binary and archive extensions, CI configurations and a few
 * tool configurations. A `.sourceignore` can re-include any of them with a `!` rule.
 */
export const FLUX_DEFAULT_EXCLUSIONS: readonly string[] = [
  // version control
  '.git/',
  '.gitignore',
  '.gitmodules',
  '.gitattributes',
  // binary and archive extensions
  '*.jpg',
  '*.jpeg',
  '*.gif',
  '*.png',
  '*.wmv',
  '*.flv',
  '*.tar.gz',
  '*.zip',
  // CI configurations
  '.github/',
  '.circleci/',
  '.travis.yml',
  '.gitlab-ci.yml',
  'appveyor.yml',
  '.drone.yml',
  'cloudbuild.yaml',
  'codeship-services.yml',
  'codeship-steps.yml',
  // tool configurations
  '**/.goreleaser.yml',
  '**/.sops.yaml',
  '**/.flux.yaml',
];

/**
 * The `.sourceignore` files of a repository as one predicate over `/`-separated paths relative to
 * the repository root, with full gitignore semantics (the `ignore` package): `!` re-includes,
 * `*`, `?`, `[…]`, `**`, anchored (`/x`, `a/b`) and directory-only (`x/`) rules. Each file
 * applies to its own folder and below, as in git: a rule of `a/b/.sourceignore` is relative to
 * `a/b/`, deeper files and later lines win, and nothing below an excluded folder comes back.
 * Flux's default exclusions come first (lowest precedence) unless `defaults` is false.
 *
 * `files` maps the folder of each `.sourceignore` ("" for the root, otherwise `a/b/`) to its text.
 */
export function sourceIgnoreMatcher(
  files: ReadonlyMap<string, string>,
  defaults = true,
): (path: string) => boolean {
  // Most sources have no `.sourceignore`: they share one matcher of the defaults (its rules are
  // compiled once per run, not once per workload repository; its verdicts depend on the path only).
  if (files.size === 0 && defaults) return (defaultsOnly ??= buildMatcher(files, defaults));
  return buildMatcher(files, defaults);
}

let defaultsOnly: ((path: string) => boolean) | undefined;

function buildMatcher(
  files: ReadonlyMap<string, string>,
  defaults: boolean,
): (path: string) => boolean {
  const matcher = ignore({ allowRelativePaths: true });
  if (defaults) matcher.add(FLUX_DEFAULT_EXCLUSIONS);
  const folders = [...files.keys()].sort(
    (a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  for (const folder of folders) matcher.add(scopedRules(files.get(folder)!, folder));
  const cache = new Map<string, boolean>();
  const excluded = (path: string): boolean => {
    let verdict = cache.get(path);
    if (verdict === undefined) {
      verdict = matcher.ignores(path);
      cache.set(path, verdict);
    }
    return verdict;
  };
  return (path) => {
    // Flux skips an excluded folder entirely: check every enclosing folder first.
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1))
      if (excluded(path.slice(0, slash + 1))) return true;
    return excluded(path);
  };
}

/** A single root `.sourceignore` (plus Flux's defaults) as a predicate over relative paths. */
export function sourceIgnoreFilter(text: string): (path: string) => boolean {
  return sourceIgnoreMatcher(new Map([['', text]]));
}

/** The rules of one `.sourceignore` rewritten relative to the repository root. */
function scopedRules(text: string, folder: string): string[] {
  const rules: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (folder === '') {
      rules.push(line);
      continue;
    }
    const negated = line.startsWith('!');
    const body = negated ? line.slice(1) : line;
    // A separator at the start or in the middle anchors the rule to its file's folder.
    const anchored = body.replace(/\/+\s*$/, '').includes('/');
    const scoped = anchored ? `/${folder}${body.replace(/^\//, '')}` : `/${folder}**/${body}`;
    rules.push(`${negated ? '!' : ''}${scoped}`);
  }
  return rules;
}

function depth(folder: string): number {
  return folder === '' ? 0 : folder.split('/').length;
}

/** `./kalypso/` → `kalypso`; `.` and `./` → "" (the repository root). */
export function normaliseSourcePath(path: string): string {
  let p = path.trim();
  while (p.startsWith('./')) p = p.slice(2);
  while (p.endsWith('/')) p = p.slice(0, -1);
  return p === '.' ? '' : p;
}

/**
 * A file of a tree that was not downloaded because it is over the per-file budget: only its size
 * is known (a listing gave it), which is all `sourceFromTree` passes on for such a file.
 */
export interface OmittedFile {
  readonly omittedBytes: number;
}

/**
 * A file of a tree listed with its git blob id but not downloaded yet (a read that defers bytes:
 * docs/decisions/unchanged-inputs.md): `sourceFromTree` passes it on as a `SourceFile` with
 * `blobId`, or by size when it is over the budget.
 */
export interface DeferredFile {
  readonly blobId: string;
  readonly size: number;
}

export interface TreeSelection {
  /** Folder of the source in the repository (`spec.path`); "" or "." = the whole repository. */
  readonly path: string;
  readonly origin: SourceOrigin;
  /** Prefix of the file paths in messages (e.g. `acme/lift-ops@main:`); "" keeps repository paths. */
  readonly display?: string;
  /** Files larger than this many bytes are not decoded (`unreadBytes`); default `maxFileBytes`. */
  readonly maxFileBytes?: number;
}

/**
 * The Source a Flux GitRepository + Kustomization would apply from a repository tree: every
 * `*.yaml`/`*.yml` below `path`, minus Flux's default exclusions and what the repository's
 * `.sourceignore` files exclude (each for its own folder, see `sourceIgnoreMatcher`). Files that
 * are not valid UTF-8 are decoded with replacement characters, their lines noted (`decodeSourceText`). A file over the per-file input
 * budget is not decoded: its size is passed on (`unreadBytes`) for the loader to report.
 */
export function sourceFromTree(
  tree: ReadonlyMap<string, Uint8Array | OmittedFile | DeferredFile>,
  selection: TreeSelection,
): Source {
  const root = normaliseSourcePath(selection.path);
  const prefix = root === '' ? '' : `${root}/`;
  const decoder = new TextDecoder();
  const ignoreFiles = new Map<string, string>();
  for (const [path, bytes] of tree) {
    if (path === SOURCE_IGNORE_FILE || path.endsWith(`/${SOURCE_IGNORE_FILE}`))
      ignoreFiles.set(
        path.slice(0, -SOURCE_IGNORE_FILE.length),
        // An omitted one (over the budget) cannot be read: it excludes nothing. A reader never
        // defers one (its rules decide which files the source has).
        bytes instanceof Uint8Array ? decoder.decode(bytes) : deferredIgnoreFile(path, bytes),
      );
  }
  const ignored = sourceIgnoreMatcher(ignoreFiles);
  const maxFileBytes = selection.maxFileBytes ?? DEFAULT_INPUT_LIMITS.maxFileBytes;
  const files: SourceFile[] = [];
  for (const [path, bytes] of tree) {
    if (!path.startsWith(prefix) || !isManifestPath(path) || ignored(path)) continue;
    const shown = `${selection.display ?? ''}${path}`;
    const size =
      bytes instanceof Uint8Array
        ? bytes.length
        : 'blobId' in bytes
          ? bytes.size
          : bytes.omittedBytes;
    files.push(
      size > maxFileBytes || 'omittedBytes' in bytes
        ? { path: shown, text: '', unreadBytes: size }
        : bytes instanceof Uint8Array
          ? { path: shown, ...decodeSourceText(bytes) }
          : { path: shown, text: '', blobId: bytes.blobId },
    );
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { origin: selection.origin, files };
}

function deferredIgnoreFile(path: string, file: OmittedFile | DeferredFile): string {
  if ('blobId' in file)
    throw new Error(`${path}: a '${SOURCE_IGNORE_FILE}' must be read, not deferred`);
  return '';
}
