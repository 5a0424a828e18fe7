// The parts of a GitHub workflow file the end-to-end driver executes: triggers (push with branch
// filters, workflow_dispatch with inputs), jobs in `needs` order, job/step `if`, step `uses`/`run`,
// `with`, `env`, `id`, job `outputs`, `concurrency`, `environment`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export interface WorkflowStep {
  readonly id?: string;
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly with?: Readonly<Record<string, string | number | boolean>>;
  readonly env?: Readonly<Record<string, string>>;
  readonly if?: string | boolean;
  readonly 'continue-on-error'?: boolean;
}

export interface WorkflowJob {
  readonly name?: string;
  readonly needs?: string | readonly string[];
  readonly if?: string | boolean;
  readonly environment?: string | { name: string; deployment?: boolean; url?: string };
  readonly permissions?: Readonly<Record<string, string>> | string;
  readonly outputs?: Readonly<Record<string, string>>;
  readonly concurrency?: string | { group: string; 'cancel-in-progress'?: boolean | string };
  readonly env?: Readonly<Record<string, string>>;
  readonly steps: readonly WorkflowStep[];
}

export interface Workflow {
  readonly file: string;
  readonly name: string;
  readonly on: {
    readonly push?: {
      branches?: string[];
      'branches-ignore'?: string[];
      paths?: string[];
      'paths-ignore'?: string[];
    } | null;
    readonly workflow_dispatch?: {
      inputs?: Record<string, { required?: boolean; default?: string; type?: string }>;
    } | null;
  };
  readonly env?: Readonly<Record<string, string>>;
  readonly concurrency?: string | { group: string; 'cancel-in-progress'?: boolean | string };
  readonly permissions?: Readonly<Record<string, string>> | string;
  readonly jobs: Readonly<Record<string, WorkflowJob>>;
}

/** Every `*.yaml`/`*.yml` workflow in a folder, by file name. */
export function loadWorkflows(dir: string): Workflow[] {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((file) => {
      const raw = parse(readFileSync(join(dir, file), 'utf8')) as Omit<Workflow, 'file'> & {
        on: unknown;
      };
      const on =
        typeof raw.on === 'string'
          ? { [raw.on]: null }
          : Array.isArray(raw.on)
            ? Object.fromEntries(raw.on.map((e: string) => [e, null]))
            : raw.on;
      return { ...raw, on: on as Workflow['on'], file };
    });
}

/** GitHub's branch filter globs: `*` stops at `/`, `**` does not, `?` one character. */
export function globMatches(pattern: string, value: string): boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`).test(value);
}

/** Whether a push of `branch` touching `paths` triggers the workflow. */
export function pushTriggers(
  workflow: Workflow,
  branch: string,
  paths: readonly string[],
): boolean {
  if (!('push' in workflow.on)) return false;
  const push = workflow.on.push ?? {};
  if (push.branches && !push.branches.some((p) => globMatches(p, branch))) return false;
  if (push['branches-ignore']?.some((p) => globMatches(p, branch))) return false;
  if (push.paths && !paths.some((f) => push.paths!.some((p) => globMatches(p, f)))) return false;
  if (
    push['paths-ignore'] &&
    paths.every((f) => push['paths-ignore']!.some((p) => globMatches(p, f)))
  )
    return false;
  return true;
}

/** Job ids in an order that respects `needs`. */
export function jobOrder(workflow: Workflow): string[] {
  const order: string[] = [];
  const visit = (id: string, trail: string[]) => {
    if (order.includes(id)) return;
    if (trail.includes(id)) throw new Error(`${workflow.file}: jobs form a cycle through '${id}'`);
    const job = workflow.jobs[id];
    if (!job) throw new Error(`${workflow.file}: job '${trail.at(-1)}' needs unknown job '${id}'`);
    for (const need of needsOf(job)) visit(need, [...trail, id]);
    order.push(id);
  };
  for (const id of Object.keys(workflow.jobs)) visit(id, []);
  return order;
}

export function needsOf(job: WorkflowJob): string[] {
  return job.needs === undefined
    ? []
    : typeof job.needs === 'string'
      ? [job.needs]
      : [...job.needs];
}
