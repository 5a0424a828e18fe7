import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Makes a throw-away self-signed certificate with openssl in `dir` (files `<prefix>key.pem`,
 * `<prefix>cert.pem`), valid two days, for `commonName` and the `subjectAltName` list given.
 */
export function selfSignedCertificate(
  dir: string,
  commonName: string,
  altNames: string,
  prefix = '',
): { key: string; cert: string; certPath: string } {
  const keyPath = path.join(dir, `${prefix}key.pem`);
  const certPath = path.join(dir, `${prefix}cert.pem`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      `/CN=${commonName}`,
      '-addext',
      `subjectAltName=${altNames}`,
    ],
    { stdio: 'ignore' },
  );
  return {
    key: fs.readFileSync(keyPath, 'utf8'),
    cert: fs.readFileSync(certPath, 'utf8'),
    certPath,
  };
}

/**
 * A throw-away self-signed certificate for 127.0.0.1 and localhost. Clients trust it through
 * `tlsOptions: { ca }` in process, or NODE_EXTRA_CA_CERTS=certPath in a child.
 */
export function createCertificate(): { key: string; cert: string; certPath: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-azure-tls-'));
  return { ...selfSignedCertificate(dir, '127.0.0.1', 'IP:127.0.0.1,DNS:localhost'), dir };
}
