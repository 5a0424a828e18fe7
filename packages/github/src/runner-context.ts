/** Where the workflow runs, from the runner's environment: GitHub (or GHES) URLs and this run's page. */
export interface RunnerContext {
  readonly serverUrl: string;
  readonly apiUrl: string;
  readonly runUrl: string | undefined;
}

export function runnerContext(env: Readonly<Record<string, string | undefined>>): RunnerContext {
  const serverUrl = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  return {
    serverUrl,
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    runUrl: env.GITHUB_RUN_ID
      ? `${serverUrl}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined,
  };
}
