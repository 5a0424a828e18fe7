// Starts the local GitHub server once per test run (filled in with the server).
export default function setup(): void {}
