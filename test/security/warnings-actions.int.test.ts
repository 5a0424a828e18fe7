// Warnings end to end in the actions: what the original accepts but is probably a mistake (here a
// Template no ClusterType uses that does not parse) is shown as a `::warning` annotation with file
// and line and in the job summary, and never fails the run.
import { describe, expect, inject, it } from 'vitest';
import { LocalGitHub } from '../support/github-server/client.ts';
import { seedSample } from '../support/github-server/control-plane-fixture.ts';
import { runAction } from '../support/run-action.ts';

const github = new LocalGitHub(inject('githubUrl'));
const token = inject('githubToken');

const unusedTemplate = `apiVersion: scheduler.kalypso.io/v1alpha1
kind: Template
metadata:
  name: leftover
spec:
  type: reconciler
  manifests:
    - "{{ now }}"
`;

const cdWorkflow = `on:
  workflow_dispatch:
    inputs:
      environment: { required: true }
      promoted_commit_id: { required: true }
`;

describe('warnings in the actions', () => {
  it('schedule: an unused Template that does not parse is a warning annotation and a summary line; the pull request is opened', async () => {
    const sample = await seedSample(github);
    const { sha: next } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { 'templates/leftover.yaml': unusedTemplate },
    });
    // The environment branch promotes the new main commit.
    const baseRepo = (await github.files(sample.controlPlane, 'dev'))['base-repo.yaml']!;
    await github.commit(sample.controlPlane, {
      branch: 'dev',
      files: { 'base-repo.yaml': baseRepo.replace(sample.main, next) },
    });
    const run = await runAction('schedule', {
      github: { url: github.url, repository: sample.controlPlane, token, runId: '42' },
      inputs: { environment: 'dev' },
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs['pull-request-operation']).toBe('created');
    expect(run.summary).toContain('⚠️ 1 warning (not failing the run)');
    expect(run.summary).toContain("Template 'leftover': manifest 1 does not parse");
    expect(run.log).toMatch(
      /::warning file=templates\/leftover\.yaml,line=8::templates\/leftover\.yaml:8: Template 'leftover': manifest 1 does not parse \(its line 1\): function "now" not defined/,
    );
    expect(run.log).not.toMatch(/::error /);
  });

  it('ci-gate: the same warning is annotated once, the commit is valid and CD starts', async () => {
    const sample = await seedSample(github, { environments: ['dev', 'stage'] });
    const { sha } = await github.commit(sample.controlPlane, {
      branch: 'main',
      files: { 'templates/leftover.yaml': unusedTemplate, '.github/workflows/cd.yaml': cdWorkflow },
    });
    const run = await runAction('ci-gate', {
      github: { url: github.url, repository: sample.controlPlane, token, sha, runId: '9' },
      inputs: {},
    });
    expect(run.exitCode, run.log).toBe(0);
    expect(run.outputs).toMatchObject({ valid: 'true', dispatched: 'true', problems: '0' });
    const annotations = run.log.match(/::warning file=templates\/leftover\.yaml,line=8::/g) ?? [];
    expect(annotations).toHaveLength(1);
    expect(run.summary).toContain('⚠️ 1 warning (not failing the run)');
  });
});
