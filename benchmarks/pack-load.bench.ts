import { Agent, request } from 'node:http';
import { type Bounds, formatBbox } from '@karta/contracts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import { type BenchTarget, sharedSeededDatabase, targetLabel } from './lib/seeded-database.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { loadLine } from './map-api.bench.ts';
import { fullestBox } from './offline-pack.bench.ts';

/** The review's load: six clients asking for a large area's pack at the same time. */
const PACK_CLIENTS = 6;
/** Place reads with one client: to warm up, then quiet. */
const WARM_UP_READS = 300;
const QUIET_READS = 2000;
/** A client that is told to wait longer than this (or not told) waits this long. */
const MAX_WAIT_S = 10;

/** Six clients' packs, and the place reads made meanwhile. */
export interface PackRound {
  label: string;
  /** From the first request to the last client's last pack. */
  ms: number;
  /** Each pack's time from the client's first request for it (its retries included). */
  packs: Timings;
  /** Answers by status: 200, and 503 `server_busy` (waited for as `Retry-After` says, then asked again). */
  statuses: Record<number, number>;
  /** Different packs handed out (by `ETag`; each build has its own). */
  distinctPacks: number;
  reads: LoadResult;
  rssPeakMb: number;
}

export interface PackLoadFigures {
  target: BenchTarget;
  places: number;
  box: Bounds;
  /** `GET /api/v1/places/:id`, one client, with no pack asked for. */
  quiet: LoadResult;
  rounds: PackRound[];
}

interface PackAnswer {
  status: number;
  retryAfter: number | null;
  etag: string | null;
  bytes: number;
}

/** One pack as a browser asks for it (brotli or gzip), read to its last byte. */
function getPack(agent: Agent, url: string): Promise<PackAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        const retryAfter = Number(response.headers['retry-after']);
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
          etag: (response.headers.etag as string | undefined) ?? null,
          bytes,
        });
      });
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Six clients each ask for the pack of their box until they have it (a 503 is waited for as its
 * `Retry-After` says, then asked again, as the web app does), and then again every `repeat.everyMs`
 * until `repeat.forMs` have passed, if given; meanwhile one client reads single places one after
 * another.
 */
async function packRound(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  label: string,
  boxes: readonly Bounds[],
  readPaths: readonly string[],
  repeat = { forMs: 0, everyMs: 0 },
): Promise<PackRound> {
  const statuses: Record<number, number> = {};
  const etags = new Set<string>();
  let rssPeakMb = server.rssMb();
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, server.rssMb());
  }, 50);
  let done = false;
  const reads = runLoad(server.url, readPaths, {
    total: Number.MAX_SAFE_INTEGER,
    concurrency: 1,
    until: () => done,
  });
  const started = performance.now();
  const times: number[] = [];
  await Promise.all(
    boxes.map(async (box) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const url = `${server.url}/api/v1/offline-pack?bbox=${formatBbox(box)}`;
      try {
        for (let asked = performance.now(); ; asked += repeat.everyMs) {
          for (;;) {
            const answer = await getPack(agent, url);
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
            if (answer.status === 200) {
              if (answer.etag) etags.add(answer.etag);
              break;
            }
            if (answer.status !== 503) throw new Error(`offline pack answered ${answer.status}`);
            const wait = Math.min(MAX_WAIT_S, answer.retryAfter ?? MAX_WAIT_S);
            await new Promise((resume) => setTimeout(resume, wait * 1000));
          }
          times.push(performance.now() - asked);
          if (asked + repeat.everyMs - started >= repeat.forMs) break;
          const wait = asked + repeat.everyMs - performance.now();
          await new Promise((resume) => setTimeout(resume, Math.max(0, wait)));
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const elapsed = performance.now() - started;
  done = true;
  clearInterval(sampler);
  // Without ETags (a server that sends none) every 200 was a pack of its own.
  const distinctPacks = etags.size > 0 ? etags.size : (statuses[200] ?? 0);
  return {
    label,
    ms: elapsed,
    packs: summarise(times),
    statuses,
    distinctPacks,
    reads: await reads,
    rssPeakMb,
  };
}

/**
 * `GET /api/v1/places/:id` (one client) quietly, then while six clients ask for the pack of the
 * largest area a pack may hold: first six boxes a hair apart (six packs to build, as six people
 * saving about the same view), then the same box six times, then that box twice a second from
 * each client for five seconds (a pack now kept; the per-client limit, off here, allows one
 * every two seconds).
 */
export async function benchPackLoad(target: BenchTarget, count: number): Promise<PackLoadFigures> {
  const database = await sharedSeededDatabase(target, count);
  const box = await fullestBox(database);
  const server = await startBenchServer(database);
  try {
    const listed = await fetch(`${server.url}/api/v1/places?bbox=${formatBbox(box)}&limit=100`);
    if (!listed.ok) throw new Error(`the list answered ${listed.status}: ${await listed.text()}`);
    const { items } = (await listed.json()) as { items: { id: number }[] };
    const readPaths = items.map((item) => `/api/v1/places/${item.id}`);
    if (readPaths.length === 0) throw new Error('no published place to read');
    await runLoad(server.url, readPaths, { total: WARM_UP_READS, concurrency: 1 });
    const quiet = await runLoad(server.url, readPaths, { total: QUIET_READS, concurrency: 1 });
    // Each box a ten-thousandth of a degree inside the last: other packs, about as large.
    const nudged = Array.from({ length: PACK_CLIENTS }, (_, i) => ({
      west: box.west + (i + 1) * 1e-4,
      south: box.south + (i + 1) * 1e-4,
      east: box.east - (i + 1) * 1e-4,
      north: box.north - (i + 1) * 1e-4,
    }));
    const same = Array.from({ length: PACK_CLIENTS }, () => box);
    const rounds = [
      await packRound(server, 'six boxes', nudged, readPaths),
      await packRound(server, 'one box, six times', same, readPaths),
      await packRound(server, 'that box, 2/s each', same, readPaths, { forMs: 5000, everyMs: 500 }),
    ];
    return { target, places: count, box, quiet, rounds };
  } finally {
    await server.stop();
  }
}

export function printPackLoad(f: PackLoadFigures): void {
  console.log(
    `  GET /api/v1/places/:id while ${PACK_CLIENTS} clients ask for offline packs, ${f.places.toLocaleString('en')} places (real server, ${targetLabel(f.target)}, loopback)`,
  );
  console.log(`    box ${formatBbox(f.box)}`);
  console.log(loadLine('place read, quiet                ', f.quiet));
  for (const round of f.rounds) {
    const ratio = round.reads.latency.median / Math.max(1e-9, f.quiet.latency.median);
    const ratio95 = round.reads.latency.p95 / Math.max(1e-9, f.quiet.latency.p95);
    console.log(
      `${loadLine(`place read, packs of ${round.label}`.padEnd(33), round.reads)} (${ratio.toFixed(2)}× quiet median, ${ratio95.toFixed(2)}× p95)`,
    );
    console.log(
      `      ${round.packs.count} packs in ${ms(round.ms)} (each median ${ms(round.packs.median)}, max ${ms(round.packs.max)}); answers ${JSON.stringify(round.statuses)}; ${round.distinctPacks} different packs; server RSS at most ${round.rssPeakMb.toFixed(0)} MB`,
    );
  }
}
