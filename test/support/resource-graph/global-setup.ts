// Starts the local Azure (Resource Graph, Entra ID, Actions ID tokens) once per test run.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { createCertificate } from './certificate.ts';
import { startFakeAzure } from './server.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tls = createCertificate();
  const azure = await startFakeAzure(tls);
  project.provide('fakeAzure', {
    httpsUrl: azure.httpsUrl,
    httpUrl: azure.httpUrl,
    caCert: tls.cert,
    caCertPath: tls.certPath,
  });
  return async () => {
    await azure.close();
    fs.rmSync(tls.dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    fakeAzure: { httpsUrl: string; httpUrl: string; caCert: string; caCertPath: string };
  }
}
