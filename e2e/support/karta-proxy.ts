import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers of the upstream answer that no longer describe the body once fetch has decoded it. */
const DROPPED_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection']);

/** Conditional request headers: a 304 would tell the browser its old copy is still current. */
const VALIDATORS = ['if-none-match', 'if-modified-since'];

export interface KartaProxy {
  /** The proxy's own origin: a site of its own to the browser, with its own service worker. */
  url: string;
  /** From now on, `/sw.js` is answered as a new build's would be (different bytes, same files). */
  deployNewBuild(): void;
  /**
   * The next `method` request to `path` reaches the server, which acts on it, but its answer is
   * lost on the way back (the connection drops), as on a failing mobile network.
   */
  loseNextAnswer(method: string, path: string): void;
  /** How many `method` requests to `path` reached the server through the proxy. */
  requestsTo(method: string, path: string): number;
  /** How many times the browser has asked for `/sw.js`. */
  serviceWorkerRequests(): number;
  close(): Promise<void>;
}

/**
 * A reverse proxy in front of a running Karta server, standing in for the network between the
 * browser and the server. It can pretend a new version was deployed: after `deployNewBuild()`,
 * the service worker script it serves differs from the one the browser installed, which is how a
 * browser learns of a new version. It can lose an answer after the server acted on its request.
 * Everything else is the real server's answer, passed through.
 */
export async function startKartaProxy(upstream: string): Promise<KartaProxy> {
  let build = 1;
  let swRequests = 0;
  const upstreamOrigin = new URL(upstream).origin;
  const toLose = new Set<string>();
  const counts = new Map<string, number>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void forward(request, response).catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });

  async function forward(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (name === 'host' || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    // The server's own origin, as a reverse proxy in front of it would present requests.
    if (headers.has('origin')) headers.set('origin', upstreamOrigin);
    const path = request.url ?? '/';
    const route = `${request.method} ${path.split('?')[0]}`;
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const isServiceWorker = path.split('?')[0] === '/sw.js';
    // The service worker's bytes change here, so the server's validators do not describe them.
    if (isServiceWorker) for (const name of VALIDATORS) headers.delete(name);
    const answer = await fetch(`${upstream}${path}`, {
      method: request.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    let body = Buffer.from(await answer.arrayBuffer());
    if (isServiceWorker) {
      swRequests += 1;
      if (build > 1) body = Buffer.concat([body, Buffer.from(`\n// build ${build}\n`)]);
    }
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (DROPPED_HEADERS.has(name) || name === 'set-cookie') return;
      if (isServiceWorker && (name === 'etag' || name === 'last-modified')) return;
      out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    if (toLose.delete(route)) {
      // The headers and half the body, then the connection drops: the browser cannot simply try
      // again by itself (as it does for a connection that fails before any answer).
      response.writeHead(answer.status, out);
      response.write(body.subarray(0, body.length >> 1));
      setTimeout(() => response.destroy(), 50);
      return;
    }
    response.writeHead(answer.status, out).end(body);
  }

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deployNewBuild: () => {
      build += 1;
    },
    serviceWorkerRequests: () => swRequests,
    loseNextAnswer: (method, path) => {
      toLose.add(`${method} ${path}`);
    },
    requestsTo: (method, path) => counts.get(`${method} ${path}`) ?? 0,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
