// The sweeper refreshes the merge gate (docs/decisions/policy-merge-gate.md): a GitOps pull request
// opened by schedule during a freeze carries `pending Frozen…`; once the freeze is lifted on main,
// cd-promote `mode: sweep` with `gitops-token` sets `success Open` on its head, and a second sweep
// sets nothing new.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { seedSample } from './support/github-server/control-plane-fixture.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const HOUR = 60 * 60 * 1000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString().replace(/\.\d+Z$/, 'Z');
/** A freeze of dev that is on now, or one that ended an hour ago (the policy stays declared). */
const chain = (frozen: boolean) =>
  [
    'freezes:',
    frozen
      ? `  - { name: change-freeze, from: "${at(-HOUR)}", to: "${at(3 * HOUR)}", environments: [dev] }`
      : `  - { name: change-freeze, from: "${at(-3 * HOUR)}", to: "${at(-HOUR)}", environments: [dev] }`,
    'environments: [dev, stage, prod]',
    '',
  ].join('\n');

describe('cd-promote mode: sweep refreshes the merge gate (kalypso/policy)', () => {
  it('opens the gate of a pull request opened in a freeze once the freeze ends, without churn', async () => {
    const sample = await seedSample(github);
    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { '.github/promotion-chain.yaml': chain(true) },
    });
    const github_ = { url: github.url, repository: sample.controlPlane, token, runId: '42' };
    const frozen = await runAction('schedule', { github: github_, inputs: { environment: 'dev' } });
    expect(frozen.exitCode, frozen.log).toBe(0);
    const [pr] = (await github.state(sample.gitops)).pulls;
    const gate = async () => {
      const head = (await github.log(sample.gitops, pr!.head))[0]!.sha;
      return (await github.state(sample.gitops)).statuses
        .filter((x) => x.sha === head && x.context === 'kalypso/policy')
        .map((x) => `${x.state} ${x.description}`);
    };
    expect(await gate()).toEqual([expect.stringMatching(/^pending Frozen: change-freeze freeze/)]);

    await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { '.github/promotion-chain.yaml': chain(false) },
    });
    const sweep = (inputs: Record<string, string>) =>
      runAction('cd-promote', {
        github: { ...github_, runId: '92' },
        inputs: { mode: 'sweep', ...inputs },
      });
    // Without the GitOps token: nothing changes, and the summary says so.
    const without = await sweep({});
    expect(without.exitCode, without.log).toBe(0);
    expect(without.summary).toContain('Merge gates (`kalypso/policy`) not refreshed');
    expect(await gate()).toHaveLength(1);

    const first = await sweep({ 'gitops-token': token });
    expect(first.exitCode, first.log).toBe(0);
    expect(await gate()).toEqual([expect.stringMatching(/^pending Frozen/), 'success Open']);
    expect(first.summary).toContain(`#${pr!.number} Frozen → Open`);
    // The tokens are masked (add-mask) and appear nowhere else in the log.
    const lines = first.log.split('\n').filter((l) => !l.startsWith('::add-mask::'));
    expect(lines.filter((l) => l.includes(token))).toEqual([]);

    const second = await sweep({ 'gitops-token': token });
    expect(second.exitCode, second.log).toBe(0);
    expect(await gate()).toHaveLength(2);
    expect(second.summary).toContain('Merge gates (`kalypso/policy`): 1 already right.');
  });
});
