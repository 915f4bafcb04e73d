"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createLongCallDispatcher = createLongCallDispatcher;
const node_vm_1 = require("node:vm");
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
/**
 * A dispatcher for Node's fetch without undici's own time limits. fetch is undici inside Node,
 * and its default Agent ends a call whose response headers take more than 300 s (headersTimeout)
 * or whose body pauses for 300 s (bodyTimeout), whatever the caller's AbortSignal says. The
 * `undici` package is not a dependency (not importable here: only Node's internal copy exists),
 * so the Agent class is taken from the global dispatcher that fetch installs on first use.
 * timeoutMs 0 switches both limits off: the job's deadline (its AbortSignal) is the one limit.
 * Undefined when the internals are not there: fetch then runs with undici's defaults.
 */
async function createLongCallDispatcher(timeoutMs = 0) {
    let agent = globalDispatcher();
    if (!agent) {
        // the first fetch installs the global dispatcher; a data: URL does it without a socket
        await fetch('data:,').then((r) => r.arrayBuffer()).catch(() => undefined);
        agent = globalDispatcher();
    }
    const Agent = agent?.constructor;
    if (typeof Agent !== 'function' || typeof agent.dispatch !== 'function')
        return undefined;
    return new Agent({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
}
/** Node's own global (where fetch lives), also when this code runs in a vm context such as Jest's. */
function globalDispatcher() {
    const nodeGlobal = (0, node_vm_1.runInThisContext)('globalThis');
    return globalThis[GLOBAL_DISPATCHER] ?? nodeGlobal[GLOBAL_DISPATCHER];
}
//# sourceMappingURL=long-call-dispatcher.js.map