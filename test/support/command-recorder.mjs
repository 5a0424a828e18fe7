// Stands in for a command-line tool this machine does not have (`az`, `gh`) when
// test/docs.int.test.ts runs a guide's commands: each call is checked against the options the tool
// documents for that command (RECORDER_SPEC, JSON: command words → options that take a value,
// flags without one, options that may repeat, required options, how many positional arguments),
// appended to RECORDER_LOG as one JSON line, and answered where a guide reads the answer:
// `--query … --output tsv` of az (from RECORDER_ANSWERS), and `gh repo create`, which creates the
// repository on the local GitHub whose control API is RECORDER_GITHUB. RECORDED_TOOL names the tool.
// A call the spec does not allow exits 2 with the reason, as the real tool refuses unknown options.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const tool = process.env.RECORDED_TOOL ?? '?';
const fail = (message) => {
  process.stderr.write(`${tool} (recorded): ${message}\n`);
  process.exit(2);
};
const spec = JSON.parse(process.env.RECORDER_SPEC ?? '{}');
/** The longest command of the spec that the words so far start with (whole words). */
const commandOf = (words) =>
  Object.keys(spec)
    .filter((c) => words.join(' ') === c || words.join(' ').startsWith(`${c} `))
    .sort((a, b) => b.length - a.length)[0];
const args = process.argv.slice(2);
const positionals = [];
const options = {};
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (!arg.startsWith('-')) {
    positionals.push(arg);
    continue;
  }
  const command = commandOf(positionals);
  if (!command) fail(`unknown command '${positionals.join(' ')}'`);
  const known = spec[command];
  if (known.flags?.includes(arg)) {
    options[arg] = true;
    continue;
  }
  if (!known.options.includes(arg)) fail(`${command}: unknown option ${arg}`);
  const value = args[++i];
  if (value === undefined) fail(`${arg} needs a value`);
  if (known.repeatable?.includes(arg)) (options[arg] ??= []).push(value);
  else if (arg in options) fail(`${arg} given twice`);
  else options[arg] = value;
}
const command = commandOf(positionals);
if (!command) fail(`unknown command '${positionals.join(' ')}'`);
const known = spec[command];
const rest = positionals.slice(command.split(' ').length);
if (rest.length !== (known.positionals ?? 0))
  fail(`${command}: takes ${known.positionals ?? 0} argument(s), got ${JSON.stringify(rest)}`);
for (const name of Object.keys(options))
  if (!known.options.includes(name) && !known.flags?.includes(name))
    fail(`${command}: unknown option ${name}`);
for (const name of known.required ?? [])
  if (!(name in options)) fail(`${command}: ${name} is required`);
for (const [name, values] of Object.entries(known.values ?? {}))
  if (name in options && !values.includes(options[name]))
    fail(`${command}: ${name} ${options[name]} is not one of ${values.join(', ')}`);
for (const name of known.json ?? [])
  if (name in options)
    try {
      options[name] = JSON.parse(options[name]);
    } catch (error) {
      fail(`${name} is not JSON: ${error.message}`);
    }

const log = process.env.RECORDER_LOG;
const calls =
  log && existsSync(log)
    ? readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
if (log) appendFileSync(log, `${JSON.stringify({ tool, command, arguments: rest, options })}\n`);

if (tool === 'gh' && command === 'repo create' && process.env.RECORDER_GITHUB) {
  const [owner, name] = rest[0].split('/');
  const response = await fetch(`${process.env.RECORDER_GITHUB}/_control/repos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, name }),
  });
  if (!response.ok) fail(`creating ${rest[0]}: ${response.status} ${await response.text()}`);
  process.stdout.write(`https://github.com/${rest[0]}\n`);
}
if (options['--query'] !== undefined) {
  const answers = JSON.parse(process.env.RECORDER_ANSWERS ?? '{}');
  let answer = answers[`${command} ${options['--query']}`];
  // the subjects of the federated credentials created so far, as `--query "[].subject"` lists them
  if (answer === '<subjects>')
    answer = calls
      .filter((c) => c.command === 'ad app federated-credential create')
      .map((c) => c.options['--parameters'].subject)
      .join('\n');
  if (answer === undefined) fail(`no answer recorded for ${command} --query ${options['--query']}`);
  if (options['--output'] !== 'tsv') fail('--query is read here only with --output tsv');
  process.stdout.write(`${answer}\n`);
}
