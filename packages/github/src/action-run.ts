import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `work` in a scratch folder under the runner's temp directory, deleted afterwards whatever
 * happens (it holds fetched repositories).
 */
export async function withScratch<T>(
  action: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(process.env.RUNNER_TEMP ?? tmpdir(), `kalypso-${action}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
