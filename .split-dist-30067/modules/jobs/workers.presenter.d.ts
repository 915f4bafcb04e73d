import { DeadWorkerRecord, PublishedWorker } from '../../domain/worker-info';
import { DeadWorkerDto, LiveWorkerDto } from './dto/workers-response.dto';
export declare function presentLiveWorker(w: PublishedWorker): LiveWorkerDto;
export declare function presentDeadWorker(d: DeadWorkerRecord): DeadWorkerDto;
