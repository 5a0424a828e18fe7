import type { WorkflowDispatcher } from '@kalypso/core';
import type { GitHubClient } from './client.ts';
import { describeFailure } from './errors.ts';

/** `workflow_dispatch` through `POST /repos/{owner}/{repo}/actions/workflows/{id}/dispatches`. */
export function createWorkflowDispatcher(
  client: GitHubClient,
  repository: string,
): WorkflowDispatcher {
  const [owner = '', repo = ''] = repository.split('/');
  return {
    async dispatch(request) {
      try {
        await client.octokit.rest.actions.createWorkflowDispatch({
          owner,
          repo,
          workflow_id: request.workflow,
          ref: request.ref,
          inputs: request.inputs,
        });
      } catch (error) {
        throw describeFailure(error, {
          activity: `Dispatching workflow '${request.workflow}' on '${request.ref}'`,
          repository,
          permission: 'actions: write',
          tokenInput: client.tokenInput,
          unprocessable: `Check that '${request.workflow}' exists on '${request.ref}' with an 'on: workflow_dispatch' trigger that declares the inputs ${Object.keys(
            request.inputs,
          )
            .map((name) => `'${name}'`)
            .join(', ')}, and that '${request.ref}' is a branch of '${repository}'.`,
        });
      }
    },
  };
}
