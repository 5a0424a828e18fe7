import { describe, expect, it } from 'vitest';
import { resolveCloud } from './clouds.ts';

describe('resolveCloud', () => {
  it('defaults to the public cloud', () => {
    expect(resolveCloud()).toMatchObject({
      armEndpoint: 'https://management.azure.com',
      tokenScope: 'https://management.azure.com/.default',
      oidcAudience: 'api://AzureADTokenExchange',
      wellKnownAuthority: true,
    });
  });

  it.each([
    [
      'AzureUSGovernment',
      'https://management.usgovcloudapi.net/.default',
      'api://AzureADTokenExchangeUSGov',
      'https://login.microsoftonline.us',
    ],
    [
      'azurechinacloud',
      'https://management.chinacloudapi.cn/.default',
      'api://AzureADTokenExchangeChina',
      'https://login.chinacloudapi.cn',
    ],
  ])('knows %s', (cloud, tokenScope, oidcAudience, authorityHost) => {
    expect(resolveCloud({ cloud })).toMatchObject({ tokenScope, oidcAudience, authorityHost });
  });

  it('takes endpoint overrides and turns off instance discovery for unknown authorities', () => {
    const cloud = resolveCloud({
      cloud: 'AzureUSGovernment',
      armEndpoint: 'https://arm.example.test/',
      authorityHost: 'https://login.example.test',
    });
    expect(cloud).toMatchObject({
      armEndpoint: 'https://arm.example.test',
      authorityHost: 'https://login.example.test',
      tokenScope: 'https://management.usgovcloudapi.net/.default',
      wellKnownAuthority: false,
    });
  });

  it.each([
    [{ cloud: 'AzureGermanCloud' }, "Azure cloud 'AzureGermanCloud' is not known"],
    [{ armEndpoint: 'http://127.0.0.1:8080' }, 'must use https'],
    [{ authorityHost: 'not a url' }, 'is not a URL'],
  ])('rejects %j', (input, message) => {
    expect(() => resolveCloud(input)).toThrow(message);
  });
});
