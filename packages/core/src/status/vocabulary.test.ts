import { describe, expect, it } from 'vitest';
import {
  CI_STATUS_CONTEXT,
  STATUS_DESCRIPTIONS,
  deployFailureStatus,
  deployedStatus,
  deployingStatus,
  deploymentUnknownStatus,
  environmentStatusContext,
  heldDescription,
  heldStatus,
  isDeploymentChecked,
  isDeploymentInProgress,
  isHeld,
  isScheduleFailure,
  isSuperseded,
  isUndeployedPromotion,
  problemsDescription,
  promotedStatus,
  scheduleFailureStatus,
  supersededStatus,
  validatingStatus,
  validationStatus,
} from './vocabulary.ts';

const sha = '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d';

describe('status vocabulary', () => {
  it('keeps the contexts byte-identical to Kalypso and ci-gate', () => {
    expect(environmentStatusContext('dev')).toBe('dev environment');
    expect(CI_STATUS_CONTEXT).toBe('Kalypso CI');
  });

  it('keeps every description byte-identical (branch protections depend on them)', () => {
    expect(STATUS_DESCRIPTIONS).toEqual({
      promoted: 'Promoted',
      deploying: 'Deploying',
      deployed: 'Deployed',
      failedToDeploy: 'Failed to deploy',
      failedToSchedule: 'Failed to schedule',
      deploymentUnknown: 'Deployment unknown: no evidence from the clusters',
      validating: 'Validating the control plane',
      valid: 'Valid',
      validationInterrupted: 'Validation did not finish: see the workflow run',
    });
  });

  it('builds each status with its state', () => {
    expect(promotedStatus()).toEqual({ state: 'pending', description: 'Promoted' });
    expect(supersededStatus(sha)).toEqual({ state: 'error', description: 'Superseded by 1a2b3c4' });
    expect(scheduleFailureStatus()).toEqual({
      state: 'failure',
      description: 'Failed to schedule',
    });
    expect(deployingStatus()).toEqual({ state: 'pending', description: 'Deploying' });
    expect(deployedStatus(false)).toEqual({ state: 'pending', description: 'Deployed' });
    expect(deployedStatus(true)).toEqual({ state: 'success', description: 'Deployed' });
    expect(deployFailureStatus()).toEqual({ state: 'failure', description: 'Failed to deploy' });
    expect(deploymentUnknownStatus()).toEqual({
      state: 'error',
      description: 'Deployment unknown: no evidence from the clusters',
    });
    expect(validatingStatus()).toEqual({
      state: 'pending',
      description: 'Validating the control plane',
    });
    expect(validationStatus(0)).toEqual({ state: 'success', description: 'Valid' });
    expect(validationStatus(1)).toEqual({ state: 'failure', description: '1 problem' });
    expect(validationStatus(3)).toEqual({ state: 'failure', description: '3 problems' });
    expect(problemsDescription(2)).toBe('2 problems');
  });

  it('tells an undeployed promotion (pending "Promoted") from anything else', () => {
    expect(isUndeployedPromotion(promotedStatus())).toBe(true);
    expect(isUndeployedPromotion({ state: 'success', description: 'Promoted' })).toBe(false);
    expect(isUndeployedPromotion(deployingStatus())).toBe(false);
    expect(isUndeployedPromotion(undefined)).toBe(false);
  });

  it('tells a schedule failure (failure "Failed to schedule") from anything else', () => {
    expect(isScheduleFailure(scheduleFailureStatus())).toBe(true);
    expect(isScheduleFailure(deployFailureStatus())).toBe(false);
    expect(isScheduleFailure({ state: 'error', description: 'Failed to schedule' })).toBe(false);
    expect(isScheduleFailure(undefined)).toBe(false);
  });

  it('tells a deployment in progress (pending "Deploying" or "Deployed") from a settled one', () => {
    expect(isDeploymentInProgress(deployingStatus())).toBe(true);
    expect(isDeploymentInProgress(deployedStatus(false))).toBe(true);
    expect(isDeploymentInProgress(deployedStatus(true))).toBe(false);
    expect(isDeploymentInProgress(promotedStatus())).toBe(false);
    expect(isDeploymentInProgress(deployFailureStatus())).toBe(false);
    expect(isDeploymentInProgress(deploymentUnknownStatus())).toBe(false);
    expect(isDeploymentInProgress(undefined)).toBe(false);
  });

  it('recognises a superseded promotion', () => {
    expect(isSuperseded(supersededStatus(sha))).toBe(true);
    expect(isSuperseded(promotedStatus())).toBe(false);
    expect(isSuperseded(undefined)).toBe(false);
  });

  it('says a held step in one line of at most 140 characters, and recognises it', () => {
    expect(heldDescription(["the freeze window 'year-end' is open"], 'until unlocked')).toBe(
      "Held: the freeze window 'year-end' is open (until unlocked)",
    );
    const until = heldStatus({
      description: heldDescription(['prod is locked'], 'opens Mon 6 Jan 08:00 UTC'),
    });
    expect(until).toEqual({
      state: 'pending',
      description: 'Held: prod is locked (opens Mon 6 Jan 08:00 UTC)',
    });
    const long = heldStatus({ description: `Held: ${'x'.repeat(300)}` });
    expect(long.description).toHaveLength(140);
    expect(long.description.endsWith('…')).toBe(true);
    const many = heldDescription(
      Array.from({ length: 12 }, (_, i) => `reason number ${i}`),
      'opens Mon 6 Jan 08:00 UTC',
    );
    expect(many.length).toBeLessThanOrEqual(140);
    expect(many).toMatch(/^Held: reason number 0; .* \+\d+ more \(opens Mon 6 Jan 08:00 UTC\)$/);
    expect(isHeld(until)).toBe(true);
    expect(isHeld(promotedStatus())).toBe(false);
    expect(isHeld({ state: 'error', description: 'Held: x' })).toBe(false);
  });

  it('reads back the no-evidence status of earlier releases as a checked deployment', () => {
    expect(isDeploymentChecked(deploymentUnknownStatus())).toBe(true);
    expect(
      isDeploymentChecked({
        state: 'error',
        description: 'Deployment unknown: no evidence from Azure Resource Graph',
      }),
    ).toBe(true);
    expect(isDeploymentChecked(promotedStatus())).toBe(false);
  });
});
