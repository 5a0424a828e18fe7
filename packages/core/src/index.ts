export * from './go/values.ts';
export * from './ports.ts';
export type { TemplateFunction, FunctionTable } from './template/function-table.ts';
export * from './model/problem.ts';
export * from './model/limits.ts';
export * from './model/source.ts';
export * from './model/source-ignore.ts';
export * from './model/types.ts';
export {
  assembleEnvironment,
  type EnvironmentSources,
  type EnvironmentView,
  type AssembledEnvironment,
} from './model/environment.ts';
export { loadSource } from './model/load.ts';
export {
  deploymentTargetsOf,
  schedule,
  explainPair,
  type Assignment,
  type DeploymentTarget,
  type PairExplanation,
} from './model/schedule.ts';
export { selectorMatches } from './model/selector.ts';
export {
  parseGitHubRepositoryUrl,
  sameHost,
  tokenOrigin,
  type GitHubRepository,
} from './model/github-url.ts';
export {
  renderEnvironment,
  type RenderedEnvironment,
  type RenderOutcome,
  type RenderOptions,
} from './render/render-environment.ts';
export type { AssignmentPackage } from './render/assignment-package.ts';
export * from './gitops/tree.ts';
export * from './gitops/plan.ts';
export * from './compliance/index.ts';
export * from './promotion/index.ts';
export * from './status/index.ts';
export * from './publish/messages.ts';
export { parseTemplate, executeTemplate, TemplateError } from './template/index.ts';
export { templateFunctions, excludedFunctions } from './template/functions/index.ts';
export { formatValue, sprint, sprintf } from './go/format.ts';
export { marshalYaml, parseYaml11 } from './yaml/index.ts';
export {
  ConfigCollector,
  labelsMatchSubject,
  validateConfigData,
  type ConfigSubject,
  type PlatformConfigMap,
} from './config/index.ts';
export * from './publish/ports.ts';
export * from './publish/publish-environment.ts';
export * from './publish/schedule-environment.ts';
export * from './publish/promotion-markdown.ts';
export * from './retry.ts';
export * from './preview/index.ts';
