export * from './split.ts';
export * from './plan.ts';
export * from './check.ts';
export * from './shard-schedule.ts';
