/**
 * Holds the one clustering index of the server in its own thread: building it for a million
 * places takes seconds, and no request may wait on the main thread for that. Changes are applied
 * to the same index between queries, at a cost that does not grow with the number of places.
 */
import { parentPort } from 'node:worker_threads';
import type { ClusterIndex, DistanceOf } from '@karta/map-core/clustering';
import { distanceMetres } from '@karta/place-search';
import { IndexBuild } from './index-build.ts';
import type { IndexedWords } from './indexed-words.ts';
import type { OpenHoursTracker } from './open-hours-tracker.ts';
import { type MapIndexRequest, type MapIndexResponse, type PackedPlace, unpackPlace } from './protocol.ts';
import { searchPage } from './search-page.ts';
import { selectMatches } from './select-matches.ts';

const port = parentPort;
if (!port) throw new Error('map-index-worker must run in a worker thread');

/**
 * Changes pending in the index's delta that make an idle moment compact it (the engine compacts
 * by itself past max(2 000, size / 200), possibly while queries wait): at most one compaction per
 * this many changes, and none while requests keep coming.
 */
const IDLE_COMPACT_MIN_CHANGES = 500;
/** No request for this long counts as an idle moment. */
const IDLE_MS = 1000;

/** The build under way, if any: the current index answers meanwhile. */
let building: IndexBuild | undefined;
let parseMs = 0;
let index: ClusterIndex | undefined;
/** The words of the places `index` holds, for searches. */
let words: IndexedWords | undefined;
/**
 * The hours keys of the indexed places and which are open now, read with the `hours` of the last
 * build's message (a new tracker each build); none before the first build.
 */
let hours: OpenHoursTracker | undefined;
let clockTimer: NodeJS.Timeout | undefined;

/** Metres as the database measures them (place-sql.ts), so a page from memory is the SQL's page. */
const distanceOf: DistanceOf = (origin, lat, lng) => distanceMetres(origin, { lat, lng });

let lastRequestAt = 0;
let idleTimer: NodeJS.Timeout | undefined;

/** Compacts the index once no request has come for IDLE_MS, when no query is likely to wait for it. */
function compactWhenIdle() {
  if (idleTimer || !index || index.pendingChanges < IDLE_COMPACT_MIN_CHANGES) return;
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (performance.now() - lastRequestAt < IDLE_MS) return compactWhenIdle();
    index?.compact();
  }, IDLE_MS);
  idleTimer.unref();
}

/** The hours of the index built: there are none before the first build. */
function tracker(): OpenHoursTracker {
  if (!hours) throw new Error('The index is not built yet');
  return hours;
}

/** The index's number for an hours key, evaluated now when new. */
const hoursIdOf = (key: string | null) => tracker().idOf(key, Date.now());

/**
 * Follows the clock: at each key's next change the open set is evaluated again and handed to the
 * index, which moves only the places whose key changed (or rebuilds its open layers at once when
 * most did, as at the minute most places open).
 */
function followClock() {
  clearTimeout(clockTimer);
  const clock = tracker();
  clockTimer = setTimeout(() => {
    clock.advance(Date.now());
    if (clock.takeChange()) index?.setOpenHours(clock.open);
    followClock();
  }, clock.waitFrom(Date.now()));
  clockTimer.unref();
}

/** Hands the index the open set after places arrived, when a new key changed it. */
function syncOpenHours(target: ClusterIndex) {
  const open = tracker();
  if (open.takeChange()) target.setOpenHours(open.open);
  followClock();
}

function send(message: MapIndexResponse) {
  port?.postMessage(message);
}

function built(): ClusterIndex {
  if (!index) throw new Error('The index is not built yet');
  return index;
}

function builtWords(): IndexedWords {
  if (!words) throw new Error('The index is not built yet');
  return words;
}

port.on('message', (request: MapIndexRequest) => {
  lastRequestAt = performance.now();
  try {
    if (request.type === 'begin-build') {
      building = new IndexBuild(request.maxZoom, request.hours);
      parseMs = 0;
    } else if (request.type === 'drop-build') {
      building = undefined;
      parseMs = 0;
    } else if (request.type === 'page') {
      if (!building) throw new Error('No build is under way');
      const started = performance.now();
      building.add(JSON.parse(request.json) as PackedPlace[]);
      parseMs += performance.now() - started;
      send({ type: 'staged', id: request.id });
    } else if (request.type === 'build') {
      if (!building) throw new Error('No build is under way');
      // Queries wait while this thread builds, so the old index would answer none of them:
      // let it go first, and the build never needs the memory of two indexes' layers.
      index = undefined;
      words = undefined;
      const started = performance.now();
      const finished = building.finish();
      building = undefined;
      ({ index, words, hours } = finished);
      followClock();
      send({
        type: 'built',
        id: request.id,
        size: index.size,
        parseMs,
        buildMs: performance.now() - started,
      });
      parseMs = 0;
    } else if (request.type === 'apply') {
      const target = built();
      const targetWords = builtWords();
      const started = performance.now();
      for (const packed of JSON.parse(request.upserts) as PackedPlace[]) {
        targetWords.upsert(packed, () => target.upsert(unpackPlace(packed, hoursIdOf)));
      }
      for (const id of JSON.parse(request.removals) as number[]) targetWords.remove(id);
      syncOpenHours(target);
      send({
        type: 'applied',
        id: request.id,
        size: target.size,
        pendingChanges: target.pendingChanges,
        applyMs: performance.now() - started,
      });
      compactWhenIdle();
    } else if (request.type === 'query') {
      send({ type: 'result', id: request.id, json: JSON.stringify(built().query(request.query)) });
    } else if (request.type === 'count') {
      send({ type: 'counted', id: request.id, count: built().count(request.query) });
    } else if (request.type === 'nearest') {
      send({ type: 'near', id: request.id, ...built().nearest(request.query, distanceOf) });
    } else if (request.type === 'match-query') {
      const { match, query } = request;
      const target = built();
      // Everything that picks the set, so a kept set is only reused for the same one.
      const key = JSON.stringify([
        match,
        query.categories ?? [],
        query.openNow === true,
        query.filters ?? [],
      ]);
      const answer = target.queryAmong(
        key,
        () => selectMatches(target, builtWords(), match, query, distanceOf),
        query,
      );
      send({ type: 'result', id: request.id, json: JSON.stringify(answer) });
    } else if (request.type === 'search') {
      const page = searchPage(built(), builtWords(), request.query, distanceOf);
      send({ type: 'ranked', id: request.id, page });
    }
  } catch (error) {
    if ('id' in request) send({ type: 'error', id: request.id, message: (error as Error).message });
  }
});
