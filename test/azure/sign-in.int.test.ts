import { describe, expect, it } from 'vitest';
import type { ResourceGraphComplianceSource } from '../../packages/azure/src/index.ts';
import { cluster, devTarget, sourceFor, useWorlds } from './world-fixtures.ts';

const target = devTarget;

/** The error a listing fails with (the test fails if it succeeds). */
async function failureOf(source: ResourceGraphComplianceSource): Promise<Error> {
  try {
    await source.listConfigurations(target);
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the listing to fail');
}

const world = useWorlds({ clusters: ([s]) => [cluster('store-001', s!, { pickupSeconds: 0 })] });

describe('signing in to Azure', () => {
  it('exchanges the GitHub OIDC token for a Resource Manager token and logs its subject', async () => {
    const w = await world();
    const snapshot = await sourceFor(w).listConfigurations(target);
    expect(snapshot.configurations).toHaveLength(1);
    expect(w.reporter.lines).toContain(
      "info: Signing in to Azure with the GitHub OIDC token of subject 'repo:contoso/platform-control-plane:environment:dev' (audience 'api://AzureADTokenExchange', issuer 'https://token.actions.githubusercontent.com').",
    );
    expect((await w.requests('entra')).map((r) => r.status)).toEqual([200]);
  });

  it('asks for id-token: write when the runner gave no OIDC variables', async () => {
    const w = await world({}, () => ({
      ACTIONS_ID_TOKEN_REQUEST_URL: undefined,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: undefined,
    }));
    await expect(sourceFor(w).listConfigurations(target)).rejects.toThrow(
      "Could not get a GitHub OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL and ACTIONS_ID_TOKEN_REQUEST_TOKEN not set): the job needs 'permissions: id-token: write'",
    );
  });

  it('mentions id-token: write when the OIDC token request fails', async () => {
    const w = await world({ oidcFailsWith: 403 });
    const error = await failureOf(sourceFor(w));
    expect(error.message).toMatch(
      /^The GitHub OIDC token request failed: .*403.*Check that the job has 'permissions: id-token: write'\.$/,
    );
  });

  it('names the presented subject when no federated credential matches', async () => {
    const w = await world({
      federatedSubject: 'repo:contoso/platform-control-plane:ref:refs/heads/main',
      tokenSubject: 'repo:contoso/platform-control-plane:environment:dev',
    });
    const error = await failureOf(sourceFor(w));
    expect(error.message).toContain(
      `Entra ID found no federated credential on app '${w.clientId}' in tenant '${w.tenantId}' matching the GitHub token. ` +
        "The GitHub token presented subject 'repo:contoso/platform-control-plane:environment:dev', audience 'api://AzureADTokenExchange', issuer 'https://token.actions.githubusercontent.com'.",
    );
    expect(error.message).toContain('AADSTS70021');
  });

  it('signs in with a client secret, and explains a wrong one', async () => {
    const w = await world({}, () => ({
      ACTIONS_ID_TOKEN_REQUEST_URL: undefined,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: undefined,
    }));
    const snapshot = await sourceFor(w, {
      auth: 'client-secret',
      clientSecret: w.clientSecret,
    }).listConfigurations(target);
    expect(snapshot.configurations).toHaveLength(1);
    await expect(
      sourceFor(w, { auth: 'client-secret', clientSecret: 'wrong' }).listConfigurations(target),
    ).rejects.toThrow(
      `Entra ID rejected the client secret of app '${w.clientId}' in tenant '${w.tenantId}': it is wrong or expired.`,
    );
  });

  it('explains an unknown client id', async () => {
    const w = await world();
    await expect(
      sourceFor(w, { clientId: '00000000-0000-0000-0000-000000000000' }).listConfigurations(target),
    ).rejects.toThrow("Entra ID does not know app '00000000-0000-0000-0000-000000000000'");
  });

  it('uses the US Government scope and OIDC audience, with the endpoints overridden', async () => {
    const w = await world({
      armResource: 'https://management.usgovcloudapi.net',
      oidcAudience: 'api://AzureADTokenExchangeUSGov',
    });
    const snapshot = await sourceFor(w, { cloud: 'AzureUSGovernment' }).listConfigurations(target);
    expect(snapshot.configurations).toHaveLength(1);
    expect(
      w.reporter.lines.some((l) => l.includes("audience 'api://AzureADTokenExchangeUSGov'")),
    ).toBe(true);
  });

  it('fails clearly when the token is for another cloud', async () => {
    const w = await world({
      armResource: 'https://management.chinacloudapi.cn',
      oidcAudience: 'api://AzureADTokenExchange',
    });
    await expect(sourceFor(w).listConfigurations(target)).rejects.toThrow(
      "Entra ID does not know the Resource Manager scope requested: check the 'cloud' input and endpoint overrides.",
    );
  });
});
