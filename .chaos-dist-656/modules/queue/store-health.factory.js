"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createStoreHealth = createStoreHealth;
const store_health_1 = require("./store-health");
class PingingStoreHealth extends store_health_1.StoreHealth {
    name;
    store;
    constructor(name, store) {
        super();
        this.name = name;
        this.store = store;
    }
    ping() {
        return this.store.ping();
    }
}
/** Redis answers pings over the store's own connection; the memory store is up with the process. */
function createStoreHealth(config, store) {
    return (0, store_health_1.isPingableStore)(store) ? new PingingStoreHealth(config.jobStore, store) : new store_health_1.InProcessStoreHealth(config.jobStore);
}
//# sourceMappingURL=store-health.factory.js.map