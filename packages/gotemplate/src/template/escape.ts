/** The escapers behind the html, js and urlquery builtins (Go's HTMLEscapeString etc.). */
import { isPrint } from '../go/format-quote.ts';
import { goStringBytes } from '../go/values.ts';

const htmlEntities: Readonly<Record<string, string>> = {
  '\0': '\uFFFD',
  '"': '&#34;',
  "'": '&#39;',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
};

/** template.HTMLEscapeString. */
export function escapeHTML(s: string): string {
  return s.replace(/[\0"'&<>]/g, (c) => htmlEntities[c] ?? c);
}

const jsEscapes: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  '=': '\\u003D',
};

/** template.JSEscapeString. */
export function escapeJS(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    const simple = jsEscapes[ch];
    if (simple !== undefined) out += simple;
    else if (cp < 0x20) out += '\\u00' + cp.toString(16).toUpperCase().padStart(2, '0');
    // A raw byte (U+DC80–U+DCFF stand-in) decodes to the printable U+FFFD: Go copies the byte.
    else if (cp < 0x80 || isPrint(cp) || (cp >= 0xdc80 && cp <= 0xdcff)) out += ch;
    else out += '\\u' + cp.toString(16).toUpperCase().padStart(4, '0');
  }
  return out;
}

/** url.QueryEscape: unreserved bytes kept, space as '+', everything else %XX. */
export function escapeQuery(s: string): string {
  let out = '';
  for (const b of goStringBytes(s)) {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (b === 0x20) out += '+';
    else out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}
