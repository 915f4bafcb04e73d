import { DeadWorkerRecord, PublishedWorker } from '../../domain/worker-info';
import { DeadWorkerDto, LiveWorkerDto } from './dto/workers-response.dto';

export function presentLiveWorker(w: PublishedWorker): LiveWorkerDto {
  const dto: LiveWorkerDto = {
    id: w.id,
    host: w.host,
    pid: w.pid,
    version: w.version,
    startedAt: new Date(w.startedAt).toISOString(),
    lastHeartbeatAt: new Date(w.lastHeartbeatAt).toISOString(),
    queues: w.queues,
    slots: { busy: w.slots.busy, total: w.slots.total },
    leasesHeld: w.leasesHeld,
  };
  if (w.language !== undefined) dto.language = w.language;
  return dto;
}

export function presentDeadWorker(d: DeadWorkerRecord): DeadWorkerDto {
  return {
    id: d.id,
    host: d.host,
    pid: d.pid,
    queue: d.queue,
    declaredDeadAt: new Date(d.declaredDeadAt).toISOString(),
    lastHeartbeatAt: d.lastHeartbeatAt === null ? null : new Date(d.lastHeartbeatAt).toISOString(),
    requeued: d.requeued,
    failed: d.failed,
    cancelled: d.cancelled,
    jobIds: d.jobIds,
  };
}
