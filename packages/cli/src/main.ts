// The `kalypso` command. --help and --version are answered from command-specs.ts alone; every
// other invocation loads the engine (run.ts, with @kalypso/core) first. In the bundle the engine
// is a file of its own (dist/cli/kalypso-engine.mjs, see scripts/build.mjs), so that the answers
// that need nothing of it do not load it.
import { quickAnswer } from './command-specs.ts';
import { cliVersion } from './version.ts';

const argv = process.argv.slice(2);
const answer = quickAnswer(argv, cliVersion);
if (answer) {
  if (answer.stdout !== undefined) console.log(answer.stdout);
  if (answer.stderr !== undefined) console.error(answer.stderr);
  process.exitCode = answer.code;
} else {
  const { run } = await import('./run.ts');
  process.exitCode = await run(argv);
}
