// Every example workflow: valid against GitHub's own workflow schema (@actions/workflow-parser,
// the parser behind GitHub's Actions language server), and every step that uses one of our
// actions names an existing action, passes only inputs it declares and every required one.
// Plus the house rules: least-privilege permissions, concurrency, no expressions inlined in shell.
import { NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readActionMetadata } from '../scripts/action-catalog.ts';

const root = resolve(import.meta.dirname, '..');
const examples = ['control-plane', 'gitops'].flatMap((folder) =>
  readdirSync(join(root, 'workflows-examples', folder))
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => `${folder}/${f}`),
);

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: Record<string, string> | string;
  steps: Step[];
}
interface Workflow {
  permissions?: Record<string, string> | string;
  concurrency?: unknown;
  jobs: Record<string, Job>;
}

describe('workflow examples', () => {
  it('exist for both repositories', () => {
    expect(examples).toEqual(
      expect.arrayContaining([
        'control-plane/ci.yaml',
        'control-plane/cd.yaml',
        'control-plane/check-promote.yaml',
        'control-plane/preview.yaml',
        'gitops/notify-control-plane.yaml',
      ]),
    );
  });

  it('has a schema check that rejects a broken workflow (the check can fail)', () => {
    const broken = 'on:\n  pushh: {}\njobs:\n  a:\n    runs-on: ubuntu-latest\n    stepz: []\n';
    const result = parseWorkflow(
      { name: 'broken.yaml', content: broken },
      new NoOperationTraceWriter(),
    );
    expect(result.context.errors.getErrors().length).toBeGreaterThan(0);
  });

  describe.each(examples)('%s', (file) => {
    const content = readFileSync(join(root, 'workflows-examples', file), 'utf8');
    const workflow = parse(content) as Workflow;

    it('is valid against the GitHub workflow schema', () => {
      const result = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
      expect(result.context.errors.getErrors().map((e) => e.message)).toEqual([]);
      expect(result.value).toBeDefined();
    });

    it('uses our actions with declared inputs only and every required input', () => {
      for (const [jobId, job] of Object.entries(workflow.jobs)) {
        for (const step of job.steps) {
          const ours = /^[\w.-]+\/kalypso-actions\/([\w-]+)@v\d+$/.exec(step.uses ?? '');
          if (!step.uses) continue;
          expect(
            ours,
            `${file} ${jobId}: '${step.uses}' is not one of our actions (third-party actions must be pinned to a commit)`,
          ).not.toBeNull();
          const meta = readActionMetadata(root, ours![1]!);
          const given = Object.keys(step.with ?? {});
          for (const name of given)
            expect(
              Object.keys(meta.inputs ?? {}),
              `${file} ${jobId}: input '${name}' of ${ours![1]}`,
            ).toContain(name);
          for (const [name, input] of Object.entries(meta.inputs ?? {})) {
            if (input.required && input.default === undefined)
              expect(given, `${file} ${jobId}: required input '${name}' of ${ours![1]}`).toContain(
                name,
              );
          }
        }
      }
    });

    it('grants no permission at the top and explicit least permissions per job', () => {
      expect(workflow.permissions).toEqual({});
      for (const [jobId, job] of Object.entries(workflow.jobs)) {
        expect(typeof job.permissions, `${file} ${jobId}`).toBe('object');
        expect(Object.values(job.permissions as object), `${file} ${jobId}`).not.toContain(
          'write-all',
        );
        const idToken = (job.permissions as Record<string, string>)['id-token'];
        const usesAzure = job.steps.some((s) => JSON.stringify(s.with ?? {}).includes('azure-'));
        if (idToken)
          expect(usesAzure, `${file} ${jobId}: id-token: write only where Azure is used`).toBe(
            true,
          );
      }
    });

    it('serialises runs with a concurrency group that never cancels a promotion in flight', () => {
      expect(workflow.concurrency).toMatchObject({ 'cancel-in-progress': false });
    });

    it('never interpolates expressions into a shell script', () => {
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps) if (step.run) expect(step.run).not.toMatch(/\$\{\{/);
      }
    });
  });
});
