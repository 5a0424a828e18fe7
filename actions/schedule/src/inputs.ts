import {
  checkMessageTemplate,
  DEFAULT_BODY_TEMPLATE,
  DEFAULT_COMMIT_TEMPLATE,
  DEFAULT_TITLE_TEMPLATE,
  isValidBranchName,
  type MergeMethod,
} from '@kalypso/core';
import { InputReader } from '@kalypso/github';

/** GitHub's limit on a label name, in characters. */
const LABEL_LIMIT = 50;

/** A token and the input it came from, for messages. */
export interface TokenInput {
  token: string;
  input: string;
}

export interface ScheduleInputs {
  environment: string;
  repository: string;
  controlPlaneToken: TokenInput;
  gitopsToken: TokenInput;
  workloadToken: TokenInput;
  /** Overrides of the GitOpsRepo's `owner/name` and branch; "" = from the GitOpsRepo. */
  gitopsRepository: string;
  gitopsBranch: string;
  pullRequestBranch: string;
  templates: { title: string; body: string; commit: string };
  labels: string[];
  reviewers: string[];
  teamReviewers: string[];
  draft: boolean;
  autoMerge: MergeMethod | undefined;
  setStatus: boolean;
  dryRun: boolean;
  /** The budget of rendered files (`KALYPSO_SCHEDULE_MAX_FILES`); undefined = the default. */
  maxFiles?: number;
  /** `full` (one runner) or a step of the sharded schedule (docs/sharded-schedule.md). */
  mode: ScheduleMode;
  /** `plan`: how many shards, or `auto`. */
  shards: number | 'auto';
  /** `render`: this job's shard. */
  shard: number;
  /** `render` and `join`: the plan job's `plan` output. */
  plan: string;
  /** GITHUB_RUN_ID: names this run's shard refs. */
  runId: string;
}

export type ScheduleMode = 'full' | 'plan' | 'render' | 'join';

/** GitHub's most jobs per matrix. */
const MAX_SHARDS = 256;

/**
 * Reads and checks every input, and the workflow's `KALYPSO_SCHEDULE_MAX_FILES` in `variables`,
 * reporting all problems at once.
 */
export function readInputs(
  get: (name: string) => string,
  variables: Readonly<Record<string, string | undefined>> = {},
): ScheduleInputs {
  const input = new InputReader(get);
  const environment = input.required('environment');
  if (environment !== '' && !isValidBranchName(environment))
    input.problem(
      `Input 'environment' is '${environment}', which is not a branch name. Pass the environment's branch, e.g. 'dev'.`,
    );
  const token = (name: string, fallback: TokenInput): TokenInput => {
    const value = input.text(name);
    return value === '' ? fallback : { token: value, input: name };
  };
  const controlPlaneToken = { token: input.required('github-token'), input: 'github-token' };
  const pullRequestBranch = input.text('pull-request-branch') || `kalypso/${environment}`;
  if (!isValidBranchName(pullRequestBranch))
    input.problem(
      `Input 'pull-request-branch' is '${pullRequestBranch}', which is not a branch name.`,
    );
  const gitopsBranch = input.text('gitops-branch');
  if (gitopsBranch !== '' && !isValidBranchName(gitopsBranch))
    input.problem(`Input 'gitops-branch' is '${gitopsBranch}', which is not a branch name.`);
  const templates = {
    title: input.text('title-template') || DEFAULT_TITLE_TEMPLATE,
    body: input.text('body-template') || DEFAULT_BODY_TEMPLATE,
    commit: input.text('commit-message-template') || DEFAULT_COMMIT_TEMPLATE,
  };
  for (const [name, template] of [
    ['title-template', templates.title],
    ['body-template', templates.body],
    ['commit-message-template', templates.commit],
  ] as const) {
    try {
      checkMessageTemplate(name, template);
    } catch (error) {
      input.problem((error as Error).message);
    }
  }
  const labels = input.list('labels');
  for (const label of labels) {
    // GitHub refuses a label name over 50 characters (422) only after the push: say so first.
    const characters = [...label];
    if (characters.length > LABEL_LIMIT)
      input.problem(
        `Input 'labels' has '${characters.slice(0, 60).join('')}${characters.length > 60 ? '…' : ''}' (${characters.length} characters): GitHub refuses label names over ${LABEL_LIMIT} characters. Shorten it.`,
      );
  }
  const autoMerge = input.boolean('auto-merge');
  const mergeMethod = input.oneOf<MergeMethod>('merge-method', ['merge', 'squash', 'rebase']);
  const inputs: ScheduleInputs = {
    environment,
    repository: input.repository('repository'),
    controlPlaneToken,
    gitopsToken: token('gitops-token', controlPlaneToken),
    workloadToken: token('workload-token', controlPlaneToken),
    gitopsRepository: input.repository('gitops-repository', false),
    gitopsBranch,
    pullRequestBranch,
    templates,
    labels,
    reviewers: input.list('reviewers'),
    teamReviewers: input.list('team-reviewers'),
    draft: input.boolean('draft'),
    autoMerge: autoMerge ? mergeMethod : undefined,
    setStatus: input.boolean('status'),
    dryRun: input.boolean('dry-run'),
    ...maxFiles(input, variables.KALYPSO_SCHEDULE_MAX_FILES),
    ...sharding(input, variables.GITHUB_RUN_ID ?? ''),
  };
  input.finish();
  return inputs;
}

