// What people see: a summary or comment as GitHub would render it (GitHub-flavoured markdown to
// HTML with `marked`), written under test-results/rendered/ (gitignored) as a test artifact, to
// look at in a browser or screenshot (e.g. `chromium --headless --screenshot=… file.html`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Marked } from 'marked';

export const RENDERED_DIR = resolve(import.meta.dirname, '..', '..', 'test-results', 'rendered');

const STYLE = `body{font:14px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1012px;margin:24px auto;color:#1f2328}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d1d9e0;padding:6px 13px}th{background:#f6f8fa}
code{background:#eff1f3;border-radius:6px;padding:.2em .4em;font-size:85%}pre{background:#f6f8fa;padding:16px;overflow:auto}
details{margin:8px 0}summary{cursor:pointer}blockquote{border-left:.25em solid #d1d9e0;margin:0;padding:0 1em;color:#59636e}
h1,h2{border-bottom:1px solid #d1d9e0;padding-bottom:.3em}`;

/**
 * The markdown as an HTML page, GitHub-flavoured. `lineBreaks`: a newline inside a paragraph is a
 * line break, as GitHub renders pull request bodies and comments (job summaries join the lines).
 */
export function renderedPage(title: string, markdown: string, lineBreaks = false): string {
  const body = new Marked({ gfm: true, breaks: lineBreaks }).parse(markdown, { async: false });
  const safeTitle = title.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${safeTitle}</title><style>${STYLE}</style></head>\n<body>\n${body}</body></html>\n`;
}

/** Writes the page as test-results/rendered/<name>.html and returns its path and HTML. */
export function writeRendered(
  name: string,
  markdown: string,
  options: { readonly kind: 'summary' | 'comment' } = { kind: 'summary' },
): { readonly path: string; readonly html: string } {
  mkdirSync(RENDERED_DIR, { recursive: true });
  const file = `${name.replace(/[^\w.-]+/g, '-').slice(0, 120)}.html`;
  const html = renderedPage(name, markdown, options.kind === 'comment');
  const path = join(RENDERED_DIR, file);
  writeFileSync(path, html);
  return { path, html };
}
