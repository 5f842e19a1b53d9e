import sharp from 'sharp';
import { addModerators } from './lib/accounts.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { type LoadResult, runLoad } from './lib/http-load.ts';
import {
  type BenchTarget,
  copyOfSeededDatabase,
  removeSeededDatabase,
  targetLabel,
} from './lib/seeded-database.ts';
import { ms, summarise, type Timings } from './lib/stats.ts';
import { loadLine, mapPaths } from './map-api.bench.ts';

/** The burst: 4 uploads a second, for half a minute. */
const UPLOADS_PER_SECOND = 4;
const UPLOADS = 120;
/**
 * Each account may upload 100 photos an hour, write 60 times a minute and have 2 uploads going at
 * once (a queued upload takes seconds): the uploads are spread over this many moderators (whose
 * photos are published at once, as a busy site's would be), each sending one every 4 s.
 */
const MODERATORS = 16;
/** A phone's photo: 12 megapixels. */
const PHOTO = { width: 4000, height: 3000 };

export interface PhotoUploadFigures {
  target: BenchTarget;
  places: number;
  photoMb: number;
  uploads: number;
  /** How many answered 201, and how many 503 `server_busy` (too many waiting: try again). */
  stored: number;
  busy: number;
  other: number;
  /** From sending an upload to its answer (201 ones). */
  upload: Timings;
  /** The map, one client, before the uploads and while they arrive. */
  mapQuiet: LoadResult;
  mapDuringUploads: LoadResult;
  rssBeforeMb: number;
  rssPeakMb: number;
}

/**
 * Photos like a phone's: 12 MP of soft noise (so neither decoding nor encoding is trivially
 * cheap), each a little different, as JPEG at quality 85.
 */
async function phonePhotos(count: number): Promise<Blob[]> {
  const photos: Blob[] = [];
  for (let i = 0; i < count; i += 1) {
    const jpeg = await sharp({
      create: {
        ...PHOTO,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 100 + i * 10, sigma: 40 },
      },
    })
      .blur(1.5)
      .jpeg({ quality: 85 })
      .toBuffer();
    photos.push(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }));
  }
  return photos;
}

/**
 * On a copy of the seeded database: moderators upload 12 MP photos at 4 a second to places of
 * the data set while one client loads the map; the map's latency before and during the burst.
 */
export async function benchPhotoUploads(target: BenchTarget, count: number): Promise<PhotoUploadFigures> {
  const database = await copyOfSeededDatabase(target, count);
  try {
    const cookies = await addModerators(database, MODERATORS);
    const server = await startBenchServer(database);
    try {
      const photos = await phonePhotos(4);
      const paths = mapPaths(target);
      await runLoad(server.url, paths, { total: 1000, concurrency: 1 }); // warm up
      const mapQuiet = await runLoad(server.url, paths, { total: 2000, concurrency: 1 });

      const rssBeforeMb = server.rssMb();
      let rssPeakMb = rssBeforeMb;
      const sampler = setInterval(() => {
        rssPeakMb = Math.max(rssPeakMb, server.rssMb());
      }, 100);
      let done = false;
      const mapLoad = runLoad(server.url, paths, {
        total: Number.MAX_SAFE_INTEGER,
        concurrency: 1,
        until: () => done,
      });
      const answers = await Promise.all(
        Array.from(
          { length: UPLOADS },
          (_, i) =>
            new Promise<{ status: number; ms: number }>((answered) =>
              setTimeout(
                async () => {
                  const started = performance.now();
                  // Seeded places have ids 1…count; each upload goes to a place of its own.
                  const status = await fetch(`${server.url}/api/v1/places/${1 + i}/photos`, {
                    method: 'POST',
                    headers: { 'content-type': 'image/jpeg', cookie: cookies[i % cookies.length] ?? '' },
                    body: photos[i % photos.length],
                  }).then(
                    async (response) => {
                      await response.arrayBuffer();
                      return response.status;
                    },
                    () => 0,
                  );
                  answered({ status, ms: performance.now() - started });
                },
                (i * 1000) / UPLOADS_PER_SECOND,
              ),
            ),
        ),
      );
      done = true;
      clearInterval(sampler);
      const mapDuringUploads = await mapLoad;
      const stored = answers.filter((answer) => answer.status === 201);
      const busy = answers.filter((answer) => answer.status === 503).length;
      return {
        target,
        places: count,
        photoMb: (photos[0]?.size ?? 0) / 1024 / 1024,
        uploads: UPLOADS,
        stored: stored.length,
        busy,
        other: UPLOADS - stored.length - busy,
        upload: summarise(stored.map((answer) => answer.ms)),
        mapQuiet,
        mapDuringUploads,
        rssBeforeMb,
        rssPeakMb,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await removeSeededDatabase(database);
  }
}

export function printPhotoUploads(f: PhotoUploadFigures): void {
  console.log(
    `  Photo uploads, ${f.places.toLocaleString('en')} published places (${targetLabel(f.target)}, ${UPLOADS_PER_SECOND} uploads/s of ${PHOTO.width}×${PHOTO.height} JPEGs, ${f.photoMb.toFixed(1)} MB each)`,
  );
  console.log(
    `    ${f.stored} of ${f.uploads} stored, ${f.busy} refused as busy (503, try again), ${f.other} other; an upload took median ${ms(f.upload.median)}, p95 ${ms(f.upload.p95)}`,
  );
  console.log(
    `    server RSS ${f.rssBeforeMb.toFixed(0)} MB before, ${f.rssPeakMb.toFixed(0)} MB at most during`,
  );
  console.log(loadLine('map, quiet          ', f.mapQuiet));
  console.log(loadLine('map, during uploads ', f.mapDuringUploads));
}
