import { AppConfig } from '../../config/app-config';
import { Clock } from '../../domain/clock';
import { JobStore } from './job-store';
import { JobTracer } from '../tracing';
/**
 * Binds the JobStore token from JOB_STORE. An unknown value is refused, never defaulted. With
 * `tracer` on, claims return the jobs' stored trace context (their run spans' parents).
 */
export declare function createJobStore(config: AppConfig, clock: Clock, tracer?: JobTracer): JobStore;
