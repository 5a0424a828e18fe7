// `node scripts/node.mjs test/e2e/serve.ts --github-env <file>`: the demo's world, left running for a
// GitHub Actions job that runs this repository's own actions (`uses: ./ci-gate`, …) against it
// (.github/workflows/e2e.yaml). Starts the local GitHub and the local Azure Resource Graph, seeds
// the sample organisation, registers a new workload on main (as `npm run demo` does), appends
// `E2E_*` variables (URLs, token, repositories, the new main commit) to that file, and serves
// until it gets SIGTERM or SIGINT.
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalGitHub } from '../support/github-server/client.ts';
import { defaultToken, startGitHubServer } from '../support/github-server/server.ts';
import { createCertificate } from '../support/resource-graph/certificate.ts';
import { startFakeAzure } from '../support/resource-graph/server.ts';
import { createPromotionWorld } from './promotion-world.ts';
import { groomingRegistration, groomingWorkload } from './scenario-data.ts';

const { values } = parseArgs({ options: { 'github-env': { type: 'string' } } });
const gitRoot = mkdtempSync(join(tmpdir(), 'kalypso-e2e-git-'));
const tls = createCertificate();
const github = await startGitHubServer({ root: gitRoot });
const azure = await startFakeAzure(tls);
const world = await createPromotionWorld(
  {
    githubUrl: github.url,
    githubToken: defaultToken,
    azure: { httpsUrl: azure.httpsUrl, httpUrl: azure.httpUrl, caCertPath: tls.certPath },
  },
  { pickupSeconds: 1, reconcileSeconds: 0.5 },
);
const local = new LocalGitHub(github.url);
await local.commit(`${world.owner}/lift-ops`, {
  branch: 'main',
  files: { 'grooming/workload.yaml': groomingWorkload(github.url, world.owner) },
  message: 'Grooming planner workload',
});
const { sha: mainCommit } = await local.commit(world.controlPlane, {
  branch: 'main',
  files: { 'workloads/snow-grooming.yaml': groomingRegistration(github.url, world.owner) },
  message: 'Register the snow-grooming planner',
});

const variables: Record<string, string> = {
  E2E_GITHUB_URL: github.url,
  E2E_GITHUB_GRAPHQL_URL: `${github.url}/graphql`,
  E2E_GITHUB_TOKEN: defaultToken,
  E2E_CONTROL_PLANE: world.controlPlane,
  E2E_GITOPS: world.gitops,
  E2E_MAIN_COMMIT: mainCommit,
  E2E_FIRST_ENVIRONMENT: world.environments[0]!,
};
const lines = Object.entries(variables).map(([k, v]) => `${k}=${v}`);
if (values['github-env']) appendFileSync(values['github-env'], lines.join('\n') + '\n');
console.log(lines.join('\n'));
console.log('serving; stop with SIGTERM');

const stop = async () => {
  await world.dispose();
  await azure.close();
  await github.close();
  rmSync(gitRoot, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
