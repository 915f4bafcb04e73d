"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.LabelledChildren = void 0;
/**
 * The prom-client children of one metric, cached per (queue, type) in nested maps: after a
 * label pair's first use, a lookup allocates nothing (no joined key string, no labels object),
 * which is what lets the worker's hot path count every job.
 */
class LabelledChildren {
    create;
    byQueue = new Map();
    constructor(create) {
        this.create = create;
    }
    get(queue, type) {
        let byType = this.byQueue.get(queue);
        if (!byType)
            this.byQueue.set(queue, (byType = new Map()));
        let child = byType.get(type);
        if (!child)
            byType.set(type, (child = this.create(queue, type)));
        return child;
    }
}
exports.LabelledChildren = LabelledChildren;
//# sourceMappingURL=labelled-children.js.map