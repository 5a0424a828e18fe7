// `kalypso diff`: renders an environment from local checkouts and compares it with what its live
// GitOps branch holds (fetched read-only with git): the same content as the preview comment.
import { printWarnings } from './warnings.ts';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import {
  compareWithTree,
  formatProblem,
  renderEnvironment,
  type EnvironmentPreview,
  UserError,
} from '@kalypso/core';
import { formatPreview, PREVIEW_FORMATS, type PreviewFormat } from './preview-output.ts';
import { readEnvironmentSources } from './environment-input.ts';
import { UsageError } from './fs-source.ts';
import { readTree } from './gitops-dir.ts';

const run = promisify(execFile);

/** Runs `kalypso diff` with the arguments after the command name; returns the exit status. */
export async function diffCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      environment: { type: 'string' },
      base: { type: 'string' },
      'control-plane': { type: 'string' },
      workload: { type: 'string', multiple: true },
      gitops: { type: 'string' },
      branch: { type: 'string' },
      format: { type: 'string', default: 'text' },
    },
    strict: true,
  });
  for (const required of ['environment', 'base', 'control-plane', 'gitops', 'branch'] as const)
    if (!values[required]) throw new UsageError(`--${required} is required for diff.`);
  const format = values.format!;
  if (!PREVIEW_FORMATS.includes(format as PreviewFormat))
    throw new UsageError(`--format '${format}': write text, markdown or json.`);
  const workloads = new Map<string, string>();
  for (const spec of values.workload ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1)
      throw new UsageError(`--workload '${spec}' must be <registration-name>=<dir-or-file>.`);
    workloads.set(spec.slice(0, eq), spec.slice(eq + 1));
  }
  const environment = values.environment!;
  const { sources } = await readEnvironmentSources({
    environment,
    base: values.base!,
    controlPlane: values['control-plane']!,
    workloads,
  });
  const outcome = renderEnvironment(sources);
  printWarnings(outcome.warnings);
  let preview: EnvironmentPreview;
  if (!outcome.ok) preview = { environment, kind: 'problems', problems: outcome.problems };
  else {
    const tree = await fetchBranch(values.gitops!, values.branch!);
    preview = compareWithTree(environment, tree, outcome.rendered);
  }
  console.log(formatPreview('diff', preview, outcome.warnings, format as PreviewFormat));
  if (preview.kind === 'problems') {
    for (const p of preview.problems) console.error(formatProblem(p));
    return 1;
  }
  return 0;
}

/** The branch's files at its head: a shallow, read-only clone with the user's git credentials. */
async function fetchBranch(repository: string, branch: string): Promise<Map<string, Uint8Array>> {
  const dir = await mkdtemp(join(tmpdir(), 'kalypso-gitops-'));
  try {
    await run(
      'git',
      [
        'clone',
        '--quiet',
        '--depth',
        '1',
        '--single-branch',
        '--branch',
        branch,
        '--',
        repository,
        dir,
      ],
      { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
    ).catch((error: unknown) => {
      const detail =
        error instanceof Error && 'stderr' in error
          ? String((error as { stderr: unknown }).stderr).trim()
          : String(error);
      throw new UserError(
        `cannot read branch '${branch}' of ${repository}: ${detail}. Check --gitops, --branch and your git credentials.`,
      );
    });
    return await readTree(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
