import { formatBbox, type MapResponse } from '@karta/contracts';
import { addModerators, sendJson } from './lib/accounts.ts';
import { type BenchServer, startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import {
  type BenchTarget,
  copyOfSeededDatabase,
  removeSeededDatabase,
  targetLabel,
} from './lib/seeded-database.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { loadLine, mapPaths } from './map-api.bench.ts';

const CHANGES_PER_SECOND = 10;
const CHANGES = 200;
/** A change not on the map this long after it was sent counts as never seen. */
const VISIBLE_TIMEOUT_MS = 60_000;
const POLL_EVERY_MS = 20;
/** Each account may write 60 times a minute: the writes are spread over this many moderators. */
const MODERATORS = 12;
/** The changed places go to a grid in the South Atlantic, where no place of either data shape is. */
const AREA = { lat: -48, lng: -30, columns: 20, dLat: 0.002, dLng: 0.003 };
/** Zoom at which the grid's places (~200 m apart) are never clustered together. */
const POLL_ZOOM = 17;

export interface ChangeVisibilityFigures {
  target: BenchTarget;
  places: number;
  /** 1: the reader asks the server that took the write; 2: another server on the same PostgreSQL. */
  instances: 1 | 2;
  changes: number;
  visible: number;
  /** From sending the write to the first map answer holding the change (the ones that showed). */
  changeToVisible: Timings;
  write: Timings;
  /** The map, one client, on the reading server before the writes and while they arrive. */
  mapQuiet: LoadResult;
  mapDuringChanges: LoadResult;
  /** Index builds the reading server logged while the changes arrived. */
  indexBuilds: number;
}

const spot = (i: number) => ({
  lat: Math.round((AREA.lat + Math.floor(i / AREA.columns) * AREA.dLat) * 1e6) / 1e6,
  lng: Math.round((AREA.lng + (i % AREA.columns) * AREA.dLng) * 1e6) / 1e6,
});

interface Change {
  spot: { lat: number; lng: number };
  send: () => Promise<unknown>;
  sentAt?: number;
  answeredAt?: number;
  visibleAt?: number;
}

/** Waits until `server` has logged no index build for `quietMs` (bounded by a minute). */
async function settle(server: BenchServer, quietMs = 2000): Promise<void> {
  const deadline = Date.now() + 60_000;
  let builds = server.indexBuilds().length;
  let quietSince = Date.now();
  while (Date.now() < deadline && Date.now() - quietSince < quietMs) {
    await new Promise((done) => setTimeout(done, 200));
    if (server.indexBuilds().length !== builds) {
      builds = server.indexBuilds().length;
      quietSince = Date.now();
    }
  }
}

/**
 * Half the changes move a published place (a moderator's PATCH of its position), half publish a
 * place proposed beforehand (a moderator's transition). Both land in the grid of {@link AREA}.
 */
async function prepareChanges(writer: string, cookies: readonly string[], count: number): Promise<Change[]> {
  const changes: Change[] = [];
  const cookieOf = (i: number) => cookies[i % cookies.length] as string;
  const categories = await sendJson<{ items: { id: number }[] }>(
    `${writer}/api/v1/categories`,
    cookieOf(0),
    'GET',
  );
  const categoryId = categories.items[0]?.id;
  for (
    let id = 1;
    changes.length < CHANGES / 2 && id <= count;
    id += Math.max(1, Math.floor(count / CHANGES))
  ) {
    const place = await sendJson<{ version: number; locationPrivacy: string }>(
      `${writer}/api/v1/places/${id}`,
      cookieOf(0),
      'GET',
    );
    // A coarsened place is drawn away from its position: only exact ones can be looked for.
    if (place.locationPrivacy !== 'exact') continue;
    const to = spot(changes.length * 2);
    const cookie = cookieOf(changes.length);
    changes.push({
      spot: to,
      send: () =>
        sendJson(`${writer}/api/v1/places/${id}`, cookie, 'PATCH', { ...to, version: place.version }),
    });
  }
  while (changes.length < CHANGES) {
    const to = spot(changes.length * 2 + 1);
    const cookie = cookieOf(changes.length);
    const proposed = await sendJson<{ id: number; version: number }>(
      `${writer}/api/v1/places`,
      cookie,
      'POST',
      {
        categoryId,
        name: { en: `Bench change ${changes.length}` },
        ...to,
      },
    );
    changes.push({
      spot: to,
      send: () =>
        sendJson(`${writer}/api/v1/places/${proposed.id}/transition`, cookie, 'POST', {
          to: 'published',
          version: proposed.version,
        }),
    });
  }
  return changes;
}

/**
 * On a copy of the seeded database: moderators send 10 changes a second to one server while a
 * reader polls `GET /api/v1/map` over the changed places every 20 ms (on the same server, or with
 * `instances: 2` on a second one on the same PostgreSQL), and one client loads the map meanwhile.
 */
export async function benchChangeVisibility(
  target: BenchTarget,
  count: number,
  instances: 1 | 2 = 1,
): Promise<ChangeVisibilityFigures> {
  if (instances === 2 && target.db !== 'postgres') throw new Error('two instances need PostgreSQL');
  const database = await copyOfSeededDatabase(target, count);
  const servers: BenchServer[] = [];
  try {
    const cookies = await addModerators(database, MODERATORS);
    const writer = await startBenchServer(database);
    servers.push(writer);
    const reader = instances === 2 ? await startBenchServer(database) : writer;
    if (reader !== writer) servers.push(reader);
    const changes = await prepareChanges(writer.url, cookies, count);
    await settle(writer);
    await settle(reader);

    const paths = mapPaths(target);
    await runLoad(reader.url, paths, { total: 1000, concurrency: 1 }); // warm up
    const mapQuiet = await runLoad(reader.url, paths, { total: 2000, concurrency: 1 });

    const buildsBefore = reader.indexBuilds().length;
    const rows = Math.ceil((CHANGES * 2) / AREA.columns);
    const grid = {
      west: AREA.lng - 0.01,
      south: AREA.lat - 0.01,
      east: AREA.lng + AREA.columns * AREA.dLng + 0.01,
      north: AREA.lat + rows * AREA.dLat + 0.01,
    };
    const pollPath = `/api/v1/map?bbox=${formatBbox(grid)}&zoom=${POLL_ZOOM}`;
    let done = false;
    const poll = async () => {
      while (!done) {
        const response = await fetch(`${reader.url}${pollPath}`);
        const now = performance.now();
        const answer = response.ok ? ((await response.json()) as MapResponse) : { places: [] };
        const shown = new Set(answer.places.map((place) => `${place.lat},${place.lng}`));
        for (const change of changes) {
          if (
            change.sentAt !== undefined &&
            change.visibleAt === undefined &&
            shown.has(`${change.spot.lat},${change.spot.lng}`)
          ) {
            change.visibleAt = now;
          }
        }
        await new Promise((wait) => setTimeout(wait, POLL_EVERY_MS));
      }
    };
    const polling = poll();
    const mapLoad = runLoad(reader.url, paths, {
      total: Number.MAX_SAFE_INTEGER,
      concurrency: 1,
      until: () => done,
    });
    const writes = changes.map(
      (change, i) =>
        new Promise<void>((sent) =>
          setTimeout(
            () => {
              change.sentAt = performance.now();
              change.send().then(
                () => {
                  change.answeredAt = performance.now();
                  sent();
                },
                (error: Error) => {
                  console.warn(`    a change failed: ${error.message}`);
                  sent();
                },
              );
            },
            (i * 1000) / CHANGES_PER_SECOND,
          ),
        ),
    );
    await Promise.all(writes);
    const deadline = performance.now() + VISIBLE_TIMEOUT_MS;
    while (changes.some((c) => c.visibleAt === undefined) && performance.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 50));
    }
    done = true;
    const [mapDuringChanges] = await Promise.all([mapLoad, polling]);
    const seen = changes.filter((c) => c.visibleAt !== undefined && c.sentAt !== undefined);
    return {
      target,
      places: count,
      instances,
      changes: changes.length,
      visible: seen.length,
      changeToVisible: summarise(seen.map((c) => (c.visibleAt as number) - (c.sentAt as number))),
      write: summarise(
        changes
          .filter((c) => c.answeredAt !== undefined)
          .map((c) => (c.answeredAt as number) - (c.sentAt as number)),
      ),
      mapQuiet,
      mapDuringChanges,
      indexBuilds: reader.indexBuilds().length - buildsBefore,
    };
  } finally {
    for (const server of servers) await server.stop();
    await removeSeededDatabase(database);
  }
}

export function printChangeVisibility(f: ChangeVisibilityFigures): void {
  const where = f.instances === 2 ? 'written to one server, read from another' : 'one server';
  console.log(
    `  A change visible on the map, ${f.places.toLocaleString('en')} published places (${targetLabel(f.target)}, ${where}, ${CHANGES_PER_SECOND} changes/s)`,
  );
  const c = f.changeToVisible;
  console.log(
    `    change → on the map: median ${ms(c.median)}, p95 ${ms(c.p95)}, max ${ms(c.max)}; ${f.visible} of ${f.changes} seen within ${VISIBLE_TIMEOUT_MS / 1000} s; ${f.indexBuilds} full index builds meanwhile`,
  );
  console.log(`    the write itself: median ${ms(f.write.median)}, p95 ${ms(f.write.p95)}`);
  console.log(loadLine('map, quiet          ', f.mapQuiet));
  console.log(loadLine('map, during changes ', f.mapDuringChanges));
}
