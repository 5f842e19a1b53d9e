/**
 * Holds the one clustering index of the server in its own thread, the writer: building it for a
 * million places takes seconds, and no request may wait on the main thread for that. Changes are
 * applied to the same index between queries, at a cost that does not grow with the number of
 * places. Built shared, the index is read by reader threads too (map-index-reader.ts): each gets
 * the index's image after a build and its changes after each change, and says how far it is.
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import type { ClusterIndex } from '@karta/map-core/clustering';
import { IndexBuild } from './index-build.ts';
import { answerRead } from './index-reads.ts';
import type { IndexedWords } from './indexed-words.ts';
import type { OpenHoursTracker } from './open-hours-tracker.ts';
import {
  type FromReader,
  type IndexState,
  type MapIndexRequest,
  type MapIndexResponse,
  type PackedPlace,
  type ToReader,
  unpackPlace,
} from './protocol.ts';

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
/** How many indexes this thread has built: the readers follow the last one. */
let builds = 0;
/** The readers' channels, and how far each has applied the index's changes. */
const readers: { port: MessagePort; at: IndexState }[] = [];

function toReader(reader: { port: MessagePort }, message: ToReader) {
  reader.port.postMessage(message);
}

/** Whether `index` was built shared, for the readers. */
let shared = false;

/** Where the index stands: what a read asked of a reader after this moment must see. */
function state(): IndexState {
  return { build: builds, changes: index?.changesMade ?? 0 };
}

/** Sends readers the index to follow, with every change made so far: one image for them all. */
function startReaders(targets: readonly { port: MessagePort; at: IndexState }[]) {
  if (!index || !shared || targets.length === 0) return;
  publish();
  const image = index.image();
  const words = builtWords().words.image();
  for (const reader of targets) {
    // It reads nothing freed before its image: it is as far as the image from the start.
    reader.at = { build: builds, changes: image.position };
    toReader(reader, { type: 'follow', build: builds, image, words });
  }
}

/** Hands the readers the index's changes since the last time (a shared index's only). */
function publish() {
  if (!index || !shared) return;
  const changes = index.takeChanges();
  const wordChanges = builtWords().words.takeChanges();
  if (changes.changes.length === 0 && wordChanges.length === 0) return;
  for (const reader of readers) {
    toReader(reader, { type: 'changes', build: builds, changes, words: wordChanges });
  }
  recycle();
}

/** Gives new places the slots every reader is past. */
function recycle() {
  if (!index || !shared) return;
  let reached = index.changesMade;
  for (const reader of readers)
    if (reader.at.build === builds) reached = Math.min(reached, reader.at.changes);
  index.followersAt(reached);
}

/** A reader's channel: it follows the index from now on. */
function addReader(port: MessagePort) {
  const reader = { port, at: { build: -1, changes: 0 } };
  readers.push(reader);
  port.on('message', (message: FromReader) => {
    reader.at = { build: message.build, changes: message.changes };
    recycle();
  });
  // A reader gone (its thread stopped) holds nothing back.
  port.on('close', () => readers.splice(readers.indexOf(reader), 1));
  startReaders([reader]);
}

let lastRequestAt = 0;
let idleTimer: NodeJS.Timeout | undefined;

/** Compacts the index once no request has come for IDLE_MS, when no query is likely to wait for it. */
function compactWhenIdle() {
  if (idleTimer || !index || index.pendingChanges < IDLE_COMPACT_MIN_CHANGES) return;
  idleTimer = setTimeout(() => {
    idleTimer = undefined;
    if (performance.now() - lastRequestAt < IDLE_MS) return compactWhenIdle();
    index?.compact();
    publish();
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
    publish();
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
    if (request.type === 'reader') {
      addReader(request.port);
    } else if (request.type === 'begin-build') {
      building = new IndexBuild(request.maxZoom, request.hours, request.shared);
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
      for (const reader of readers) toReader(reader, { type: 'drop' });
      const started = performance.now();
      const finished = building.finish();
      shared = building.shared;
      building = undefined;
      ({ index, words, hours } = finished);
      builds += 1;
      followClock();
      startReaders(readers);
      send({
        type: 'built',
        id: request.id,
        size: index.size,
        parseMs,
        buildMs: performance.now() - started,
        at: state(),
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
      publish();
      send({
        type: 'applied',
        id: request.id,
        size: target.size,
        pendingChanges: target.pendingChanges,
        applyMs: performance.now() - started,
        at: state(),
      });
      compactWhenIdle();
    } else {
      send(answerRead(built(), builtWords(), request));
    }
  } catch (error) {
    if ('id' in request) send({ type: 'error', id: request.id, message: (error as Error).message });
  }
});
