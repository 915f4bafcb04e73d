"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobEventSource = exports.HISTORY_CONSUMER_GROUP = void 0;
const clock_1 = require("../../../domain/clock");
const event_version_1 = require("./event-version");
const job_event_parse_1 = require("./job-event-parse");
const job_event_source_1 = require("./job-event-source");
exports.HISTORY_CONSUMER_GROUP = 'history';
/**
 * Reads one queue's event stream through the consumer group shared by every instance: each entry
 * goes to one consumer, stays pending until acknowledged, and is claimed by a live consumer when
 * its reader died (XAUTOCLAIM). Every entry field `e` holds a JSON array of JobEvent.
 */
class RedisJobEventSource extends job_event_source_1.JobEventSource {
    options;
    name;
    redis;
    group;
    blockMs;
    claimMinIdleMs;
    claimEveryMs;
    consumerMaxIdleMs;
    clock;
    groupReady = false;
    claimCursor = '0-0';
    nextClaimAt = 0;
    constructor(options) {
        super();
        this.options = options;
        this.name = options.streamKey;
        this.redis = options.redis;
        this.group = options.group ?? exports.HISTORY_CONSUMER_GROUP;
        this.blockMs = options.blockMs ?? 5_000;
        this.claimMinIdleMs = options.claimMinIdleMs ?? 60_000;
        this.claimEveryMs = options.claimEveryMs ?? 30_000;
        this.consumerMaxIdleMs = options.consumerMaxIdleMs ?? 24 * 3600_000;
        this.clock = options.clock ?? clock_1.systemClock;
    }
    async read(max) {
        try {
            await this.ensureGroup();
            const claimed = await this.claimAbandoned(max);
            if (claimed.length > 0)
                return this.toBatch(claimed);
            const reply = (await this.redis.xreadgroup('GROUP', this.group, this.options.consumer, 'COUNT', max, 'BLOCK', this.blockMs, 'STREAMS', this.options.streamKey, '>'));
            return this.toBatch(reply?.[0]?.[1] ?? []);
        }
        catch (err) {
            // The stream (and with it the group) may have been deleted: create it again next time.
            if (String(err.message).includes('NOGROUP'))
                this.groupReady = false;
            throw err;
        }
    }
    async ack(batch) {
        const ids = batch.receipt;
        if (ids.length > 0)
            await this.redis.xack(this.options.streamKey, this.group, ...ids);
    }
    async close() {
        if (this.redis.status !== 'end')
            this.redis.disconnect();
    }
    async ensureGroup() {
        if (this.groupReady)
            return;
        try {
            // From the start of the stream: entries written before the first writer ever ran count too.
            await this.redis.xgroup('CREATE', this.options.streamKey, this.group, '0', 'MKSTREAM');
        }
        catch (err) {
            if (!String(err.message).includes('BUSYGROUP'))
                throw err;
        }
        this.groupReady = true;
    }
    /**
     * One step of the claim pass: XAUTOCLAIM walks the pending entries list with a cursor; a pass
     * starts every claimEveryMs and continues on each read until the cursor comes back to 0-0.
     */
    async claimAbandoned(max) {
        if (this.claimCursor === '0-0' && this.clock.now() < this.nextClaimAt)
            return [];
        const reply = (await this.redis.xautoclaim(this.options.streamKey, this.group, this.options.consumer, this.claimMinIdleMs, this.claimCursor, 'COUNT', max));
        this.claimCursor = reply[0];
        if (this.claimCursor === '0-0') {
            this.nextClaimAt = this.clock.now() + this.claimEveryMs;
            await this.removeIdleConsumers();
        }
        // Redis 6.2 returns nil for entries trimmed away while pending; 7.x drops them itself.
        return reply[1].filter((e) => Array.isArray(e));
    }
    /** Every process start adds a consumer name; those long gone with nothing pending are removed. */
    async removeIdleConsumers() {
        const consumers = (await this.redis.xinfo('CONSUMERS', this.options.streamKey, this.group));
        for (const flat of consumers) {
            const info = new Map();
            for (let i = 0; i + 1 < flat.length; i += 2)
                info.set(String(flat[i]), flat[i + 1]);
            const name = String(info.get('name'));
            if (name === this.options.consumer)
                continue;
            if (Number(info.get('pending')) === 0 && Number(info.get('idle')) > this.consumerMaxIdleMs) {
                await this.redis.xgroup('DELCONSUMER', this.options.streamKey, this.group, name);
            }
        }
    }
    toBatch(entries) {
        const events = [];
        for (const [id, fields] of entries) {
            const raw = fieldValue(fields, 'e');
            let parsed;
            try {
                parsed = raw === undefined ? undefined : JSON.parse(raw);
            }
            catch {
                parsed = undefined;
            }
            if (!Array.isArray(parsed)) {
                this.options.onDropped?.(id, 'field e is not a JSON array of job events');
                continue;
            }
            parsed.forEach((item, index) => {
                const event = (0, job_event_parse_1.parseJobEvent)(item);
                if (event)
                    events.push({ queue: this.options.queue, event, version: (0, event_version_1.streamEventVersion)(id, index) });
                else
                    this.options.onDropped?.(id, `event ${index} is not a job event`);
            });
        }
        return { events, entries: entries.length, receipt: entries.map(([id]) => id) };
    }
}
exports.RedisJobEventSource = RedisJobEventSource;
function fieldValue(fields, name) {
    for (let i = 0; i + 1 < fields.length; i += 2)
        if (fields[i] === name)
            return fields[i + 1];
    return undefined;
}
//# sourceMappingURL=redis-job-event-source.js.map