import { Logger } from '@nestjs/common';
/** The part of Nest's Logger the runtime uses; tests pass a silent one. */
export type WorkerLogger = Pick<Logger, 'debug' | 'log' | 'warn' | 'error'>;
export declare function workerLogger(context: string): WorkerLogger;
