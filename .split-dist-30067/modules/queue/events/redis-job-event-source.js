"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RedisJobEventSource = exports.HISTORY_CONSUMER_GROUP = void 0;
const clock_1 = require("../../../domain/clock");
const event_version_1 = require("./event-version");
const stream_entry_codec_1 = require("./stream-entry-codec");
const job_event_source_1 = require("./job-event-source");
exports.HISTORY_CONSUMER_GROUP = 'history';
/**
 * Reads one queue's event stream through the consumer group shared by every instance: each entry
 * goes to one consumer, stays pending until acknowledged, and is claimed by a live consumer when
 * its reader died (XAUTOCLAIM). Entries decode by stream-entry-codec.ts (one entry per script call).
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
    /**
     * Events per entry seen in the last read. An entry holds the events of one script call (up to
     * MAX_EVENTS_PER_ENTRY) and XREADGROUP counts entries, so a read asks for as many entries as
     * should hold `max` events. It starts at the largest entry, so the first read after a start
     * (perhaps into a backlog of executions of 10,000 jobs) cannot bring max x 2,000 events at once.
     */
    eventsPerEntry = stream_entry_codec_1.MAX_EVENTS_PER_ENTRY;
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
    async read(maxEvents, waitMs) {
        const entries = Math.max(1, Math.min(maxEvents, Math.floor(maxEvents / this.eventsPerEntry)));
        try {
            await this.ensureGroup();
            const claimed = await this.claimAbandoned(entries);
            if (claimed.length > 0)
                return this.toBatch(claimed);
            const reply = (await this.redis.xreadgroup('GROUP', this.group, this.options.consumer, 'COUNT', entries, 'BLOCK', waitMs === undefined ? this.blockMs : Math.max(1, Math.ceil(waitMs)), 'STREAMS', this.options.streamKey, '>'));
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
        const gaps = [];
        for (const [id, fields] of entries) {
            const gap = (0, stream_entry_codec_1.decodeGapEntry)(fields);
            if (gap) {
                // named by its entry: a gap delivered again (claimed after a writer died) is stored once
                gaps.push({ id: `${this.options.streamKey} ${id}`, queue: this.options.queue, ...gap });
                continue;
            }
            const decoded = (0, stream_entry_codec_1.decodeStreamEntry)(fields);
            if (decoded === undefined) {
                this.options.onDropped?.(id, 'not a job events entry (field t or at, field e with a JSON array, or field gap)');
                continue;
            }
            decoded.forEach((event, index) => {
                if (event)
                    events.push({ queue: this.options.queue, event, version: (0, event_version_1.streamEventVersion)(id, index) });
                else
                    this.options.onDropped?.(id, `event ${index} is not a job event`);
            });
        }
        if (entries.length > 0)
            this.eventsPerEntry = Math.max(1, Math.ceil(events.length / entries.length));
        return { events, gaps, entries: entries.length, receipt: entries.map(([id]) => id) };
    }
}
exports.RedisJobEventSource = RedisJobEventSource;
//# sourceMappingURL=redis-job-event-source.js.map