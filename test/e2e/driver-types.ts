// What the end-to-end driver works with: trigger events, finished job runs, and its options.
import type { Workflow } from './workflow-model.ts';

export interface TriggerEvent {
  readonly repo: string;
  readonly name: 'push' | 'workflow_dispatch';
  readonly branch: string;
  readonly sha: string;
  /** workflow_dispatch: the workflow file and its inputs. */
  readonly workflowFile?: string;
  readonly inputs?: Readonly<Record<string, string>>;
  /** push: the files the push changed. */
  readonly paths?: readonly string[];
}

export interface JobRun {
  readonly repo: string;
  readonly workflow: string;
  readonly job: string;
  readonly event: TriggerEvent;
  /** `cancelled`: replaced in its concurrency group before it started. */
  readonly conclusion: 'success' | 'failure' | 'skipped' | 'cancelled';
  /** The concurrency group the run or job waited in ('' when none). */
  readonly concurrencyGroup: string;
  readonly outputs: Record<string, string>;
  readonly stepOutputs: Record<string, Record<string, string>>;
  readonly summaries: string[];
  readonly started: number;
  readonly finished: number;
}

export interface DriverOptions {
  readonly github: { readonly url: string; readonly token: string };
  /** Workflows per repository (owner/name). */
  readonly workflows: Readonly<Record<string, readonly Workflow[]>>;
  readonly secrets: Readonly<Record<string, string>>;
  readonly vars: Readonly<Record<string, string>>;
  /** Environment of the runner machine for a job (NODE_EXTRA_CA_CERTS, ACTIONS_ID_TOKEN_REQUEST_* …), by the job's GitHub Environment. */
  readonly runnerEnv?: (environment: string | undefined) => Readonly<Record<string, string>>;
  /** Called for every step, decision and result: the live narrative. */
  readonly narrate?: (line: string) => void;
  /** A note on what a workflow run is for, narrated under its ▶ line (undefined: none). */
  readonly explainRun?: (workflow: Workflow, event: TriggerEvent) => string | undefined;
  /** Called when a step starts and when it ends (e.g. to show a progress indicator meanwhile). */
  readonly onStep?: (
    phase: 'start' | 'end',
    step: {
      readonly job: string;
      readonly label: string;
      readonly environment: string | undefined;
    },
  ) => void;
}
