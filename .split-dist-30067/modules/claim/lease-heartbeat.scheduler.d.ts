import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { LeaseHeartbeatService } from './lease-heartbeat.service';
export declare const LEASE_HEARTBEAT_INTERVAL = "claimq.lease-heartbeat";
/**
 * The Nest edge of the heartbeat: an interval of HEARTBEAT_MS (from config, so registered
 * dynamically rather than with @Interval) that calls LeaseHeartbeatService.beat(). A beat still
 * running when the next one is due is not doubled (the service shares the beat in flight).
 * It keeps beating through the shutdown grace period, and is removed only when the app is down.
 */
export declare class LeaseHeartbeatScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
    private readonly schedulerRegistry;
    private readonly heartbeat;
    private readonly config;
    constructor(schedulerRegistry: SchedulerRegistry, heartbeat: LeaseHeartbeatService, config: AppConfig);
    onApplicationBootstrap(): void;
    onApplicationShutdown(): void;
}
