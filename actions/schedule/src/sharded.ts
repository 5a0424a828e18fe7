// The steps of the sharded schedule (docs/sharded-schedule.md), imported by mode.ts only when a
// step runs one: the single-runner schedule never loads them (docs/decisions/startup-cost.md).
export { joinShards, planShards, renderShard } from '@kalypso/core/render';
