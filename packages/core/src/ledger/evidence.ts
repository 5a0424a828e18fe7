// The evidence counts of a deployment record: how many clusters reported the promoted commit and
// what each evidence source said, written into the description of the deployment status
// check-promote sets (`success`, `failure`, or `in_progress` while post-deployment steps decide)
// and read back from it. The deployment's payload is fixed when cd-promote creates it, so the
// status description is the one place a later run can add them (docs/decisions/deployments-ledger.md).

/** What a check saw, per cluster (a cluster counts once, whatever the number of sources). */
export interface EvidenceCounts {
  /** Clusters expected or seen. */
  readonly clusters: number;
  /** Clusters that reported the commit deployed (every source that spoke for them). */
  readonly deployed: number;
  readonly failed: number;
  /** Per evidence source, in the check's order: the clusters it reported deployed on the commit. */
  readonly bySource: readonly { readonly name: string; readonly deployed: number }[];
}

/** GitHub's limit on a deployment status's description. */
const DESCRIPTION_LIMIT = 140;

/**
 * `40 of 40 clusters reporting the commit; evidence: commit statuses 38, Resource Graph 40`
 * (`, 2 failed` after the first part when some failed; the evidence part left out when empty).
 */
export function evidenceCountsText(counts: EvidenceCounts): string {
  const failed = counts.failed > 0 ? `, ${counts.failed} failed` : '';
  const sources = counts.bySource.map((s) => `${s.name} ${s.deployed}`).join(', ');
  return `${counts.deployed} of ${counts.clusters} clusters reporting the commit${failed}${sources ? `; evidence: ${sources}` : ''}`;
}

/**
 * The record description: the status description, then ` · ` and the counts, when they fit
 * GitHub's 140 characters (without the per-source part if only that is too long); else the status
 * description alone.
 */
export function describeWithEvidence(description: string, counts: EvidenceCounts): string {
  for (const c of [counts, { ...counts, bySource: [] }]) {
    const text = `${description} · ${evidenceCountsText(c)}`;
    if ([...text].length <= DESCRIPTION_LIMIT) return text;
  }
  return description;
}

const COUNTS =
  /(?:^| · )(\d{1,9}) of (\d{1,9}) clusters reporting the commit(?:, (\d{1,9}) failed)?(?:; evidence: (.*))?$/;

/** The counts a record description carries, if any (what describeWithEvidence wrote). */
export function evidenceCountsOf(
  description: string | null | undefined,
): EvidenceCounts | undefined {
  const match = COUNTS.exec(description ?? '');
  if (!match) return undefined;
  const bySource: { name: string; deployed: number }[] = [];
  for (const part of (match[4] ?? '').split(', ')) {
    const source = /^([A-Za-z][A-Za-z ]{0,40}) (\d{1,9})$/.exec(part.trim());
    if (source) bySource.push({ name: source[1]!, deployed: Number(source[2]) });
  }
  return {
    clusters: Number(match[2]),
    deployed: Number(match[1]),
    failed: Number(match[3] ?? 0),
    bySource,
  };
}
