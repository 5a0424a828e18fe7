/**
 * sprig's urlParse / urlJoin over the parts of Go's net/url they expose: scheme, host, hostname,
 * path, query, opaque, fragment and userinfo. Parsing and re-assembly follow url.Parse and
 * URL.String for ordinary URLs; exotic escaping corner cases are not reproduced.
 */
import { GoMap, type GoValue } from '../../go/values.ts';
import type { TemplateFunction } from '../function-table.ts';
import { arg, dictArg, fn, kindName, str } from './args.ts';

function unescape(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new Error(`unable to parse url: invalid URL escape in ${JSON.stringify(s)}`);
  }
}

/** url.Parse, reduced to the fields sprig returns. */
export function parseUrl(raw: string): Record<string, string> {
  let rest = raw;
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = unescape(rest.slice(hash + 1));
    rest = rest.slice(0, hash);
  }
  let scheme = '';
  const sm = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (sm) {
    scheme = (sm[1] ?? '').toLowerCase();
    rest = rest.slice(sm[0].length);
  }
  let query = '';
  const q = rest.indexOf('?');
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let opaque = '';
  let host = '';
  let userinfo = '';
  let path = '';
  if (scheme !== '' && !rest.startsWith('/')) {
    opaque = rest;
  } else {
    if (rest.startsWith('//')) {
      const end = rest.indexOf('/', 2);
      let authority = end < 0 ? rest.slice(2) : rest.slice(2, end);
      rest = end < 0 ? '' : rest.slice(end);
      const at = authority.lastIndexOf('@');
      if (at >= 0) {
        userinfo = authority.slice(0, at);
        authority = authority.slice(at + 1);
      }
      host = unescape(authority);
    }
    path = unescape(rest);
  }
  const hostname = host.startsWith('[')
    ? host.slice(1, host.indexOf(']'))
    : host.replace(/:[0-9]*$/, '');
  return { scheme, host, hostname, path, query, opaque, fragment, userinfo };
}

function part(d: GoMap | null, key: string): string {
  const value = d?.get(key);
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    throw new Error(
      `unable to parse ${key} key, must be of type string, but ${kindName(value)} found`,
    );
  }
  return value;
}

// url.PathEscape-like escaping of a path for URL.String (keeps '/').
function escapePath(p: string): string {
  return encodeURI(p).replace(/[?#]/g, (c) => encodeURIComponent(c));
}

/** URL.String of the parts urlJoin takes. */
export function joinUrl(d: GoMap | null): string {
  const scheme = part(d, 'scheme');
  const host = part(d, 'host');
  const path = part(d, 'path');
  const query = part(d, 'query');
  const opaque = part(d, 'opaque');
  const fragment = part(d, 'fragment');
  const userinfo = part(d, 'userinfo');
  let out = scheme === '' ? '' : scheme + ':';
  if (opaque !== '') {
    out += opaque;
  } else {
    if (scheme !== '' || host !== '' || userinfo !== '') {
      if (host !== '' || path !== '' || userinfo !== '') out += '//';
      if (userinfo !== '') out += userinfo + '@';
      out += host;
    }
    if (path !== '' && !path.startsWith('/') && host !== '') out += '/';
    out += escapePath(path);
  }
  if (query !== '') out += '?' + query;
  if (fragment !== '') out += '#' + encodeURI(fragment);
  return out;
}

/** urlParse and urlJoin by name. */
export const urlFunctions: Record<string, TemplateFunction> = {
  urlParse: fn(1, (a): GoValue => GoMap.fromRecord(parseUrl(str(arg(a, 0))))),
  urlJoin: fn(1, (a) => joinUrl(dictArg(arg(a, 0)))),
};
