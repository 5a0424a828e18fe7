export * from './split.ts';
export * from './plan.ts';
export * from './check.ts';
export * from './counts.ts';
export * from './shard-steps.ts';
export * from './render-shard.ts';
export * from './shard-schedule.ts';
