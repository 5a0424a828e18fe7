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
type Concurrency = string | { group: string; 'cancel-in-progress'?: boolean | string };
interface Job {
  permissions?: Record<string, string> | string;
  concurrency?: Concurrency;
  steps: Step[];
}
interface Workflow {
  permissions?: Record<string, string> | string;
  concurrency?: Concurrency;
  jobs: Record<string, Job>;
}

/** Every concurrency group of the examples with the group name an environment resolves to. */
function scheduleGroups(): { where: string; group: string }[] {
  const found: { where: string; group: string }[] = [];
  for (const file of examples) {
    const workflow = parse(
      readFileSync(join(root, 'workflows-examples', file), 'utf8'),
    ) as Workflow;
    for (const [jobId, job] of Object.entries(workflow.jobs)) {
      const concurrency = job.concurrency ?? workflow.concurrency;
      if (concurrency === undefined) continue;
      const group = typeof concurrency === 'string' ? concurrency : concurrency.group;
      found.push({
        where: `${file} ${jobId}`,
        group: group
          .replace(/\$\{\{\s*(inputs\.environment|github\.ref_name)\s*\}\}/g, '<env>')
          .toLowerCase(),
      });
    }
  }
  return found;
}

describe('workflow examples', () => {
  it('render an environment one run at a time: cd.yaml and schedule.yaml share one group per environment', () => {
    expect(scheduleGroups()).toEqual([
      { where: 'control-plane/cd.yaml schedule', group: 'kalypso-schedule-<env>' },
      {
        where: 'control-plane/preview.yaml preview',
        group: 'kalypso-preview-${{ github.event.pull_request.number }}',
      },
      { where: 'control-plane/schedule-sharded.yaml plan', group: 'kalypso-schedule-<env>' },
      { where: 'control-plane/schedule-sharded.yaml render', group: 'kalypso-schedule-<env>' },
      { where: 'control-plane/schedule-sharded.yaml join', group: 'kalypso-schedule-<env>' },
      { where: 'control-plane/schedule.yaml schedule', group: 'kalypso-schedule-<env>' },
    ]);
  });

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

    it('puts no promotion, gate or deployment check in a concurrency group (a waiting one could be cancelled)', () => {
      // GitHub keeps one waiting run per group and cancels the older one (docs/concurrency.md).
      for (const [jobId, job] of Object.entries(workflow.jobs)) {
        const group = job.concurrency ?? workflow.concurrency;
        const actions = job.steps.map((s) => /kalypso-actions\/([\w-]+)@/.exec(s.uses ?? '')?.[1]);
        // A preview only reads and comments: a newer push of the same pull request supersedes it,
        // so its per-pull-request group may cancel the older run.
        if (actions.includes('preview')) {
          expect(group, `${file} ${jobId}`).toMatchObject({
            group: expect.stringContaining('github.event.pull_request.number'),
            'cancel-in-progress': true,
          });
          continue;
        }
        if (actions.some((a) => a && a !== 'schedule'))
          expect(group, `${file} ${jobId} runs ${actions.join(', ')}`).toBeUndefined();
        if (group !== undefined) {
          expect(actions, `${file} ${jobId}: only rendering may wait in a group`).toEqual([
            'schedule',
          ]);
          expect(group, `${file} ${jobId}`).toMatchObject({ 'cancel-in-progress': false });
        }
      }
    });

    it('never interpolates expressions into a shell script', () => {
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps) if (step.run) expect(step.run).not.toMatch(/\$\{\{/);
      }
    });
  });
});
