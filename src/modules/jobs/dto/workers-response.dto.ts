import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class WorkerSlotsDto {
  @ApiProperty({ description: 'Jobs the worker runs now' })
  busy: number;

  @ApiProperty({ description: 'Its slots: WORKER_CONCURRENCY per queue, summed' })
  total: number;
}

/** A worker process that published its info within WORKER_DEAD_MS. */
export class LiveWorkerDto {
  @ApiProperty({ example: 'web-1-4242-0a1b2c3d', description: 'The worker id its leases carry (host-pid-random)' })
  id: string;

  @ApiProperty({ example: 'web-1' })
  host: string;

  @ApiProperty({ example: 4242 })
  pid: number;

  @ApiProperty({ example: '0.1.0', description: 'The claimq version it runs' })
  version: string;

  @ApiProperty({ format: 'date-time', description: 'When it started claiming' })
  startedAt: string;

  @ApiProperty({ format: 'date-time', description: 'Its last heartbeat (every HEARTBEAT_MS)' })
  lastHeartbeatAt: string;

  @ApiProperty({ type: [String], description: 'The queues it claims from' })
  queues: string[];

  @ApiProperty({ type: WorkerSlotsDto })
  slots: WorkerSlotsDto;

  @ApiProperty({ description: 'Leases it holds: jobs running, and those whose result or release is being recorded' })
  leasesHeld: number;

  @ApiPropertyOptional({ example: 'go', description: 'A remote worker (docs/remote-workers.md): the language it names; absent for a claimq worker. Its version is its own, its slots what it reports' })
  language?: string;
}

/** A worker the reaper declared dead in one queue, returning its leases. */
export class DeadWorkerDto {
  @ApiProperty()
  id: string;

  @ApiProperty({ type: String, nullable: true, description: 'From its last info, or its id; null when neither says' })
  host: string | null;

  @ApiProperty({ type: Number, nullable: true })
  pid: number | null;

  @ApiProperty({ description: 'The queue whose leases it held' })
  queue: string;

  @ApiProperty({ format: 'date-time' })
  declaredDeadAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Its last heartbeat, when its info was still there' })
  lastHeartbeatAt: string | null;

  @ApiProperty({ description: 'Jobs put back to pending (the attempt spent)' })
  requeued: number;

  @ApiProperty({ description: 'Jobs failed: no attempt left' })
  failed: number;

  @ApiProperty({ description: 'Jobs cancelled: a cancel had been asked' })
  cancelled: number;

  @ApiProperty({ type: [String], description: 'The first 50 of those jobs' })
  jobIds: string[];
}

export class WorkersResponseDto {
  @ApiProperty({ type: [LiveWorkerDto], description: 'Workers heard from within WORKER_DEAD_MS, by id (at most 1000)' })
  live: LiveWorkerDto[];

  @ApiProperty({ type: [DeadWorkerDto], description: 'The last 100 workers declared dead, newest first' })
  dead: DeadWorkerDto[];
}
