// `mode: sweep` with a policy: after the held promotions, the merge gates of the GitOps pull
// requests (docs/decisions/policy-merge-gate.md). Without `gitops-token` they are left as they
// are, and the summary says so.
import {
  readPromotionChainFile,
  refreshMergeGates,
  type MergeGateRefreshPorts,
  type SweepReport,
} from '@kalypso/core';

export async function withMergeGates(
  sweep: SweepReport,
  chain: { file: string; read(): Promise<string | undefined> },
  request: { serverUrl: string; targetUrl?: string },
  ports: MergeGateRefreshPorts | undefined,
): Promise<SweepReport> {
  const text = await chain.read();
  if (text === undefined) return sweep;
  let file: ReturnType<typeof readPromotionChainFile>;
  try {
    file = readPromotionChainFile(text, chain.file);
  } catch {
    return sweep; // the sweep has read the same file and said what is wrong with it
  }
  if (!file.declaresPolicy) return sweep;
  if (!ports) return { ...sweep, mergeGates: 'not-refreshed' };
  const environments = sweep.environments.map((e) => e.environment);
  const mergeGates = await refreshMergeGates(
    { ...request, environments, policy: file.policy },
    ports,
  );
  return { ...sweep, mergeGates };
}
