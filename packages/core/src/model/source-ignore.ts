import { isManifestPath, type Source, type SourceOrigin } from './source.ts';

/** The file Flux reads to leave paths of a source out (gitignore syntax). */
export const SOURCE_IGNORE_FILE = '.sourceignore';

/**
 * A `.sourceignore` reader (the gitignore subset control planes use): `dir/`, `/dir/`, `name`,
 * `*.ext`, `#` comments. Kalypso's control-plane main ignores `.github/` and `.environments/`
 * this way. Returns a predicate over `/`-separated paths relative to the source root.
 */
export function sourceIgnoreFilter(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'));
  if (rules.length === 0) return () => false;
  return (path) =>
    rules.some((rule) => {
      const anchored = rule.startsWith('/');
      const body = rule.replace(/^\//, '').replace(/\/$/, '');
      if (body.startsWith('*.')) return path.endsWith(body.slice(1));
      if (anchored) return path === body || path.startsWith(`${body}/`);
      return path.split('/').includes(body) || path.startsWith(`${body}/`);
    });
}

/** `./kalypso/` → `kalypso`; `.` and `./` → "" (the repository root). */
export function normaliseSourcePath(path: string): string {
  let p = path.trim();
  while (p.startsWith('./')) p = p.slice(2);
  while (p.endsWith('/')) p = p.slice(0, -1);
  return p === '.' ? '' : p;
}

export interface TreeSelection {
  /** Folder of the source in the repository (`spec.path`); "" or "." = the whole repository. */
  readonly path: string;
  readonly origin: SourceOrigin;
  /** Prefix of the file paths in messages (e.g. `acme/lift-ops@main:`); "" keeps repository paths. */
  readonly display?: string;
}

/**
 * The Source a Flux GitRepository + Kustomization would apply from a repository tree: every
 * `*.yaml`/`*.yml` below `path`, minus what the `.sourceignore` files at the repository root and
 * at `path` exclude. Files that are not valid UTF-8 are decoded with replacement characters.
 */
export function sourceFromTree(
  tree: ReadonlyMap<string, Uint8Array>,
  selection: TreeSelection,
): Source {
  const root = normaliseSourcePath(selection.path);
  const prefix = root === '' ? '' : `${root}/`;
  const decoder = new TextDecoder();
  const ignoreText = (at: string) => {
    const bytes = tree.get(`${at}${SOURCE_IGNORE_FILE}`);
    return bytes ? decoder.decode(bytes) : '';
  };
  const rootIgnore = sourceIgnoreFilter(ignoreText(''));
  const pathIgnore = prefix === '' ? () => false : sourceIgnoreFilter(ignoreText(prefix));
  const files: { path: string; text: string }[] = [];
  for (const [path, bytes] of tree) {
    if (!path.startsWith(prefix) || !isManifestPath(path)) continue;
    const relative = path.slice(prefix.length);
    if (rootIgnore(path) || pathIgnore(relative)) continue;
    files.push({ path: `${selection.display ?? ''}${path}`, text: decoder.decode(bytes) });
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { origin: selection.origin, files };
}
