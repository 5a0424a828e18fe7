/**
 * Azure clouds: where Resource Manager and Entra ID live, which token scope Resource Manager
 * accepts, and which audience the GitHub OIDC token must carry for a federated credential.
 * The Resource Graph client's own `cloudSetting` does not change
 * the token scope, so every value is passed explicitly.
 */
export interface AzureCloud {
  readonly name: string;
  /** Resource Manager endpoint, also the Resource Graph host. */
  readonly armEndpoint: string;
  /** Entra ID authority host. */
  readonly authorityHost: string;
  /** Scope of the Resource Manager token. */
  readonly tokenScope: string;
  /** Audience of the GitHub OIDC token exchanged for an Entra token. */
  readonly oidcAudience: string;
  /** True when the authority host is a public Entra host that MSAL knows (instance discovery). */
  readonly wellKnownAuthority: boolean;
}

export const AZURE_CLOUDS = {
  AzureCloud: {
    name: 'AzureCloud',
    armEndpoint: 'https://management.azure.com',
    authorityHost: 'https://login.microsoftonline.com',
    tokenScope: 'https://management.azure.com/.default',
    oidcAudience: 'api://AzureADTokenExchange',
    wellKnownAuthority: true,
  },
  AzureUSGovernment: {
    name: 'AzureUSGovernment',
    armEndpoint: 'https://management.usgovcloudapi.net',
    authorityHost: 'https://login.microsoftonline.us',
    tokenScope: 'https://management.usgovcloudapi.net/.default',
    oidcAudience: 'api://AzureADTokenExchangeUSGov',
    wellKnownAuthority: true,
  },
  AzureChinaCloud: {
    name: 'AzureChinaCloud',
    armEndpoint: 'https://management.chinacloudapi.cn',
    authorityHost: 'https://login.chinacloudapi.cn',
    tokenScope: 'https://management.chinacloudapi.cn/.default',
    oidcAudience: 'api://AzureADTokenExchangeChina',
    wellKnownAuthority: true,
  },
} as const satisfies Record<string, AzureCloud>;

export type AzureCloudName = keyof typeof AZURE_CLOUDS;

/** What the user may set: a cloud name (azure/login spellings too) and explicit overrides. */
export interface AzureCloudInput {
  readonly cloud?: string;
  readonly armEndpoint?: string;
  readonly authorityHost?: string;
  readonly tokenScope?: string;
  readonly oidcAudience?: string;
}

/**
 * The cloud to talk to: a named cloud (default AzureCloud), with each endpoint, scope or audience
 * overridable (private clouds, proxies). Throws when the name or an endpoint is not valid.
 */
export function resolveCloud(input: AzureCloudInput = {}): AzureCloud {
  const wanted = (input.cloud ?? '').trim().toLowerCase() || 'azurecloud';
  const name = (Object.keys(AZURE_CLOUDS) as AzureCloudName[]).find(
    (n) => n.toLowerCase() === wanted,
  );
  if (!name) {
    throw new Error(
      `Azure cloud '${input.cloud}' is not known: use one of ${Object.keys(AZURE_CLOUDS).join(', ')}, or set the endpoints explicitly.`,
    );
  }
  const cloud: AzureCloud = AZURE_CLOUDS[name];
  const armEndpoint =
    httpsOrigin(input.armEndpoint, 'Resource Manager endpoint') ?? cloud.armEndpoint;
  const authorityHost = httpsOrigin(input.authorityHost, 'authority host') ?? cloud.authorityHost;
  return {
    name: cloud.name,
    armEndpoint,
    authorityHost,
    tokenScope: input.tokenScope?.trim() || cloud.tokenScope,
    oidcAudience: input.oidcAudience?.trim() || cloud.oidcAudience,
    wellKnownAuthority: Object.values(AZURE_CLOUDS).some((c) => c.authorityHost === authorityHost),
  };
}

function httpsOrigin(value: string | undefined, what: string): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`The ${what} '${text}' is not a URL: give it as https://host.`);
  }
  if (url.protocol !== 'https:') {
    throw new Error(`The ${what} '${text}' must use https: Azure tokens are only sent over TLS.`);
  }
  return text.replace(/\/+$/, '');
}
