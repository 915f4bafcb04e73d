import { OnApplicationShutdown } from '@nestjs/common';
import { Dispatcher } from 'undici';
import { CallbackSigner } from '../../../domain/callback-signature';
import { Clock } from '../../../domain/clock';
import { EgressPolicy } from '../../../domain/egress-policy';
import { HttpJobSecrets } from '../../../domain/http-job-secrets';
import { JobContext } from '../job-context';
import { EgressConnectorOptions } from './egress-connector';
import { JobTracer } from '../../tracing';
/** Response bodies kept in a job's result (and quoted in errors) are cut to this. */
export declare const HTTP_RESULT_BODY_LIMIT: number;
/** HTTP_MAX_REDIRECTS' default. */
export declare const DEFAULT_MAX_REDIRECTS = 5;
export interface HttpJobResult {
    status: number;
    /** Parsed JSON when the response says JSON and fits the limit; the text otherwise. */
    body: unknown;
    truncated?: boolean;
}
export interface HttpJobHandlerOptions {
    /** HTTP_JOB_ALLOWED_HOSTS; undefined allows any host. Checked on every redirect hop. */
    allowedHosts?: readonly string[];
    /** HTTP_EGRESS and its lists; default: the `default` mode. Judged on every address dialed. */
    egress?: EgressPolicy;
    /** HTTP_MAX_REDIRECTS (default 5). */
    maxRedirects?: number;
    /** Opens the sealed secret headers (HTTP_SECRET_HEADERS, SECRETS_KEYS); default: no keys. */
    secrets?: HttpJobSecrets;
    /** How names are resolved and sockets opened behind the egress check (tests: a recording connector). */
    connector?: Pick<EgressConnectorOptions, 'resolve' | 'connect'>;
    /** Told of every connection the egress policy refused, with its rule (the metric). */
    onEgressDenied?: (rule: string) => void;
    /** Tests may pass their own (and close it); it then applies no egress policy of its own. */
    dispatcher?: Dispatcher;
    /** Signs every request, each hop and attempt afresh (CALLBACK_SIGNING_SECRET); none: requests go unsigned. */
    signer?: CallbackSigner;
    /** The time a signature carries (default: the system clock). */
    clock?: Clock;
    /** A CLIENT span per request sent, its traceparent in the request's headers (default: off). */
    tracer?: JobTracer;
}
/**
 * The built-in `http` job type: calls a URL with undici's fetch and the job's signal (so the job's
 * timeout, a cancel, a lost lease or shutdown end the call). 2xx succeeds with `{ status, body }`;
 * 408, 429, 5xx, network errors are retryable (429/503 honour Retry-After); any other status fails
 * without retry.
 *
 * Every connection goes through the egress policy (EgressConnector: the address dialed, after
 * DNS); a refusal fails the job without retry. Redirects are followed here, not by fetch, so each
 * hop is checked against HTTP_JOB_ALLOWED_HOSTS and counted against HTTP_MAX_REDIRECTS; a hop to
 * another origin does not carry the credentials on.
 *
 * With a signer, each request carries Claimq-Signature over the body it sends (README, Signed
 * callbacks); the API refuses the header in a job's own headers, so it only ever means claimq's.
 * With tracing on, each request (each hop) is a CLIENT span, a child of the job's run, and carries
 * that span's traceparent (README, Traces).
 */
export declare class HttpJobHandler implements OnApplicationShutdown {
    private readonly options;
    private readonly dispatcher;
    private readonly ownsDispatcher;
    private readonly maxRedirects;
    private readonly secrets;
    private readonly clock;
    private readonly tracer;
    constructor(options?: HttpJobHandlerOptions);
    /** After the workers drained (beforeApplicationShutdown): no call is left to wait for, only idle sockets. */
    onApplicationShutdown(): Promise<void>;
    handle(ctx: JobContext): Promise<HttpJobResult>;
}
