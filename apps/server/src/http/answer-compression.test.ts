import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { compressAnswer, type Encoding, registerAnswerCompression } from './answer-compression.ts';
import { registerCompression } from './compression.ts';

/** A map-like answer of some kilobytes that repeats as JSON does. */
const answer = (version: number) =>
  JSON.stringify({
    version,
    clusters: Array.from({ length: 80 }, (_, i) => ({ id: i, lat: 45.8 + i / 1000, lng: 16, count: i * 3 })),
  });

describe('answer compression', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  /** The real app's two layers of compression around routes whose answers the test sets. */
  async function appWith(answers: { map: string; csv: string }) {
    const compressed: Encoding[] = [];
    const server = Fastify();
    app = server;
    await registerCompression(server);
    registerAnswerCompression(server, (body, encoding) => {
      compressed.push(encoding);
      return compressAnswer(body, encoding);
    });
    server.get('/map', (_request, reply) =>
      reply.type('application/json').header('vary', 'Accept-Language').send(answers.map),
    );
    server.get('/list.csv', (_request, reply) => reply.type('text/csv').send(answers.csv));
    server.post('/map', (_request, reply) => reply.type('application/json').send(answers.map));
    return {
      compressed,
      get: (url: string, accept: string, method: 'GET' | 'POST' = 'GET') =>
        server.inject({ method, url, headers: { 'accept-encoding': accept } }),
    };
  }

  it('compresses an answer once, and sends the kept form while the answer is the same', async () => {
    const answers = { map: answer(1), csv: '' };
    const { compressed, get } = await appWith(answers);
    const first = await get('/map', 'gzip, deflate, br');
    const again = await get('/map', 'gzip, deflate, br');
    expect(first?.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(answers.map);
    expect(again?.rawPayload.equals(first?.rawPayload ?? Buffer.alloc(0))).toBe(true);
    expect(compressed).toEqual(['br']);
    expect(first?.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect(first?.rawPayload.length).toBeLessThan(answers.map.length / 3);
  });

  it('compresses a changed answer anew, never sending the form of an older one', async () => {
    const answers = { map: answer(1), csv: '' };
    const { compressed, get } = await appWith(answers);
    await get('/map', 'br');
    answers.map = answer(2);
    const changed = await get('/map', 'br');
    expect(brotliDecompressSync(changed?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(answers.map);
    expect(compressed).toEqual(['br', 'br']);
  });

  it('keeps gzip apart from brotli, and sends plain to a client that takes neither', async () => {
    const answers = { map: answer(3), csv: '' };
    const { compressed, get } = await appWith(answers);
    const gzip = await get('/map', 'gzip');
    expect(gzip?.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(answers.map);
    const plain = await get('/map', 'identity');
    expect(plain?.headers['content-encoding']).toBeUndefined();
    expect(plain?.body).toBe(answers.map);
    expect(plain?.headers.vary).toMatch(/Accept-Encoding/);
    expect(compressed).toEqual(['gzip']);
  });

  it('leaves other kinds of answer and other methods to the streaming compression, which still compresses them', async () => {
    const answers = { map: answer(4), csv: 'name,lat\n'.repeat(400) };
    const { compressed, get } = await appWith(answers);
    const csv = await get('/list.csv', 'br');
    expect(csv?.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(csv?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(answers.csv);
    const posted = await get('/map', 'br', 'POST');
    expect(brotliDecompressSync(posted?.rawPayload ?? Buffer.alloc(0)).toString()).toBe(answers.map);
    expect(compressed).toEqual([]);
  });
});
