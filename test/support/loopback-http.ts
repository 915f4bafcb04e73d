import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { buildConnector } from 'undici';

export type Route = (req: IncomingMessage, body: string, res: ServerResponse) => void;

export interface Hit {
  path: string;
  method?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface RouteServer {
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** By path (the query is ignored); an unknown path answers 404. */
  routes: Map<string, Route>;
  /** Every request, with its body, in order. */
  hits: Hit[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that records each request and answers it by its path's route. */
export async function startRouteServer(): Promise<RouteServer> {
  const routes = new Map<string, Route>();
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.push({ path, method: req.method, headers: req.headers, body });
      const route = routes.get(path.split('?')[0]);
      if (route) route(req, body, res);
      else res.writeHead(404).end('no such route');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    routes,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1']);

/**
 * An undici connector that records every address it is asked to dial, opens real sockets to
 * loopback only, and fails any other address without dialing it: a test that names an address
 * off this machine can never reach it, whatever the code under test does.
 */
export function loopbackOnlyConnector(): { connect: buildConnector.connector; dialed: string[] } {
  const dialed: string[] = [];
  const real = buildConnector({});
  const connect: buildConnector.connector = (options, callback) => {
    dialed.push(options.hostname);
    if (LOOPBACK.has(options.hostname)) real(options, callback);
    else callback(new Error(`recording connector: ${options.hostname} was not dialed`), null);
  };
  return { connect, dialed };
}
