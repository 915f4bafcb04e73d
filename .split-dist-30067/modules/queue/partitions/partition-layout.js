"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PartitionLayout = void 0;
const queue_partition_1 = require("../../../domain/queue-partition");
/**
 * A queue's partitions as one instance knows them, read from the stored layout (partition-host.ts):
 * - `count`: how many partitions writers fill (the fleet's count, set by the instance that started
 *   last with QUEUES/QUEUE_PARTITIONS: a rolling deploy changes it once);
 * - `names`: every partition the layout holds, by index (0: the queue itself), also those at or
 *   beyond `count` after the count was lowered: they are no longer written, and are still
 *   claimed from, reaped and read for history until they hold nothing;
 * - `history`: earlier counts, under which an idempotency key may have had another home.
 */
class PartitionLayout {
    queue;
    count;
    names;
    history;
    loadedAt;
    since;
    constructor(queue, count, names, history, loadedAt, 
    /** When the count last changed (epoch ms; 0 when it never did). */
    since) {
        this.queue = queue;
        this.count = count;
        this.names = names;
        this.history = history;
        this.loadedAt = loadedAt;
        this.since = since;
    }
    static read(queue, stored, now) {
        const count = Math.max(1, Number(stored.n ?? 1) || 1);
        const suffixes = [0];
        for (const [field, value] of Object.entries(stored)) {
            const index = /^p([0-9]+)$/.exec(field);
            if (index && Number(index[1]) >= 1)
                suffixes[Number(index[1])] = Number(value);
        }
        // a gap (an index being created by another instance right now) ends the known partitions there
        let known = 1;
        while (known < suffixes.length && suffixes[known] !== undefined)
            known++;
        const names = suffixes.slice(0, known).map((k) => (0, queue_partition_1.partitionName)(queue, k));
        const history = (stored.hist ?? '').split(',').filter((c) => /^[0-9]+$/.test(c)).map(Number);
        return new PartitionLayout(queue, count, names, history, now, Number(stored.since ?? 0) || 0);
    }
    /** One partition, nothing draining: every call goes straight to the store. */
    get single() {
        return this.names.length === 1;
    }
    /** Partitions writers fill: the count, or fewer while the last of them are being created. */
    get writable() {
        return Math.min(this.count, this.names.length);
    }
    /** The suffixes in use (0 and each p<index>), for choosing a new one. */
    suffixes() {
        return this.names.map((name) => (name === this.queue ? 0 : Number(name.slice(this.queue.length + 1))));
    }
    /** Partitions beyond the count: no longer written, drained, then forgotten. */
    get removed() {
        return this.names.length - this.writable;
    }
    indexOf(partition) {
        return this.names.indexOf(partition);
    }
}
exports.PartitionLayout = PartitionLayout;
//# sourceMappingURL=partition-layout.js.map