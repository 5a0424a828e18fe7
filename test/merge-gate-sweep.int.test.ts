// The sweeper refreshes the merge gate (docs/decisions/policy-merge-gate.md): a GitOps pull request
// opened by schedule during a freeze carries `pending Frozen…`; once the freeze is lifted on main,
// cd-promote `mode: sweep` with `gitops-token` sets `success Open` on its head, and a second sweep
// sets nothing new.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from './support/github-server/client.ts';
import { scheduleInFreeze } from './support/merge-gate-freeze.ts';
import { runAction } from './support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

describe('cd-promote mode: sweep refreshes the merge gate (kalypso/policy)', () => {
  it('opens the gate of a pull request opened in a freeze once the freeze ends, without churn', async () => {
    const { pr, gate, actionGitHub: github_, liftFreeze } = await scheduleInFreeze(github, token);
    expect(await gate()).toEqual([expect.stringMatching(/^pending Frozen: change-freeze freeze/)]);

    await liftFreeze();
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
    expect(first.summary).toContain(`#${pr.number} Frozen → Open`);
    // The tokens are masked (add-mask) and appear nowhere else in the log.
    const lines = first.log.split('\n').filter((l) => !l.startsWith('::add-mask::'));
    expect(lines.filter((l) => l.includes(token))).toEqual([]);

    const second = await sweep({ 'gitops-token': token });
    expect(second.exitCode, second.log).toBe(0);
    expect(await gate()).toHaveLength(2);
    expect(second.summary).toContain('Merge gates (`kalypso/policy`): 1 already right.');
  });
});
