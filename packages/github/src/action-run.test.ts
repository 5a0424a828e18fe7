import {
  ComplianceInputError,
  ControlPlaneError,
  isUserError,
  UserError,
  type Problem,
} from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import { InputError } from './action-inputs.ts';
import { failureReport } from './runner-log.ts';
import { describeFailure, GitHubAccessError } from './errors.ts';

/** A user error of a kind the runner has never heard of: it is reported like every other. */
class NewKindOfMistake extends UserError {
  constructor() {
    super(`base-repo.yaml:3: BaseRepo 'main': 'branch' is empty. Name the branch.`, [
      { file: 'base-repo.yaml', line: 3, object: "BaseRepo 'main'", message: "'branch' is empty" },
    ]);
    this.name = 'NewKindOfMistake';
  }
}

const problem: Problem = {
  file: 'dev/targets.yaml',
  line: 4,
  object: "DeploymentTarget 'api'",
  message: "'environment' is missing. Add it.",
};

describe('failureReport', () => {
  it('reports every UserError by its message alone, whatever its class', () => {
    const errors: UserError[] = [
      new InputError(["Input 'environment' is required."]),
      new ControlPlaneError([problem]),
      describeFailure(
        { status: 403, message: 'Resource not accessible by integration' },
        {
          activity: 'Setting commit status',
          repository: 'org/cp',
          permission: 'statuses: write',
          tokenInput: 'github-token',
        },
      ) as GitHubAccessError,
      new ComplianceInputError(['gitops-repo: not a URL.']),
      new NewKindOfMistake(),
      new UserError('Something the user can fix. Do this.'),
    ];
    for (const error of errors) {
      expect(isUserError(error)).toBe(true);
      expect(failureReport(error)).toEqual({ message: error.message });
    }
  });

  it('keeps the texts of the user errors', () => {
    expect(failureReport(new InputError(["Input 'a' is required."])).message).toBe(
      "Input 'a' is required.",
    );
    expect(failureReport(new InputError(['first.', 'second.'])).message).toBe(
      'The inputs have 2 problems:\n  first.\n  second.',
    );
    expect(failureReport(new ControlPlaneError([problem])).message).toBe(
      "The control plane has 1 problem:\n  dev/targets.yaml:4: DeploymentTarget 'api': 'environment' is missing. Add it.",
    );
    expect(failureReport(new ComplianceInputError(['a.', 'b.'])).message).toBe('a.\nb.');
  });

  it('gives the stack of anything else to the debug log: a bug or an outage', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'name')");
    const report = failureReport(bug);
    expect(report.message).toBe("Cannot read properties of undefined (reading 'name')");
    expect(report.debugStack).toBe(bug.stack);
    expect(report.debugStack).toMatch(/^TypeError: Cannot read properties/);
  });

  it('reports a thrown non-error as its text', () => {
    expect(failureReport('socket hang up')).toEqual({ message: 'socket hang up' });
  });
});

describe('UserError', () => {
  it('carries its problems, or one problem holding its message', () => {
    expect(new ControlPlaneError([problem]).problems).toEqual([problem]);
    expect(new UserError('Fix the token.').problems).toEqual([{ message: 'Fix the token.' }]);
    expect(new InputError(['a.', 'b.']).problems).toEqual([{ message: 'a.' }, { message: 'b.' }]);
  });

  it('keeps the name of each kind, for logs', () => {
    expect(new InputError(['a.']).name).toBe('InputError');
    expect(new ControlPlaneError([problem]).name).toBe('ControlPlaneError');
    expect(new GitHubAccessError('x').name).toBe('GitHubAccessError');
    expect(new NewKindOfMistake().name).toBe('NewKindOfMistake');
  });
});
