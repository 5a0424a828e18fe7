// The promotion world itself: built from the sample, consistent before anything runs.
import { inject, describe, expect, it } from 'vitest';
import { LocalGitHub } from '../support/github-server/client.ts';
import { createPromotionWorld } from './promotion-world.ts';

describe('promotion world', () => {
  it('seeds the control plane, the GitOps branches (already rendered) and the application repositories', async () => {
    const world = await createPromotionWorld({
      githubUrl: inject('githubUrl'),
      githubToken: inject('githubToken'),
      azure: inject('fakeAzure'),
    });
    try {
      const github = new LocalGitHub(inject('githubUrl'));
      const dev = await github.files(world.controlPlane, 'dev');
      expect(dev['base-repo.yaml']).toContain(`commit: ${world.mainCommit}`);
      expect(dev['gitops-repo.yaml']).toContain(
        `${inject('githubUrl')}/${world.owner}/platform-gitops`,
      );
      const gitops = await github.files(world.gitops, 'dev');
      expect(gitops['.github/tracking/Promoted_Commit_Id']).toBe(world.mainCommit);
      expect(gitops['hub-eastus/README.md']).toBe(
        'This folder contains deployment targets scheduled on the cluster type',
      );
      expect(Object.keys(gitops)).toContain('.github/workflows/notify-control-plane.yaml');
      const liftOps = await github.files(`${world.owner}/lift-ops`, 'main');
      expect(Object.keys(liftOps)).toContain('kalypso/lift-control.yaml');
      expect(world.environments).toEqual(['dev', 'stage', 'prod']);
    } finally {
      await world.dispose();
    }
  });
});
