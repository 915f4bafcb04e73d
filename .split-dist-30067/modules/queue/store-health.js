"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.InProcessStoreHealth = exports.StoreHealth = void 0;
/**
 * Whether the job store can serve requests now, for readiness probes: each store provides its own
 * (JobStore.health), and QueueModule binds it for the health module. `ping` resolves when the store
 * answered and rejects (StoreUnavailableError) when it did not.
 */
class StoreHealth {
    /**
     * After a ping answered: details for the readiness report, and a reason when the store answers
     * but must not take traffic (a Redis that may evict job keys). Default: nothing to add.
     */
    async settings() {
        return { details: {} };
    }
    /** Checks at start that the store can run claimq at all; throws the reason when it cannot. Default: nothing. */
    async checkAtStart() { }
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
//# sourceMappingURL=store-health.js.map