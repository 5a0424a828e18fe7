// Where check-promote's evidence comes from (input `evidence`): each value names one adapter of
// the core's ComplianceSource port. A new source (commit statuses written by Flux or Argo CD, …)
// is one more value here and one adapter (docs/architecture.md, "Where new things go").
import { createAzureComplianceSource } from '@kalypso/azure';
import type { ComplianceSource, Reporter } from '@kalypso/core';
import { systemClock } from '@kalypso/github';
import type { CheckPromoteInputs } from './inputs.ts';

/** The adapter the inputs chose, built only when a use case waits for the clusters. */
export function evidenceSource(
  inputs: CheckPromoteInputs,
): (reporter: Reporter) => ComplianceSource {
  return (reporter) => createAzureComplianceSource(inputs.azure, { clock: systemClock, reporter });
}
