import { WorkersResponseDto } from './dto/workers-response.dto';
import { WorkersService } from './workers.service';
export declare class WorkersController {
    private readonly workers;
    constructor(workers: WorkersService);
    list(): Promise<WorkersResponseDto>;
}
