import type { RedisClient } from '../redis/redis-connection';
import type { EventBacklog } from '../job-store';
/**
 * What one event stream holds for its consumer group that the group has not acknowledged: the
 * entries delivered and pending (XPENDING's summary, with the smallest pending id) and those not
 * delivered yet (the group's lag, which events-trim keeps exact, and the first entry after its
 * last-delivered-id). Counts are stream entries: one per script call, up to 2,000 events each.
 * Without the group (the writer has not started) every entry is behind. One key: two or three
 * round trips, at scrape time only.
 */
export declare function readEventBacklog(redis: RedisClient, streamKey: string, group: string): Promise<EventBacklog>;
