// Where check-promote's evidence comes from (input `evidence`): each value names one adapter of
// the core's ComplianceSource port, or both of them required together
// (docs/decisions/commit-status-evidence.md).
import { createAzureComplianceSource } from '@kalypso/azure';
import { combineComplianceSources, type ComplianceSource, type Reporter } from '@kalypso/core';
import { createStatusComplianceSource, systemClock, type RunnerContext } from '@kalypso/github';
import type { CheckPromoteInputs } from './inputs.ts';

/** The adapter the inputs chose, built only when a use case waits for the clusters. */
export function evidenceSource(
  inputs: CheckPromoteInputs,
  endpoints: RunnerContext,
): (reporter: Reporter) => ComplianceSource {
  return (reporter) => {
    // A class instance (the Azure source): wrapped, not spread, so its methods stay.
    const source = chosen(reporter);
    return {
      name: inputs.evidence,
      summarize: (target, options) => source.summarize(target, options),
      listConfigurations: (target, request, options) =>
        source.listConfigurations(target, request, options),
    };
  };
  function chosen(reporter: Reporter): ComplianceSource {
    const azure = () => createAzureComplianceSource(inputs.azure, { clock: systemClock, reporter });
    const statuses = () => {
      const { token, tokenInput, ...settings } = inputs.commitStatuses;
      return createStatusComplianceSource(
        settings,
        { token, tokenInput, apiUrl: endpoints.apiUrl, serverUrl: endpoints.serverUrl },
        reporter,
      );
    };
    switch (inputs.evidence) {
      case 'commit-statuses':
        return statuses();
      case 'both':
        return combineComplianceSources([
          { name: 'Azure Resource Graph', source: azure() },
          { name: 'commit statuses', source: statuses() },
        ]);
      default:
        return azure();
    }
  }
}
