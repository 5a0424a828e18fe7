import { isUserError } from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import type { GitHubClient } from './client.ts';
import { createWorkflowDispatcher } from './dispatcher.ts';

/** A client whose dispatch call GitHub refuses with `status` (a plain object, no network). */
function refusing(status: number, message: string): GitHubClient {
  const refusal = Object.assign(new Error(message), { status, response: { data: { message } } });
  const octokit = {
    rest: { actions: { createWorkflowDispatch: () => Promise.reject(refusal) } },
  };
  return {
    octokit: octokit as unknown as GitHubClient['octokit'],
    tokenInput: 'github-token',
    reporter: { debug() {}, info() {}, warning() {}, error() {}, group: (_, work) => work() },
  } as GitHubClient;
}

const request = { workflow: 'cd.yaml', ref: 'main', inputs: { environment: 'dev' } };

describe('createWorkflowDispatcher', () => {
  it('turns a refused dispatch (422) into a user error naming the workflow, its trigger and the ref', async () => {
    const dispatcher = createWorkflowDispatcher(
      refusing(422, "Workflow does not have 'workflow_dispatch' trigger"),
      'acme/cp',
    );
    const error: unknown = await dispatcher.dispatch(request).catch((e: unknown) => e);
    expect(isUserError(error)).toBe(true);
    expect((error as Error).message).toBe(
      "Dispatching workflow 'cd.yaml' on 'main' in 'acme/cp' failed: 422 Workflow does not have 'workflow_dispatch' trigger. Check that 'cd.yaml' exists on 'main' with an 'on: workflow_dispatch' trigger that declares the inputs 'environment', and that 'main' is a branch of 'acme/cp'.",
    );
  });

  it('leaves an outage (5xx) an unexpected error', async () => {
    const dispatcher = createWorkflowDispatcher(refusing(502, 'Bad Gateway'), 'acme/cp');
    const error: unknown = await dispatcher.dispatch(request).catch((e: unknown) => e);
    expect(isUserError(error)).toBe(false);
    expect((error as Error).message).toMatch(/failed: 502 Bad Gateway\.$/);
  });
});
