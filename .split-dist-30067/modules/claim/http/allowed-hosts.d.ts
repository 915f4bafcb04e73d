/**
 * HTTP_JOB_ALLOWED_HOSTS: when set, an `http` job may only call these hosts. An entry is a host
 * name (`api.example.com`), a host and port (`localhost:8080`), or a subdomain wildcard
 * (`*.example.com`, which does not match `example.com` itself). Unset: any host.
 */
export declare function isHostAllowed(url: URL, allowed: readonly string[] | undefined): boolean;
