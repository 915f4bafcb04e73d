"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LabelledChildren = exports.DEFAULT_MAX_LABEL_PAIRS = exports.OVERFLOW_TYPE = void 0;
/** The type label of every (queue, type) pair past a metric's cap. */
exports.OVERFLOW_TYPE = 'other';
/** Distinct (queue, type) pairs one metric labels before new types become `other`. */
exports.DEFAULT_MAX_LABEL_PAIRS = 200;
/**
 * The prom-client children of one metric, cached per (queue, type) in nested maps: after a
 * label pair's first use, a lookup allocates nothing (no joined key string, no labels object),
 * which is what lets the worker's hot path count every job.
 *
 * Types come from clients, so the pairs are capped: once `maxPairs` are labelled, a new type
 * counts under (queue, "other"). Memory and series then stay bounded by the cap plus one
 * overflow child per queue (queues are bounded by QUEUES).
 */
class LabelledChildren {
    create;
    maxPairs;
    byQueue = new Map();
    overflowByQueue = new Map();
    pairs = 0;
    constructor(create, maxPairs = exports.DEFAULT_MAX_LABEL_PAIRS) {
        this.create = create;
        this.maxPairs = maxPairs;
    }
    get(queue, type) {
        let byType = this.byQueue.get(queue);
        const known = byType?.get(type);
        if (known !== undefined)
            return known;
        if (this.pairs >= this.maxPairs)
            return this.overflow(queue);
        if (!byType)
            this.byQueue.set(queue, (byType = new Map()));
        const child = this.create(queue, type);
        byType.set(type, child);
        this.pairs++;
        return child;
    }
    overflow(queue) {
        let child = this.overflowByQueue.get(queue);
        if (child === undefined)
            this.overflowByQueue.set(queue, (child = this.create(queue, exports.OVERFLOW_TYPE)));
        return child;
    }
}
exports.LabelledChildren = LabelledChildren;
//# sourceMappingURL=labelled-children.js.map