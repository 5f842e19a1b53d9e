import { request } from 'node:http';
import { type Bounds, formatBbox, MAX_OFFLINE_PLACES } from '@karta/contracts';
import { openDatabase } from '../apps/server/src/db/open-database.ts';
import { DEMO_CENTRE } from '../apps/server/src/demo-data/zagreb.ts';
import { startBenchServer } from './lib/bench-server.ts';
import {
  type BenchTarget,
  type SeededDatabase,
  sharedSeededDatabase,
  targetLabel,
} from './lib/seeded-database.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';

/** Timed answers per box: each is up to 20 000 places, so a few give a steady median. */
const RUNS = 7;

export interface OfflinePackFigures {
  target: BenchTarget;
  places: number;
  box: Bounds;
  /** Places in the answer: at most the pack's bound, as near to it as the data allows. */
  packed: number;
  /** Request to last byte, brotli as a browser asks: each run a box a hair smaller, so a pack built. */
  answer: Timings;
  /** The same, for the box asked before, while nothing changed: the pack kept. */
  kept: Timings;
  /** Bytes on the wire: as JSON, and as the server compresses it on the fly. */
  bytes: { raw: number; gzip: number; brotli: number };
  /** The 422 of a box holding every place (more than a pack may). */
  refused: { status: number; timings: Timings };
  /** The server's RSS after the packs (built one at a time, streamed; the kept ones included). */
  serverRssMb: number;
}

interface WireAnswer {
  status: number;
  body: Buffer;
  ms: number;
}

/** One GET with `accept-encoding`, read to its last byte as it came (not decompressed). */
function getRaw(url: string, encoding: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A square box (in degrees) around the demo centre holding at most {@link MAX_OFFLINE_PLACES}
 * published places, as many as the data allows: its half-width stops short of the first place
 * past the bound (measured on the public positions a box is tested on), with a margin for the
 * outward rounding of a box's edges. Every shape has its densest places around Zagreb.
 */
export async function fullestBox(database: SeededDatabase): Promise<Bounds> {
  const db = await openDatabase({
    databaseUrl: database.databaseUrl ?? null,
    dataDir: database.dataDir ?? '',
    statementTimeoutMs: 0,
  });
  try {
    return await fullestBoxOf(db);
  } finally {
    await db.close();
  }
}

/** {@link fullestBox} on a database already open (the server must not hold a PGlite folder meanwhile). */
export async function fullestBoxOf(db: Awaited<ReturnType<typeof openDatabase>>): Promise<Bounds> {
  const { rows } = await db.query<{ d: number }>(
    `SELECT greatest(abs(public_lat - $1), abs(public_lng - $2)) AS d FROM places
     WHERE status = 'published' ORDER BY d LIMIT 1 OFFSET $3`,
    [DEMO_CENTRE.lat, DEMO_CENTRE.lng, MAX_OFFLINE_PLACES],
  );
  // Fewer places than the bound in all: the whole world fits (the box clamped to it).
  const past = rows[0]?.d ?? 360;
  const half = Math.floor(past * 1e7) / 1e7 - 2e-7;
  return {
    west: Math.max(-180, DEMO_CENTRE.lng - half),
    south: Math.max(-90, DEMO_CENTRE.lat - half),
    east: Math.min(180, DEMO_CENTRE.lng + half),
    north: Math.min(90, DEMO_CENTRE.lat + half),
  };
}

/**
 * `GET /api/v1/offline-pack` on the real server over the target's shared database: the box
 * around Zagreb holding as many places as a pack may, timed with one client; its size raw and as
 * the server compresses it; and the refusal of a box holding every place.
 */
export async function benchOfflinePack(target: BenchTarget, count: number): Promise<OfflinePackFigures> {
  const database = await sharedSeededDatabase(target, count);
  const box = await fullestBox(database);
  const server = await startBenchServer(database);
  try {
    const url = `${server.url}/api/v1/offline-pack?bbox=${formatBbox(box)}`;
    const raw = await getRaw(url, 'identity');
    if (raw.status !== 200) throw new Error(`offline pack answered ${raw.status}: ${raw.body.toString()}`);
    const packed = (JSON.parse(raw.body.toString()) as { places: unknown[] }).places.length;
    const gzip = await getRaw(url, 'gzip');
    const times: number[] = [];
    const keptTimes: number[] = [];
    let brotli = 0;
    for (let run = 0; run < RUNS; run += 1) {
      // A millionth of a degree in from each edge per run: another pack to build, about as large.
      const inset = (run + 1) * 1e-6;
      const smaller = {
        west: box.west + inset,
        south: box.south + inset,
        east: box.east - inset,
        north: box.north - inset,
      };
      const answer = await getRaw(
        `${server.url}/api/v1/offline-pack?bbox=${formatBbox(smaller)}`,
        'br, gzip',
      );
      times.push(answer.ms);
      const again = await getRaw(url, 'br, gzip');
      keptTimes.push(again.ms);
      brotli = again.body.length;
    }
    const world = `${server.url}/api/v1/offline-pack?bbox=-180,-90,180,90`;
    const refusals = [];
    for (let run = 0; run < RUNS; run += 1) refusals.push(await getRaw(world, 'br, gzip'));
    return {
      target,
      places: count,
      box,
      packed,
      answer: summarise(times),
      kept: summarise(keptTimes),
      bytes: { raw: raw.body.length, gzip: gzip.body.length, brotli },
      refused: {
        status: refusals[0]?.status ?? 0,
        timings: summarise(refusals.map((answer) => answer.ms)),
      },
      serverRssMb: server.rssMb(),
    };
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

export function printOfflinePack(f: OfflinePackFigures): void {
  console.log(
    `  GET /api/v1/offline-pack, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, loopback, one client)`,
  );
  console.log(`    box ${formatBbox(f.box)}: ${f.packed.toLocaleString('en')} places packed`);
  console.log(
    `    answer (brotli) median ${ms(f.answer.median)}, p95 ${ms(f.answer.p95)} over ${f.answer.count} runs; kept, asked again: median ${ms(f.kept.median)}, p95 ${ms(f.kept.p95)}`,
  );
  console.log(
    `    size raw ${mb(f.bytes.raw)}, gzip ${mb(f.bytes.gzip)}, brotli ${mb(f.bytes.brotli)} (${(f.bytes.raw / Math.max(1, f.packed)).toFixed(0)} B a place raw)`,
  );
  console.log(
    `    whole world (more than ${MAX_OFFLINE_PLACES.toLocaleString('en')}): ${f.refused.status} in median ${ms(f.refused.timings.median)}, p95 ${ms(f.refused.timings.p95)}`,
  );
  console.log(`    server RSS after the packs ${f.serverRssMb.toFixed(0)} MB`);
}
