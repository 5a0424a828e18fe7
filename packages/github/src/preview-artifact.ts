// The preview's full diff as a workflow artifact of the run (`@actions/artifact`): one gzipped
// unified diff per environment and the plan as JSON, zipped by the artifact client (stored, not
// compressed twice). Uploading needs the runner's ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL,
// not a permission of the workflow token; without them it says why instead
// (docs/decisions/preview-diff-artifact.md).
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type {
  PreviewArtifactContent,
  PreviewArtifactOutcome,
  PreviewArtifacts,
} from '@kalypso/core';
import type { RunnerContext } from './runner-context.ts';

/** A file name for an environment (a branch name may hold `/` or worse): safe characters only. */
function fileName(index: number, environment: string): string {
  return `${index + 1}-${environment.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}.diff.gz`;
}

export function createPreviewArtifacts(
  endpoints: RunnerContext,
  scratch: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): PreviewArtifacts {
  return {
    async keep(content: PreviewArtifactContent): Promise<PreviewArtifactOutcome> {
      if (!env.ACTIONS_RUNTIME_TOKEN)
        return {
          kind: 'unavailable',
          reason:
            'the step has no ACTIONS_RUNTIME_TOKEN, which the GitHub Actions runner gives every step that uploads artifacts (is it running outside a runner?)',
        };
      if (!env.ACTIONS_RESULTS_URL)
        return {
          kind: 'unavailable',
          reason:
            'the runner sets no ACTIONS_RESULTS_URL: this GitHub has no artifact storage for actions (GitHub Enterprise Server)',
        };
      const directory = join(scratch, 'preview-artifact');
      await mkdir(directory, { recursive: true });
      const files: string[] = [];
      let diffBytes = 0;
      for (const [i, diff] of content.diffs.entries()) {
        const file = join(directory, fileName(i, diff.environment));
        const chunks = function* () {
          for (const patch of diff.patches) {
            const bytes = Buffer.from(patch, 'utf8');
            diffBytes += bytes.length;
            yield bytes;
          }
        };
        await pipeline(Readable.from(chunks()), createGzip(), createWriteStream(file));
        files.push(file);
      }
      const plan = join(directory, 'plan.json');
      await writeFile(plan, `${JSON.stringify(content.plan, null, 1)}\n`);
      files.push(plan);
      const name = `${content.name}-attempt-${env.GITHUB_RUN_ATTEMPT || '1'}`;
      // Loaded here, on the one path that uploads: the other actions' bundles leave it out.
      const { DefaultArtifactClient, GHESNotSupportedError } = await import('@actions/artifact');
      try {
        const uploaded = await new DefaultArtifactClient().uploadArtifact(name, files, directory, {
          // The diffs are gzipped already.
          compressionLevel: 0,
        });
        const id = uploaded.id;
        return {
          kind: 'uploaded',
          name,
          url: id !== undefined && endpoints.runUrl ? `${endpoints.runUrl}/artifacts/${id}` : '',
          bytes: uploaded.size ?? 0,
          diffBytes,
        };
      } catch (error) {
        if (error instanceof GHESNotSupportedError)
          return {
            kind: 'unavailable',
            reason:
              'workflow artifacts of this kind (artifacts v4) are not available on GitHub Enterprise Server',
          };
        throw error;
      }
    },
  };
}
