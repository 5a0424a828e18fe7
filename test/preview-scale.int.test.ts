// The preview of a fleet-wide change through the committed bundle against the local GitHub: one
// ConfigMap value used by half the cluster types of the medium synthetic fleet (10,000
// assignments) changes 5,000 rendered files, past what the comment and the job summary hold. The
// run posts a folded comment and a bounded summary and says where the rest is. No timing.
// The 100,000-file change is measured by `npm run bench -- --large` (bench/preview-scale.bench.ts).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COMMENT_LIMIT } from '@kalypso/core';
import { LocalGitHub } from './support/github-server/client.ts';
import {
  FLEET_ENVIRONMENT,
  MEDIUM_FLEET,
  seedFleet,
  type SeededFleet,
} from './support/fleet-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');
const encoder = new TextEncoder();

/** ConfigMap `config-005` selects the `size: small` cluster types: 50 of 100, 5,000 assignments. */
const FLEET_WIDE = { from: 'KEY_5: value-5\n', to: 'KEY_5: value-5-changed\n' };

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

describe('preview of a fleet-wide change: 5,000 of 30,101 rendered files', () => {
  let fleet: SeededFleet;
  let number: number;
  beforeAll(async () => {
    fleet = await seedFleet(github, MEDIUM_FLEET);
    expect(fleet.environmentText).toContain(FLEET_WIDE.from);
    await github.commit(fleet.controlPlane, {
      branch: 'fleet-wide',
      from: `refs/heads/${FLEET_ENVIRONMENT}`,
      files: { 'objects.yaml': fleet.environmentText.replace(FLEET_WIDE.from, FLEET_WIDE.to) },
    });
    const pr = await rest<{ number: number }>('POST', `/repos/${fleet.controlPlane}/pulls`, {
      title: 'Change a value every small cluster uses',
      head: 'fleet-wide',
      base: FLEET_ENVIRONMENT,
    });
    number = pr.number;
  }, 600_000);

  it('posts a folded comment and a bounded summary, and outputs changed=true', async () => {
    const run = await runAction('preview', {
      github: {
        url: github.url,
        repository: fleet.controlPlane,
        token,
        eventName: 'pull_request',
        runId: '77',
      },
      inputs: { 'pull-request': String(number) },
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ changed: 'true', removals: '0', blocked: 'false' });
    const comments = await rest<{ body: string; html_url: string }[]>(
      'GET',
      `/repos/${fleet.controlPlane}/issues/${number}/comments`,
    );
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(run.outputs['comment-url']).toBe(comments[0]!.html_url);
    expect(encoder.encode(body).length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toContain(`| \`${FLEET_ENVIRONMENT}\` | ✏️ changes | 0 | 0 | 5000 | 50 | 5000 |`);
    expect(encoder.encode(run.summary).length).toBeLessThanOrEqual(1024 * 1024);
    expect(run.summary).toContain('## Kalypso preview: environment `bench`');
  }, 600_000);
});
