/**
 * sprig's derivePassword (crypto.go): the Master Password algorithm. scrypt (N 32768, r 8, p 2,
 * 64 bytes) of the password salted with the user name, an HMAC-SHA256 of the site and counter
 * under that key, and the resulting seed picking a template and its characters. Deterministic,
 * so it stays available to templates.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { scrypt } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { TemplateFunction } from '../function-table.ts';
import { chargeSteps } from '../budget.ts';
import { arg, fn, int, str } from './args.ts';
import { utf8 } from './text.ts';

const SEED = 'com.lyndir.masterpassword';

const TEMPLATES: Readonly<Record<string, readonly string[]>> = {
  maximum: ['anoxxxxxxxxxxxxxxxxx', 'axxxxxxxxxxxxxxxxxno'],
  long: [
    'CvcvnoCvcvCvcv',
    'CvcvCvcvnoCvcv',
    'CvcvCvcvCvcvno',
    'CvccnoCvcvCvcv',
    'CvccCvcvnoCvcv',
    'CvccCvcvCvcvno',
    'CvcvnoCvccCvcv',
    'CvcvCvccnoCvcv',
    'CvcvCvccCvcvno',
    'CvcvnoCvcvCvcc',
    'CvcvCvcvnoCvcc',
    'CvcvCvcvCvccno',
    'CvccnoCvccCvcv',
    'CvccCvccnoCvcv',
    'CvccCvccCvcvno',
    'CvcvnoCvccCvcc',
    'CvcvCvccnoCvcc',
    'CvcvCvccCvccno',
    'CvccnoCvcvCvcc',
    'CvccCvcvnoCvcc',
    'CvccCvcvCvccno',
  ],
  medium: ['CvcnoCvc', 'CvcCvcno'],
  short: ['Cvcn'],
  basic: ['aaanaaan', 'aannaaan', 'aaannaaa'],
  pin: ['nnnn'],
};

const CHARACTERS: Readonly<Record<string, string>> = {
  V: 'AEIOU',
  C: 'BCDFGHJKLMNPQRSTVWXYZ',
  v: 'aeiou',
  c: 'bcdfghjklmnpqrstvwxyz',
  A: 'AEIOUBCDFGHJKLMNPQRSTVWXYZ',
  a: 'AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz',
  n: '0123456789',
  o: "@&%?,=[]_:-+*$#!'^~;()/.",
  x: 'AEIOUaeiouBCDFGHJKLMNPQRSTVWXYZbcdfghjklmnpqrstvwxyz0123456789!@#$%^&*()',
};

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function uint32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n >>> 0);
  return out;
}

/** derivePassword(counter uint32, passwordType, password, user, site string) string. */
export function derivePassword(
  counter: number,
  type: string,
  password: string,
  user: string,
  site: string,
): string {
  const templates = TEMPLATES[type];
  if (templates === undefined) return `cannot find password template ${type}`;
  // scrypt with N = 32768 takes about as long as a million template steps.
  chargeSteps(1_000_000);
  const seed = utf8(SEED);
  const userBytes = utf8(user);
  const siteBytes = utf8(site);
  const key = scrypt(utf8(password), concat(seed, uint32(userBytes.length), userBytes), {
    N: 32768,
    r: 8,
    p: 2,
    dkLen: 64,
  });
  const digest = hmac(
    sha256,
    key,
    concat(seed, uint32(siteBytes.length), siteBytes, uint32(counter)),
  );
  const template = templates[(digest[0] ?? 0) % templates.length] ?? '';
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const chars = CHARACTERS[template.charAt(i)] ?? '';
    out += chars.charAt((digest[i + 1] ?? 0) % chars.length);
  }
  return out;
}

export const passwordFunctions: Record<string, TemplateFunction> = {
  derivePassword: fn(5, (a) =>
    derivePassword(int(arg(a, 0)), str(arg(a, 1)), str(arg(a, 2)), str(arg(a, 3)), str(arg(a, 4))),
  ),
};
