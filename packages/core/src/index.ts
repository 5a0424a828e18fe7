// The public face of @kalypso/core. The Go layer (values, text/template, fmt, go-yaml) is
// @kalypso/gotemplate: core uses it and re-exports none of it. What renders (the template engine,
// the config schemas, and the use cases built on the render) is `@kalypso/core/render`
// (render.ts): this file reaches none of it, so that a bundle that imports only this one can load
// the render when a run needs it (docs/decisions/startup-cost.md). Its types are here too.
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
export { firstObjectIn, objectsIn } from './model/objects-in.ts';
export { LoadCache } from './model/load-cache.ts';
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
export type {
  RenderedEnvironment,
  RenderOutcome,
  RenderOptions,
  RenderMemoOptions,
} from './render/render-environment.ts';
export { RenderMemo, RENDER_ENGINE_VERSION } from './render/render-key.ts';
export { blobObject, indexFolderTrees, type FolderTree } from './render/folder-trees.ts';
export {
  CHUNK_CLUSTER_TYPE,
  chunkRefLine,
  splitChunkRefs,
  withChunks,
  type ChunkRef,
} from './render/chunk-refs.ts';
export * from './model/gitops-path.ts';
export * from './gitops/tree.ts';
export * from './gitops/plan.ts';
export * from './compliance/index.ts';
export * from './policy/index.ts';
export * from './ledger/index.ts';
export * from './promotion/index.ts';
export * from './deployment/index.ts';
export type * from './gate/index.ts';
export * from './status/index.ts';
export * from './publish/messages.ts';
export { notedTree, type NotedTree } from './publish/noted-tree.ts';
export { labelsMatchSubject, type ConfigSubject, type PlatformConfigMap } from './config/labels.ts';
export { ConfigCollector } from './config/collector.ts';
export * from './publish/ports.ts';
export * from './publish/publish-environment.ts';
export * from './publish/schedule-environment.ts';
export * from './publish/schedule-target.ts';
export * from './publish/refresh-merge-gates.ts';
export * from './publish/promotion-markdown.ts';
export * from './retry.ts';
export { mapBounded, settleBounded } from './bounded.ts';
export type * from './render/compare.ts';
export * from './preview/markdown.ts';
export * from './preview/ports.ts';
export * from './preview/text.ts';
export * from './preview/private-content.ts';
export type * from './preview/preview-pull-request.ts';
export type * from './preview/artifact.ts';
export * from './markdown/markdown.ts';
/** "Did you mean" for names typed by users (the CLI's commands, options and environments). */
export { didYouMean } from './model/did-you-mean.ts';
export * from './shard/split.ts';
export * from './shard/plan.ts';
export type * from './shard/check.ts';
export type * from './shard/counts.ts';
export type * from './shard/shard-steps.ts';
export type * from './shard/render-shard.ts';
export type * from './shard/shard-schedule.ts';
