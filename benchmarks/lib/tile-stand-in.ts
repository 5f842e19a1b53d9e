import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export interface TileStandIn {
  /** A tile URL template for TILE_URL. */
  tileUrl: string;
  origin: string;
  close(): Promise<void>;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 256 × 256 RGB PNG with streets-like stripes and a little noise, so it weighs about what an
 * OpenStreetMap tile does (10–20 kB) and the browser decodes and paints real pixels.
 */
export function sampleTile(seed: number): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  let state = seed * 2654435761;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      state = (state * 1103515245 + 12345) >>> 0;
      const street = (x + seed) % 64 < 6 || (y + seed * 3) % 48 < 5;
      const base = street ? 255 : 236;
      const noise = state % 7 === 0 ? (state >>> 8) % 10 : 0;
      row.writeUInt8(base - noise, 1 + x * 3);
      row.writeUInt8(base - 4 - noise, 2 + x * 3);
      row.writeUInt8(street ? 250 : 226 - noise, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A local tile server standing in for OpenStreetMap's (this machine has no outside network), so
 * a page load measured here downloads and paints tiles as it would in production.
 */
export async function startTileStandIn(): Promise<TileStandIn> {
  const tiles = [0, 1, 2, 3].map(sampleTile);
  const server = createServer((request, response) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const tile = tiles[(Number(match[2]) + Number(match[3])) % tiles.length];
    response
      .writeHead(200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=86400',
        'access-control-allow-origin': '*',
      })
      .end(tile);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    tileUrl: `${origin}/{z}/{x}/{y}.png`,
    origin,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
