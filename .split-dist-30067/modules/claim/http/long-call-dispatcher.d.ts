import { Agent, buildConnector } from 'undici';
/**
 * The dispatcher for http jobs: an undici Agent without undici's own time limits. Its defaults end
 * a call whose response headers take more than 300 s (headersTimeout) or whose body pauses for
 * 300 s (bodyTimeout), whatever the caller's AbortSignal says; a job of 90 s or more must be ended
 * by its own deadline instead. timeoutMs 0 switches both limits off: the job's signal (timeout,
 * cancel, lost lease, shutdown) is the one limit. `connect`: the egress-checking connector.
 *
 * It comes from the `undici` package and goes to that package's fetch (HttpJobHandler), never to
 * Node's global fetch: Node bundles its own undici, whose dispatcher interface changes between Node
 * majors (on Node 26 a foreign Agent is refused with "Argument dispatcher must implement dispatch").
 */
export declare function createLongCallDispatcher(timeoutMs?: number, connect?: buildConnector.connector): Agent;
