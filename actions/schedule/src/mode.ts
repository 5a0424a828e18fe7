// Which use case a schedule step runs: the single-runner schedule (`mode: full`, the default) or
// one step of the sharded schedule (docs/sharded-schedule.md), imported when a step runs one.
import {
  scheduleEnvironment,
  type ScheduleEnvironmentRequest,
  type ScheduleRunReport,
  type ShardedSchedulePorts,
} from '@kalypso/core';
import type { ScheduleInputs } from './inputs.ts';

export async function runMode(
  request: ScheduleEnvironmentRequest &
    Pick<ScheduleInputs, 'mode' | 'shards' | 'shard' | 'plan' | 'runId'>,
  ports: ShardedSchedulePorts,
): Promise<ScheduleRunReport> {
  if (request.mode === 'full') return scheduleEnvironment(request, ports);
  const sharded = await import('./sharded.ts');
  switch (request.mode) {
    case 'plan':
      return sharded.planShards(request, ports);
    case 'render':
      return sharded.renderShard(request, ports);
    case 'join':
      return sharded.joinShards(request, ports);
  }
}
