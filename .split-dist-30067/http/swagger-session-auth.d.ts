/**
 * Swagger UI plugins, sent to the browser as their source text (@nestjs/swagger writes functions
 * of the UI options into swagger-ui-init.js with toString): each must be self-contained, reading
 * only browser globals.
 */
/**
 * Keeps what the Authorize dialog holds (the bearer key) in sessionStorage, so a reload of /docs
 * keeps it and closing the tab forgets it. swagger-ui's own persistAuthorization keeps it in
 * localStorage, on disk and for every later visitor of the browser profile, so it stays off.
 */
export declare function sessionStorageAuthPlugin(): object;
/** The page's default plugin (fetching the spec by URL), which options.plugins would otherwise replace. */
export declare function downloadUrlPlugin(system: unknown): unknown;
