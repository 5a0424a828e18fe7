import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A throw-away self-signed certificate for 127.0.0.1 and localhost, made with openssl. Clients
 * trust it through `tlsOptions: { ca }` in process, or NODE_EXTRA_CA_CERTS=certPath in a child.
 */
export function createCertificate(): { key: string; cert: string; certPath: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-azure-tls-'));
  const keyPath = path.join(dir, 'key.pem');
  const certPath = path.join(dir, 'cert.pem');
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
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: fs.readFileSync(keyPath, 'utf8'),
    cert: fs.readFileSync(certPath, 'utf8'),
    certPath,
    dir,
  };
}
