// Go's `path` package: the lexical path functions sprig exposes (template/functions/paths.ts) and
// Kalypso's GitOps paths use.

/** path.Clean: lexical shortening of `.`/`..`/`//`; "" → ".". */
export function cleanPath(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const joined = out.join('/');
  if (rooted) return '/' + joined;
  return joined === '' ? '.' : joined;
}

/** path.Base. */
export function basePath(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** path.Dir. */
export function dirPath(p: string): string {
  return cleanPath(p.slice(0, p.lastIndexOf('/') + 1));
}

/** path.Ext: the suffix from the last dot of the final element. */
export function extPath(p: string): string {
  for (let i = p.length - 1; i >= 0 && p[i] !== '/'; i--) {
    if (p[i] === '.') return p.slice(i);
  }
  return '';
}
