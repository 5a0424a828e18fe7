// The preview derives its base from its head when only ConfigMaps differ
// (docs/decisions/incremental-render.md): through the bundle, the comment is the one a full render
// of the base gives, and any other difference renders the base in full.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { seedSample } from './support/github-server/control-plane-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${github.url}${path}`, {
    method,
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const DERIVED = 'Only ConfigMaps differ between the base and the head';

describe('preview: the base derived from the head (the bundle, against the local GitHub)', () => {
  it('comments exactly as when the base is rendered in full', async () => {
    const sample = await seedSample(github, { environments: ['stage'] });
    const file = 'cluster-types/eastus/web-eastus.yaml';
    const original = sample.files.environments.stage![file]!;
    const changed = original.replace('CLUSTER_NAME: Web East US', 'CLUSTER_NAME: Web East US 2');
    expect(changed).not.toBe(original);
    // Two pull requests with the same change: one changes only the ConfigMap; the other also
    // adds a comment line above the file's objects, so that their lines (and with them the
    // ClusterType as loaded) differ and the base is rendered in full. The rendered output and
    // everything the comment shows are the same.
    const run = async (branch: string, text: string) => {
      await github.commit(sample.controlPlane, {
        branch,
        from: 'refs/heads/stage',
        files: { [file]: text },
      });
      const { number } = await rest<{ number: number }>(
        'POST',
        `/repos/${sample.controlPlane}/pulls`,
        { title: branch, head: branch, base: 'stage' },
      );
      const result = await runAction('preview', {
        github: {
          url: github.url,
          repository: sample.controlPlane,
          token,
          eventName: 'pull_request',
          runId: '42',
        },
        inputs: { 'pull-request': String(number) },
      });
      expect(result.exitCode, result.log).toBe(0);
      const [comment] = await rest<{ body: string }[]>(
        'GET',
        `/repos/${sample.controlPlane}/issues/${number}/comments`,
      );
      // The two heads are different commits: the comment names its own.
      const { head } = await rest<{ head: { sha: string } }>(
        'GET',
        `/repos/${sample.controlPlane}/pulls/${number}`,
      );
      const body = comment!.body
        .replaceAll(head.sha, '<head>')
        .replaceAll(head.sha.slice(0, 7), '<head>');
      expect(body).toContain('<head>');
      return { log: result.log, outputs: result.outputs, body };
    };
    const derived = await run('config-only', changed);
    const full = await run('config-and-lines', `# the same objects, one line lower\n${changed}`);
    expect(derived.log).toContain(DERIVED);
    expect(full.log).not.toContain(DERIVED);
    expect(derived.body).toContain('+  CLUSTER_NAME: Web East US 2');
    expect(derived.body).toMatch(
      /^\| `CLUSTER_NAME` \| `Web East US` \| `Web East US 2` \| `[a-z0-9-]+`/m,
    );
    const { 'comment-url': _derivedUrl, ...derivedOutputs } = derived.outputs;
    const { 'comment-url': _fullUrl, ...fullOutputs } = full.outputs;
    expect(derivedOutputs).toEqual(fullOutputs);
    expect(derived.body).toBe(full.body);
  });
});
