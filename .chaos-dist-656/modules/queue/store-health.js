"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.InProcessStoreHealth = exports.StoreHealth = void 0;
exports.isPingableStore = isPingableStore;
/**
 * Whether the job store can serve requests now, for readiness probes. Separate from the JobStore
 * contract (queue semantics only): QueueModule provides it next to the store. `ping` resolves when
 * the store answered and rejects (StoreUnavailableError) when it did not.
 */
class StoreHealth {
}
exports.StoreHealth = StoreHealth;
/** A store in this process (memory) is up as long as the process is. */
class InProcessStoreHealth extends StoreHealth {
    name;
    constructor(name) {
        super();
        this.name = name;
    }
    async ping() { }
}
exports.InProcessStoreHealth = InProcessStoreHealth;
function isPingableStore(store) {
    return typeof store.ping === 'function';
}
//# sourceMappingURL=store-health.js.map