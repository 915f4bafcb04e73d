import type { Dispatcher } from 'undici-types';
import { runInThisContext } from 'node:vm';

type AgentClass = new (options: { headersTimeout: number; bodyTimeout: number; keepAliveTimeout?: number }) => Dispatcher;

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
export async function createLongCallDispatcher(timeoutMs = 0): Promise<Dispatcher | undefined> {
  let agent = globalDispatcher();
  if (!agent) {
    // the first fetch installs the global dispatcher; a data: URL does it without a socket
    await fetch('data:,').then((r) => r.arrayBuffer()).catch(() => undefined);
    agent = globalDispatcher();
  }
  const Agent = (agent as { constructor?: unknown } | undefined)?.constructor;
  if (typeof Agent !== 'function' || typeof (agent as Dispatcher).dispatch !== 'function') return undefined;
  return new (Agent as AgentClass)({ headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
}

/** Node's own global (where fetch lives), also when this code runs in a vm context such as Jest's. */
function globalDispatcher(): unknown {
  const nodeGlobal = runInThisContext('globalThis') as Record<symbol, unknown>;
  return (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER] ?? nodeGlobal[GLOBAL_DISPATCHER];
}
