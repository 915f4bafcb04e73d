import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { LeaseHeartbeatService } from './lease-heartbeat.service';

export const LEASE_HEARTBEAT_INTERVAL = 'claimq.lease-heartbeat';

/**
 * The Nest edge of the heartbeat: an interval of HEARTBEAT_MS (from config, so registered
 * dynamically rather than with @Interval) that calls LeaseHeartbeatService.beat(). A beat still
 * running when the next one is due is not doubled (the service shares the beat in flight).
 * It keeps beating through the shutdown grace period, and is removed only when the app is down.
 */
@Injectable()
export class LeaseHeartbeatScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly schedulerRegistry: SchedulerRegistry,
    private readonly heartbeat: LeaseHeartbeatService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const interval = setInterval(() => void this.heartbeat.beat(), this.config.heartbeatMs);
    this.schedulerRegistry.addInterval(LEASE_HEARTBEAT_INTERVAL, interval);
  }

  onApplicationShutdown(): void {
    if (this.schedulerRegistry.doesExist('interval', LEASE_HEARTBEAT_INTERVAL)) this.schedulerRegistry.deleteInterval(LEASE_HEARTBEAT_INTERVAL);
  }
}
