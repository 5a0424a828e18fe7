import { describe, expect, it } from 'vitest';
import { deploymentDescription, deploymentPayload, repositoryName } from './deployment-records.ts';

const sha = 'a'.repeat(40);

describe('deployment records: what goes to GitHub', () => {
  it('keeps a description to one inert line of at most 140 characters', () => {
    const long = deploymentDescription(`Held: ${'x'.repeat(200)}`);
    expect([...long]).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
    expect(deploymentDescription('ping @octocat\nand https://user:secret@example.com/x')).toBe(
      'ping @\u200boctocat and https://***@\u200bexample.com/x',
    );
  });

  it('names the GitOps repository as owner/name, from a name or a URL, or not at all', () => {
    expect(repositoryName('acme/gitops')).toBe('acme/gitops');
    expect(repositoryName('https://github.com/acme/gitops.git')).toBe('acme/gitops');
    expect(repositoryName('file:///etc/passwd')).toBeUndefined();
    expect(repositoryName('https://github.com/acme/gitops/tree/dev')).toBeUndefined();
  });

  it('writes the payload the readers agree on', () => {
    expect(
      deploymentPayload({
        environment: 'dev',
        promotedCommit: sha,
        state: 'in_progress',
        description: 'GitOps pull request opened',
        gitops: {
          repository: 'https://github.com/acme/gitops',
          branch: 'dev',
          pullRequestUrl: 'https://github.com/acme/gitops/pull/12',
          commit: 'not a sha',
        },
      }),
    ).toEqual({
      kalypso: 1,
      gitopsRepository: 'acme/gitops',
      gitopsBranch: 'dev',
      pullRequest: 12,
    });
  });
});
