import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One item of a Sentry envelope: its header and its parsed payload. */
export interface SentryItem {
  type: string;
  payload: Record<string, unknown>;
  /** The raw text of the whole envelope, to check that nothing private was sent. */
  raw: string;
}

export interface SentryReceiver {
  /** A DSN pointing at this receiver, for SENTRY_DSN. */
  dsn: string;
  url: string;
  items(): SentryItem[];
  /** Every envelope received, as raw text. */
  envelopes(): string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for Sentry's ingestion endpoint: it speaks the envelope protocol the real
 * SDKs use (`POST /api/<project>/envelope/`), keeps what arrives, and lists it at `GET /items`
 * so tests in other processes can read it.
 */
export async function startSentryReceiver(): Promise<SentryReceiver> {
  const received: SentryItem[] = [];
  const envelopes: string[] = [];
  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && request.url === '/items') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    if (request.method === 'POST' && /^\/api\/\d+\/envelope\/?(\?|$)/.test(request.url ?? '')) {
      const raw = await readBody(request);
      envelopes.push(raw);
      received.push(...parseEnvelope(raw));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    url,
    items: () => [...received],
    envelopes: () => [...envelopes],
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** Splits an envelope (a header line, then item-header and payload lines) into its items. */
export function parseEnvelope(raw: string): SentryItem[] {
  const lines = raw.split('\n');
  const items: SentryItem[] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = safeJson(lines[index]);
    const payload = safeJson(lines[index + 1]);
    if (header && typeof header.type === 'string') {
      items.push({ type: header.type, payload: payload ?? {}, raw });
    }
  }
  return items;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
}

function safeJson(line: string | undefined): Record<string, unknown> | undefined {
  if (!line) return undefined;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
