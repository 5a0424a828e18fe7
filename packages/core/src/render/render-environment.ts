import { ConfigCollector } from '../config/index.ts';
import { generatedFiles, normaliseGitOpsPath } from '../gitops/tree.ts';
import {
  assembleEnvironment,
  type EnvironmentSources,
  type EnvironmentView,
} from '../model/environment.ts';
import type { Problem } from '../model/problem.ts';
import {
  deploymentTargetsOf,
  schedule,
  type Assignment,
  type DeploymentTarget,
} from '../model/schedule.ts';
import type { BaseRepo, GitOpsRepo } from '../model/types.ts';
import { isPackage, renderAssignment, type AssignmentPackage } from './assignment-package.ts';
import { compileTemplates } from './template-cache.ts';

/** A successfully rendered environment: the scheduling result and the files the scheduler owns. */
export interface RenderedEnvironment {
  readonly view: EnvironmentView;
  readonly targets: readonly DeploymentTarget[];
  readonly assignments: readonly Assignment[];
  readonly packages: readonly AssignmentPackage[];
  /** The BaseRepo named `main` (supplies Promoted_Commit_Id), when there is one. */
  readonly baseRepo: BaseRepo | undefined;
  readonly gitOpsRepo: GitOpsRepo | undefined;
  /** Normalised GitOpsRepo spec.path ("" = repository root). */
  readonly gitopsPath: string;
  /** Generated files keyed by repository path, to be applied with `applyGeneratedFiles`. */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

export type RenderOutcome =
  | { readonly ok: true; readonly rendered: RenderedEnvironment; readonly notes: readonly string[] }
  | {
      readonly ok: false;
      readonly problems: readonly Problem[];
      readonly notes: readonly string[];
    };

/**
 * Renders one environment: load and validate every source, derive deployment targets, schedule
 * them, render every assignment and lay out the GitOps files. Pure and deterministic. All
 * problems are collected (D8); when there is any, nothing is rendered.
 */
export function renderEnvironment(sources: EnvironmentSources): RenderOutcome {
  const { view, problems: loadProblems, notes } = assembleEnvironment(sources);
  const problems: Problem[] = [...loadProblems];
  const templates = compileTemplates(view.templates, problems);
  const targets = deploymentTargetsOf(view, problems);
  if (problems.length > 0) return { ok: false, problems, notes };

  const assignments = schedule(view, targets);
  const context = {
    view,
    templates,
    config: new ConfigCollector(
      view.configMaps.map((c) => ({ name: c.name, labels: c.labels, data: c.data })),
    ),
  };
  const packages: AssignmentPackage[] = [];
  for (const assignment of assignments) {
    const result = renderAssignment(context, assignment);
    if (isPackage(result)) packages.push(result);
    else problems.push(result);
  }
  if (problems.length > 0) return { ok: false, problems, notes };

  const baseRepo = view.baseRepos.find((b) => b.name === 'main');
  const gitOpsRepo = view.gitOpsRepos[0];
  const gitopsPath = normaliseGitOpsPath(gitOpsRepo?.path ?? '.');
  const files = generatedFiles({
    clusterTypes: view.clusterTypes.map((c) => c.name),
    packages,
    promotedCommit: baseRepo?.commit ?? '',
    path: gitopsPath,
  });
  return {
    ok: true,
    rendered: { view, targets, assignments, packages, baseRepo, gitOpsRepo, gitopsPath, files },
    notes,
  };
}