/** `KALYPSO_SCHEDULE_MAX_FILES`, when the workflow sets it (a positive whole number). */
function maxFiles(input: InputReader, value: string | undefined): { maxFiles?: number } {
  if (value === undefined || value.trim() === '') return {};
  if (/^[1-9]\d*$/.test(value.trim())) return { maxFiles: Number(value.trim()) };
  input.problem(
    `The variable KALYPSO_SCHEDULE_MAX_FILES (the workflow's \`env:\`) is '${value.slice(0, 40)}': write a positive whole number of files, or remove it for the default budget.`,
  );
  return {};
}

/** `mode`, `shards`, `shard` and `plan`: what each mode needs is checked here, the plan's content by the use case. */
function sharding(
  input: InputReader,
  runId: string,
): Pick<ScheduleInputs, 'mode' | 'shards' | 'shard' | 'plan' | 'runId'> {
  const mode =
    input.text('mode') === ''
      ? 'full'
      : input.oneOf<ScheduleMode>('mode', ['full', 'plan', 'render', 'join']);
  const shardsText = input.text('shards').trim() || 'auto';
  let shards: number | 'auto' = 'auto';
  if (shardsText !== 'auto') {
    if (/^[1-9]\d{0,2}$/.test(shardsText) && Number(shardsText) <= MAX_SHARDS)
      shards = Number(shardsText);
    else
      input.problem(
        `Input 'shards' is '${shardsText.slice(0, 40)}': write a whole number from 1 to ${MAX_SHARDS} (GitHub's most jobs per matrix), or 'auto'.`,
      );
  }
  const shardText = input.text('shard').trim();
  let shard = 0;
  if (mode === 'render') {
    if (/^(0|[1-9]\d{0,2})$/.test(shardText)) shard = Number(shardText);
    else
      input.problem(
        `Input 'shard' is '${shardText.slice(0, 40)}': mode 'render' needs this job's shard, a whole number from 0 (\`shard: \${{ matrix.shard }}\`).`,
      );
  }
  const plan = input.text('plan');
  if ((mode === 'render' || mode === 'join') && plan.trim() === '')
    input.problem(
      `Input 'plan' is empty: mode '${mode}' needs the plan job's output (\`plan: \${{ needs.<plan job>.outputs.plan }}\`).`,
    );
  if (mode !== 'full' && mode !== 'plan' && !/^\d{1,20}$/.test(runId))
    input.problem(
      `GITHUB_RUN_ID is '${runId.slice(0, 40)}': mode '${mode}' runs in a GitHub Actions workflow run, which names the shard refs.`,
    );
  return { mode, shards, shard, plan, runId };
}
