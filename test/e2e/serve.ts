// `node scripts/node.mjs test/e2e/serve.ts --github-env <file>`: the demo's world as github.com, for
// a GitHub Actions job that runs this repository's own actions (`uses: ./ci-gate`, …) against it
// (.github/workflows/e2e.yaml).
//
// A runner does not let a workflow change GITHUB_SERVER_URL or GITHUB_API_URL, so the actions talk
// to https://github.com and https://api.github.com as in production. This script makes those two
// hosts local: an HTTPS proxy (the steps set HTTPS_PROXY) answers CONNECT to github.com:443 and
// api.github.com:443 with a throw-away certificate for both names (the steps trust it through
// NODE_EXTRA_CA_CERTS and GIT_SSL_CAINFO) and hands the decrypted traffic to the local GitHub of
// test/support; every other host is refused, so nothing leaves the machine. The sample organisation
// is seeded through the same proxy, with https://github.com/<owner>/<repo> URLs, by a child process
// that also runs the simulated fleet; a new workload is registered on main, as `npm run demo` does,
// and a pull request into stage changes one config value (for the preview action). The fleet follows
// the GitOps branches: a commit merged into one is picked up by that environment's clusters, as Flux
// would. The `E2E_*` variables (proxy, certificate, token, repositories, the new main commit, the
// pull request, the local Azure and its application's client secret) are appended to the
// --github-env file. Serves until SIGTERM or SIGINT.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TLSSocket } from 'node:tls';
import { parseArgs } from 'node:util';
import { LocalGitHub } from '../support/github-server/client.ts';
import { defaultToken, startGitHubServer } from '../support/github-server/server.ts';
import { createCertificate, selfSignedCertificate } from '../support/resource-graph/certificate.ts';
import { startFakeAzure } from '../support/resource-graph/server.ts';
import {
  createPromotionWorld,
  type PromotionWorld,
  type WorldEndpoints,
} from './promotion-world.ts';
import { groomingRegistration, groomingWorkload } from './scenario-data.ts';

const GITHUB = 'https://github.com';
const HOSTS = new Set(['github.com:443', 'api.github.com:443']);

if (process.env.KALYPSO_E2E_WORLD) await seedAndRunWorld(JSON.parse(process.env.KALYPSO_E2E_WORLD));
else await serve();

