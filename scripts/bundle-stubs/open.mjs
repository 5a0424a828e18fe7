// Stands in for the npm package `open` in every bundle (scripts/build.mjs aliases it here).
// @azure/identity imports `open` only to launch a browser for interactive sign-in
// (InteractiveBrowserCredential and the broker flows), which no action and no CLI command uses:
// check-promote signs in with a federated GitHub token, a client secret or the Azure CLI. Without
// the alias, `open` and its helpers (default-browser, wsl-utils, powershell-utils, ...) would sit
// in the bundle unused. Should anything ever call it, it fails with this message.
export default async function open() {
  throw new Error(
    'kalypso-actions cannot open a browser: interactive Azure sign-in is not supported. ' +
      'Use azure-auth oidc, client-secret or azure-cli.',
  );
}
