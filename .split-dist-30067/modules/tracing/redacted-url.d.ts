/**
 * A URL as a span may show it (url.full): credentials in the authority and every query value
 * replaced by REDACTED, the keys kept (an entry without a value goes whole); no fragment. A job's URL is its client's, who may put a
 * token in the query (a signed URL, an API key); the secret headers never reach a span at all.
 * The OpenTelemetry HTTP conventions ask for the credentials' redaction and allow the query's.
 */
export declare function redactedUrl(url: URL): string;