/** Parent: servers, certificate, proxy; then the world in a child that goes through the proxy. */
async function serve(): Promise<void> {
  const { values } = parseArgs({ options: { 'github-env': { type: 'string' } } });
  const scratch = mkdtempSync(join(tmpdir(), 'kalypso-e2e-'));
  const github = await startGitHubServer({ root: join(scratch, 'git') });
  const azureTls = createCertificate();
  const azure = await startFakeAzure(azureTls);
  const githubTls = githubCertificate(scratch);
  // One bundle for every client here: github.com's throw-away certificate and the local Azure's.
  const caBundle = join(scratch, 'ca-bundle.pem');
  writeFileSync(caBundle, `${githubTls.cert}\n${azureTls.cert}`);
  const proxy = await startProxy(new URL(github.url), githubTls);

  const proxyEnv = {
    HTTPS_PROXY: proxy.url,
    https_proxy: proxy.url,
    NO_PROXY: '127.0.0.1,localhost',
    no_proxy: '127.0.0.1,localhost',
    NODE_EXTRA_CA_CERTS: caBundle,
    GIT_SSL_CAINFO: caBundle,
  };
  const endpoints: WorldEndpoints = {
    githubUrl: GITHUB,
    githubToken: defaultToken,
    azure: { httpsUrl: azure.httpsUrl, httpUrl: azure.httpUrl, caCertPath: azureTls.certPath },
  };
  const child = spawn(process.execPath, [import.meta.filename], {
    env: {
      ...process.env,
      ...proxyEnv,
      NODE_USE_ENV_PROXY: '1',
      KALYPSO_E2E_WORLD: JSON.stringify(endpoints),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const world = await new Promise<Record<string, string>>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('WORLD '));
      if (line) resolve(JSON.parse(line.slice(6)) as Record<string, string>);
    });
    child.on('exit', (code) => reject(new Error(`the world process ended (${code}):\n${out}`)));
  });

  const variables: Record<string, string> = {
    ...world,
    E2E_AZURE_URL: azure.httpsUrl,
    E2E_GITHUB_TOKEN: defaultToken,
    E2E_HTTPS_PROXY: proxy.url,
    E2E_NO_PROXY: proxyEnv.NO_PROXY,
    E2E_CA_BUNDLE: caBundle,
  };
  const lines = Object.entries(variables).map(([k, v]) => `${k}=${v}`);
  if (values['github-env']) appendFileSync(values['github-env'], lines.join('\n') + '\n');
  console.log(lines.join('\n'));
  console.log(`local GitHub ${github.url} as ${GITHUB} through ${proxy.url}`);
  console.log('serving; stop with SIGTERM');

  const stop = async () => {
    child.kill('SIGTERM');
    await proxy.close();
    await azure.close();
    await github.close();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(azureTls.dir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

/** Child: seeds the sample organisation as github.com (through the proxy), runs the fleet. */
async function seedAndRunWorld(endpoints: WorldEndpoints): Promise<void> {
  const world = await createPromotionWorld(endpoints, { pickupSeconds: 1, reconcileSeconds: 0.5 });
  const local = new LocalGitHub(endpoints.githubUrl);
  await local.commit(`${world.owner}/lift-ops`, {
    branch: 'main',
    files: { 'grooming/workload.yaml': groomingWorkload(endpoints.githubUrl, world.owner) },
    message: 'Grooming planner workload',
  });
  const { sha } = await local.commit(world.controlPlane, {
    branch: 'main',
    files: {
      'workloads/snow-grooming.yaml': groomingRegistration(endpoints.githubUrl, world.owner),
    },
    message: 'Register the snow-grooming planner',
  });
  const pullRequest = await openConfigChange(local, world.controlPlane, endpoints.githubToken);
  const following = followGitOpsBranches(world, endpoints.githubToken);
  console.log(
    `WORLD ${JSON.stringify({
      E2E_CONTROL_PLANE: world.controlPlane,
      E2E_GITOPS: world.gitops,
      E2E_MAIN_COMMIT: sha,
      E2E_FIRST_ENVIRONMENT: world.environments[0]!,
      E2E_PULL_REQUEST: String(pullRequest),
      E2E_AZURE_TENANT_ID: world.tenantId,
      E2E_AZURE_CLIENT_ID: world.azure.clientId,
      E2E_AZURE_CLIENT_SECRET: world.azure.clientSecret,
      E2E_AZURE_SUBSCRIPTION_IDS: world.azure.subscription,
    })}`,
  );
  process.on('SIGTERM', () => {
    following.stop();
    void world.dispose().then(() => process.exit(0));
  });
}

/** A pull request into stage that renames the East US web cluster (one config value); its number. */
async function openConfigChange(
  local: LocalGitHub,
  controlPlane: string,
  token: string,
): Promise<number> {
  const file = 'cluster-types/eastus/web-eastus.yaml';
  const text = (await local.files(controlPlane, 'stage'))[file] ?? '';
  await local.commit(controlPlane, {
    branch: 'rename-web-eastus',
    from: 'refs/heads/stage',
    files: { [file]: text.replace('CLUSTER_NAME: Web East US', 'CLUSTER_NAME: Web East US 2') },
    message: 'Rename the East US web cluster',
  });
  const response = await fetch(`https://api.github.com/repos/${controlPlane}/pulls`, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Rename the East US web cluster',
      head: 'rename-web-eastus',
      base: 'stage',
    }),
  });
  if (!response.ok)
    throw new Error(`opening the pull request: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { number: number }).number;
}

/** Tells the fleet about every new commit of a GitOps environment branch, twice a second. */
function followGitOpsBranches(world: PromotionWorld, token: string): { stop: () => void } {
  const heads = new Map<string, string>();
  let busy = false;
  const look = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const env of world.environments) {
        const response = await fetch(
          `https://api.github.com/repos/${world.gitops}/git/ref/heads/${env}`,
          { headers: { authorization: `token ${token}` } },
        );
        if (!response.ok) continue;
        const sha = ((await response.json()) as { object: { sha: string } }).object.sha;
        const known = heads.get(env);
        heads.set(env, sha);
        if (known !== undefined && known !== sha) await world.pushToFleet(env, sha);
      }
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void look().catch(() => undefined), 500);
  void look().catch(() => undefined);
  return { stop: () => clearInterval(timer) };
}

/** A throw-away self-signed certificate for github.com and api.github.com. */
function githubCertificate(dir: string): { key: string; cert: string } {
  const { key, cert } = selfSignedCertificate(
    dir,
    'github.com',
    'DNS:github.com,DNS:api.github.com',
    'github-',
  );
  return { key, cert };
}

/**
 * An HTTPS proxy that terminates CONNECT tunnels to github.com and api.github.com with the
 * throw-away certificate and forwards the plain HTTP inside to the local GitHub; refuses the rest.
 */
async function startProxy(
  target: URL,
  tls: { key: string; cert: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('this proxy only tunnels to github.com and api.github.com\n');
  });
  server.on('connect', (req, client: import('node:net').Socket, head: Buffer) => {
    if (!HOSTS.has(req.url ?? '')) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) client.unshift(head);
    const secure = new TLSSocket(client, { isServer: true, key: tls.key, cert: tls.cert });
    const upstream = connect(Number(target.port), target.hostname);
    secure.pipe(upstream).pipe(secure);
    secure.on('error', () => upstream.destroy());
    upstream.on('error', () => secure.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
