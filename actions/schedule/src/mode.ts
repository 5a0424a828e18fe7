// Which use case a schedule step runs: the single-runner schedule (`mode: full`, the default) or
// one step of the sharded schedule (docs/sharded-schedule.md).
import {
  joinShards,
  planShards,
  renderShard,
  scheduleEnvironment,
  type ScheduleEnvironmentRequest,
  type ScheduleRunReport,
  type ShardedSchedulePorts,
} from '@kalypso/core';
import type { ScheduleInputs } from './inputs.ts';

export function runMode(
  request: ScheduleEnvironmentRequest &
    Pick<ScheduleInputs, 'mode' | 'shards' | 'shard' | 'plan' | 'runId'>,
  ports: ShardedSchedulePorts,
): Promise<ScheduleRunReport> {
  switch (request.mode) {
    case 'full':
      return scheduleEnvironment(request, ports);
    case 'plan':
      return planShards(request, ports);
    case 'render':
      return renderShard(request, ports);
    case 'join':
      return joinShards(request, ports);
  }
}
