// Starts the local Resource Graph, token and OIDC servers once per test run (filled in with the servers).
export default function setup(): void {}
