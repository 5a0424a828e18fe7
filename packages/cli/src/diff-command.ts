// `kalypso diff`: renders an environment from local checkouts and compares it with what its live
// GitOps branch holds (fetched read-only with git): the same content as the preview comment.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type EnvironmentPreview, UserError } from '@kalypso/core';
import { compareWithTree, previewChanged } from '@kalypso/core/render';
import { CommandUsageError, findCommand, type ParsedOptions } from './commands.ts';
import { readAndRender, type EnvironmentArgs } from './environment-input.ts';
import { readTree } from './gitops-dir.ts';
import { formatPreview, type PreviewFormat } from './preview-output.ts';
import { formatProblems } from './problem-groups.ts';
import { printable, type Terminal } from './terminal.ts';
import { printWarnings } from './warnings.ts';

const run = promisify(execFile);

/**
 * Runs `kalypso diff` with its parsed options; returns the exit status: 1 for problems and, with
 * --exit-code, when the branch differs from the render.
 */
export async function diffCommand(
  values: ParsedOptions,
  args: EnvironmentArgs,
  terminal: Terminal,
): Promise<number> {
  for (const required of ['gitops', 'branch'] as const)
    if (!values[required])
      throw new CommandUsageError(`--${required} is required for diff.`, findCommand('diff'));
  const format = (values.format ?? 'text') as PreviewFormat;
  const { environment } = args;
  const { progress } = terminal;
  const outcome = await readAndRender(args, terminal);
  printWarnings(outcome.warnings, terminal);
  let preview: EnvironmentPreview;
  if (!outcome.ok) preview = { environment, kind: 'problems', problems: outcome.problems };
  else {
    const gitops = values.gitops as string;
    const branch = values.branch as string;
    progress.update(`Cloning branch '${branch}' of ${gitops}…`);
    const tree = await fetchBranch(gitops, branch).finally(() => progress.clear());
    preview = compareWithTree(environment, tree, outcome.rendered);
  }
  console.log(formatPreview('diff', preview, outcome.warnings, format, terminal.out));
  if (preview.kind === 'problems') {
    for (const text of formatProblems(preview.problems, { paint: terminal.err }))
      console.error(text);
    return 1;
  }
  return values['exit-code'] === true && previewChanged(preview) ? 1 : 0;
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
        `cannot read branch '${printable(branch)}' of ${printable(repository)}: ${detail}. Check --gitops, --branch and your git credentials.`,
      );
    });
    return await readTree(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
