// One step of a job, as the runner executes it: our actions from their committed bundles through
// the runner contract, `run:` steps with bash; plus the job token's permissions and the
// concurrency group of a workflow or job.
import { spawn } from 'node:child_process';
import type { TokenPermissions } from '../support/github-server/state.ts';
import { runAction } from '../support/run-action.ts';
import { interpolate, type ExpressionContext } from './expressions.ts';
import type { TriggerEvent } from './driver-types.ts';
import type { Workflow, WorkflowJob, WorkflowStep } from './workflow-model.ts';

const ACTION_USES =
  /^[\w.-]+\/kalypso-actions\/(ci-gate|cd-promote|schedule|check-promote|notify)@v\d+$/;

/** Runs one step; `job` says which event, token and runner environment it runs with. */
export async function runStep(
  step: WorkflowStep,
  context: ExpressionContext,
  job: {
    githubUrl: string;
    runId: string;
    event: TriggerEvent;
    token: string;
    workflow: string;
    env: Record<string, string>;
    runner: Readonly<Record<string, string>>;
  },
): Promise<{
  exitCode: number;
  outputs: Record<string, string>;
  summary?: string;
  note?: string;
  log: string;
}> {
  const stepEnv = Object.fromEntries(
    Object.entries({ ...job.env, ...(step.env ?? {}) }).map(([k, v]) => [
      k,
      interpolate(String(v), context),
    ]),
  );
  if (step.uses) {
    const match = ACTION_USES.exec(step.uses);
    if (!match)
      throw new Error(`the driver only runs kalypso-actions steps; '${step.uses}' is not one`);
    const inputs = Object.fromEntries(
      Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), context)]),
    );
    const result = await runAction(match[1]!, {
      inputs,
      github: {
        url: job.githubUrl,
        repository: job.event.repo,
        token: job.token,
        sha: job.event.sha,
        ref: `refs/heads/${job.event.branch}`,
        eventName: job.event.name,
        workflow: job.workflow,
        runId: job.runId,
      },
      env: { ...job.runner, ...stepEnv },
    });
    const note = Object.entries(result.outputs)
      .filter(
        ([k, v]) =>
          v !== '' &&
          /operation|number|state|dispatched|changed|valid|next-environment|compliant|total/.test(
            k,
          ),
      )
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    return {
      exitCode: result.exitCode,
      outputs: result.outputs,
      summary: result.summary,
      note,
      log: result.log,
    };
  }
  if (step.run) {
    const script = interpolate(step.run, context);
    const { code, output } = await bash(script, {
      ...stepEnv,
      GITHUB_SHA: job.event.sha,
      GITHUB_REF_NAME: job.event.branch,
    });
    return {
      exitCode: code,
      outputs: {},
      log: output,
      note: output.trim().split('\n').pop() ?? '',
    };
  }
  throw new Error('a step needs `uses` or `run`');
}

export function groupOf(concurrency: WorkflowJob['concurrency']): string {
  if (concurrency === undefined) return '';
  return typeof concurrency === 'string' ? concurrency : concurrency.group;
}

/** The job token's permissions: the job's `permissions:` block, else the workflow's. */
export function jobPermissions(workflow: Workflow, job: WorkflowJob): TokenPermissions {
  const block = job.permissions ?? workflow.permissions;
  if (block === undefined || typeof block === 'string') {
    if (block === 'read-all')
      return {
        contents: 'read',
        metadata: 'read',
        statuses: 'read',
        pull_requests: 'read',
        actions: 'read',
        issues: 'read',
        deployments: 'read',
      };
    if (block === undefined || block === 'write-all')
      return {
        contents: 'write',
        metadata: 'read',
        statuses: 'write',
        pull_requests: 'write',
        actions: 'write',
        issues: 'write',
        deployments: 'write',
      };
    return {};
  }
  const out: TokenPermissions = { metadata: 'read' };
  for (const [scope, level] of Object.entries(block)) {
    const key = scope.replace(/-/g, '_') as keyof TokenPermissions;
    if (level === 'read' || level === 'write') out[key] = level;
  }
  return out;
}

function bash(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
