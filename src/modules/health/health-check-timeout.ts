/** How long one readiness check may take: a dependency slower than this counts as down. */
export const HEALTH_CHECK_TIMEOUT_MS = 1_000;
