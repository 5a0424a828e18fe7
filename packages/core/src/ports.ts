/**
 * Ports: the capabilities use cases need from the outside world, in domain terms. Adapters in
 * packages/github and packages/azure implement them; tests use the real adapters against local
 * servers.
 */

/** Where progress and diagnostics go (the Actions log, the CLI's stderr). */
export interface Reporter {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string, where?: SourcePosition): void;
  error(message: string, where?: SourcePosition): void;
  /** Runs `work` inside a collapsible log group named like an activity ("Rendering environment 'dev'"). */
  group<T>(title: string, work: () => Promise<T>): Promise<T>;
}

/** A position in a control-plane file, for annotations. */
export interface SourcePosition {
  file: string;
  line?: number;
}

/** Time, injected so that retries and polling are testable without sleeping. */
export interface Clock {
  now(): number;
  sleep(milliseconds: number): Promise<void>;
}

export type CommitState = 'pending' | 'success' | 'failure' | 'error';

/** Commit statuses on the control-plane repository (context `<env> environment`). */
export interface CommitStatusWriter {
  setStatus(status: {
    sha: string;
    state: CommitState;
    context: string;
    description: string;
    targetUrl?: string;
  }): Promise<void>;
}

/** Reads commit statuses back (to tell a superseded promotion from a live one). */
export interface CommitStatusReader {
  /** The latest status of `context` on `sha`; undefined when there is none or the commit is unknown. */
  latestStatus(
    sha: string,
    context: string,
  ): Promise<{ state: CommitState; description: string } | undefined>;
}

/** Starts a workflow run by `workflow_dispatch`. */
export interface WorkflowDispatcher {
  dispatch(request: {
    workflow: string;
    ref: string;
    inputs: Record<string, string>;
  }): Promise<void>;
}
