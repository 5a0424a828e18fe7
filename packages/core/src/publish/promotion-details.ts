// What schedule's pull request says about the promotion, gathered once there is something to
// propose: the promoted commit's subject and author, the commit the GitOps branch promoted before,
// and the config keys that change against it (docs/decisions/pull-request-promotion-details.md).
import { TRACKING_FILE } from '../gitops/tree.ts';
import { compareRenders, type ClusterTypePreview } from '../render/compare.ts';
import { renderEnvironment, type RenderedEnvironment } from '../render/render-environment.ts';
import type { GitOpsRepository } from './ports.ts';
import type { PromotedCommitFacts } from './promotion-markdown.ts';
import type { CommitStatusReader, ControlPlaneSources, Reporter } from '../ports.ts';
import { chainSkipContext, chainSkipOf } from '../status/vocabulary.ts';

/** Above this many rendered files the pull request does not compare config with the previous promotion. */
export const MAX_COMPARED_FILES = 10_000;

/**
 * What the pull request says about the promotion: the promoted commit's subject and author, the
 * commit the GitOps branch promoted before (its tracking file), and the config keys that change
 * against it (the environment rendered again with that commit, for environments up to
 * MAX_COMPARED_FILES files). Best effort: what cannot be read is left out, with a note in the log.
 */
export async function describePromotion(
  request: { environment: string },
  ports: { sources: ControlPlaneSources; reporter: Reporter; statuses?: CommitStatusReader },
  gitops: GitOpsRepository,
  base: string,
  rendered: RenderedEnvironment,
  /** Compare config keys with the previous promotion (false: a sharded join, which holds no rendered file). */
  options: { compareConfig: boolean } = { compareConfig: true },
): Promise<{
  promotedCommitFacts?: PromotedCommitFacts;
  previousPromotedCommit?: string;
  configChanges?: readonly ClusterTypePreview[];
  chainSkip?: { actor: string; reason: string };
}> {
  const promoted = rendered.baseRepo?.commit ?? '';
  if (promoted === '') return {};
  const { reporter } = ports;
  // Two repositories: asked at once. The skip of the chain, if cd-promote recorded one
  // (docs/decisions/gate-checks.md), is a status of its own on the promoted commit.
  const [facts, text, skipStatus] = await Promise.all([
    ports.sources.describeCommit?.(promoted),
    gitops.readText(base, TRACKING_FILE),
    ports.statuses?.latestStatus(promoted, chainSkipContext(request.environment)),
  ]);
  const chainSkip = chainSkipOf(skipStatus);
  const tracked = text?.trim() ?? '';
  const previous = /^[0-9a-f]{40}$/.test(tracked) ? tracked : undefined;
  const described = {
    ...(facts ? { promotedCommitFacts: { sha: promoted, ...facts } } : {}),
    ...(previous ? { previousPromotedCommit: previous } : {}),
    ...(chainSkip ? { chainSkip } : {}),
  };
  if (previous === undefined || previous === promoted || !options.compareConfig) return described;
  if (rendered.files.size > MAX_COMPARED_FILES) {
    reporter.info(
      `Config keys are not compared with ${previous.slice(0, 7)}: ${rendered.files.size} files is over ${MAX_COMPARED_FILES}.`,
    );
    return described;
  }
  const before = await ports.sources.readEnvironment(request.environment, {
    mainCommit: previous,
  });
  const outcome = before.sources ? renderEnvironment(before.sources) : undefined;
  if (!outcome?.ok) {
    reporter.info(
      `Config keys are not compared with ${previous.slice(0, 7)}: the environment does not render with it.`,
    );
    return described;
  }
  const preview = compareRenders(request.environment, outcome.rendered, rendered);
  return preview.kind === 'compared'
    ? { ...described, configChanges: preview.clusterTypes }
    : described;
}
