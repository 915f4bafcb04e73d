/** How long one readiness check may take: a dependency slower than this counts as down. */
export declare const HEALTH_CHECK_TIMEOUT_MS = 1000;
