// `@kalypso/core/render`: the render and what is built on it (the template engine, the config
// schemas, the comparison of two renders, the preview, the sharded schedule and the main-commit
// gate). `@kalypso/core` (index.ts) holds the rest and the types of this; code that may not
// render imports this one dynamically, so that its bundle loads it only when it renders
// (docs/decisions/startup-cost.md).
export { renderEnvironment } from './render/render-environment.ts';
export { checkConfigData, validateConfigData } from './config/schema-validation.ts';
export * from './gate/index.ts';
export * from './render/compare.ts';
export * from './preview/index.ts';
export * from './shard/index.ts';
