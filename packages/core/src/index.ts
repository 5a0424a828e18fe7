// The Go layer (values, text/template, fmt, go-yaml) lives in @kalypso/gotemplate; the parts the
// adapters, the CLI and the actions use are re-exported here so they depend on one package.
export {
  GoInt,
  GoMap,
  GoStruct,
  int64,
  goInteger,
  typedSlice,
  nilSlice,
  isNilSlice,
  sliceElement,
  goTypeName,
  goKindName,
  goStringBytes,
  goStringFromBytes,
  isGoMap,
  type GoValue,
  type GoIntType,
  type GoKey,
  type GoMapType,
  parseTemplate,
  executeTemplate,
  TemplateError,
  templateFunctions,
  excludedFunctions,
  type TemplateFunction,
  type FunctionTable,
  formatValue,
  sprint,
  sprintf,
  marshalYaml,
  parseYaml11,
} from '@kalypso/gotemplate';
export * from './ports.ts';
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
  hasUrlCredentials,
  parseGitHubRepositoryUrl,
  redactUrlCredentials,
  repositoryUrlProblem,
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
export * from './markdown/markdown.ts';
