import { MessageChannel } from 'node:worker_threads';
import type { ClusterQuery, CountQuery, NearestQuery, NearHit } from '@karta/map-core/clustering';
import type { Database } from '../db/database.ts';
import type { HoursSettings } from '../opening-hours/open-state.ts';
import type { RankedPage, RankedSearch } from '../places/published-search.ts';
import { startTsWorker } from '../workers/start-ts-worker.ts';
import { currentPosition, type LogPosition, readChangesSince } from './change-log.ts';
import type { ChangeWatch } from './change-watch.ts';
import { IndexWorker, MapIndexNotReadyError, type RequestBody } from './index-worker.ts';
import { loadPublishedPlaces } from './load-places.ts';
import type { IndexRead, IndexState, MapIndexResponse, MapMatch } from './protocol.ts';

export { MapIndexNotReadyError } from './index-worker.ts';

const WORKER_ENTRY = new URL('./map-index-worker.ts', import.meta.url);
const READER_ENTRY = new URL('./map-index-reader.ts', import.meta.url);

const QUERY_TIMEOUT_MS = 5000;
/**
 * More changed places than this in one read are loaded by a full rebuild instead (a bulk import,
 * say). Applying this many holds the worker 0.25–0.5 s at 100k places (compactions included),
 * about what a build holds it for at 1M: past that, building afresh costs the worker less.
 */
export const MAX_CHANGES_PER_BATCH = 20_000;
/**
 * A position not read for this long (the database was away) may have had changes purged from the
 * log since (they are kept an hour, see ChangeFollower): the index is rebuilt instead of trusted.
 */
export const STALE_AFTER_MS = 10 * 60 * 1000;
/**
 * How long a watch's word that nothing changed is taken (see watchChanges): past it, a read looks
 * at the log again, so a change the watch missed (a notification lost on the way) is counted
 * within a second. The follower's polls (twice a second) keep the last look younger than that.
 */
export const WATCH_TRUSTED_MS = 1000;

export interface MapIndexStats {
  /** Places in the index now. */
  size: number;
  /** Figures of the last full build. */
  loadMs: number;
  parseMs: number;
  buildMs: number;
  /** Full builds since the service started (the first one included). */
  builds: number;
  /** The newest change-log id at the index's last read of the log. */
  changeId: number;
  /** Changed places applied since the last full build, and the time the last batch took. */
  changesApplied: number;
  lastApplyMs: number;
  /** Changes in the index's delta as of the last batch, not yet compacted (see map-index-worker.ts). */
  pendingChanges: number;
}

const DEFAULT_HOURS: HoursSettings = { timeZone: 'Europe/Zagreb', country: 'hr' };

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MapIndexOptions {
  maxZoom: number;
  /** Where opening hours are read for the open-now filter (default Europe/Zagreb, hr). */
  hours?: HoursSettings;
  logger?: Logger;
  /** See MAX_CHANGES_PER_BATCH. */
  maxChangesPerBatch?: number;
  /** See STALE_AFTER_MS. */
  staleAfterMs?: number;
  /**
   * Threads that answer the reads from the index in shared memory (map-index-reader.ts); none by
   * default: the writer answers them too (the server passes MAP_INDEX_READERS).
   */
  readers?: number;
}

/** Told the places changed in a batch read from the change log, or 'all' (see onPlacesChanged). */
export type PlacesChanged = (ids: readonly number[] | 'all') => void;

/**
 * The in-memory clustering index of published places: one copy, held by one worker thread (the
 * writer), the main thread holds none. It is built once from the database, then follows the
 * change log (`catchUp`): the places changed since the last read are loaded and applied to the
 * same index, at a cost that does not grow with the number of places. Builds and catch-ups run
 * one at a time. The index and its words are in shared memory, and reader threads answer every
 * read from them (views, counts, nearest pages, searches, maps of matches), each asked once it has
 * the changes the main thread saw applied.
 */
export class MapIndexService {
  private worker: IndexWorker | undefined;
  private readers: IndexWorker[] = [];
  /** Reads answered by readers since stopped. */
  private lostReaderAnswers = 0;
  /** The writer's state after the last build or change applied: what every read must see. */
  private at: IndexState | undefined;
  /** Where the index stands in the change log; undefined when only a full build can help. */
  private position: LogPosition | undefined;
  private built = false;
  private closed = false;
  private stats: MapIndexStats | undefined;
  private builds = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private queuedBuild: Promise<void> | undefined;
  private queuedCatchUp: Promise<void> | undefined;
  private readonly changeListeners = new Set<PlacesChanged>();
  private watch: ChangeWatch | undefined;
  /** The last read of the change log (a catch-up or a build): the watch's mark as it began, and how it ended. */
  private lastLogRead: { mark: number; at: number; succeeded: Promise<boolean> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: MapIndexOptions,
  ) {}

  /**
   * Calls `listener` with the places of each batch of changes the index reads from the change log
   * (before a read that caught up with it is answered), and with 'all' when a build starts
   * from the log's current position (the changes before it are not read one by one). What is
   * kept of published places elsewhere follows the log so. Returns the way to stop.
   */
  onPlacesChanged(listener: PlacesChanged): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Lets reads that must count every change committed before them (`count`, `nearest`,
   * `search`) skip the look at the change log while `watch` says nothing can have changed since
   * the last one began (at most WATCH_TRUSTED_MS ago). Without a watch every such read looks.
   */
  watchChanges(watch: ChangeWatch): void {
    this.watch = watch;
  }

  private placesChanged(ids: readonly number[] | 'all'): void {
    for (const listener of this.changeListeners) listener(ids);
  }

  /** Whether queries can be answered. */
  get ready(): boolean {
    return this.built && this.worker !== undefined;
  }

  /** The reader threads running now, and the reads they answered (the readers before them included). */
  get readerFigures(): { readers: number; answered: number } {
    return { readers: this.readers.length, answered: this.lostReaderAnswers + sumAnswered(this.readers) };
  }

  /** Figures of the index: its last full build and the changes applied since. */
  get lastBuild(): MapIndexStats | undefined {
    return this.stats;
  }

  /**
   * Clusters and places of one viewport (a ClusterResult), as JSON text. The worker encodes it:
   * copying a text out of the worker is a copy of its bytes, where the answer's objects would be
   * cloned one by one and then encoded again on the main thread, which serves every request.
   */
  async queryJson(query: ClusterQuery): Promise<string> {
    if (!this.ready) throw new MapIndexNotReadyError();
    return answerOf(await this.read({ type: 'query', query }), 'result').json;
  }

  /**
   * Asks a reader (the writer when there is none): a read that a reader keeps something for (a
   * search's answers, a set of matches, a filter's layers) the reader its key falls to, so each is
   * kept once and found again; any other the reader with the fewest reads in flight.
   */
  private read(body: Extract<RequestBody, { type: IndexRead['type'] }>) {
    let reader: IndexWorker | undefined;
    const key = keptFor(body);
    if (key !== undefined && this.readers.length > 0) {
      reader = this.readers[hashOf(key) % this.readers.length];
    } else {
      for (const each of this.readers) if (!reader || each.pending < reader.pending) reader = each;
    }
    const target = reader ?? this.worker;
    if (!target) throw new MapIndexNotReadyError();
    return target.request(reader && this.at ? { ...body, after: this.at } : body, QUERY_TIMEOUT_MS);
  }

  /**
   * One viewport of the map of a set of matches (a search, a circle, a spot) among the published
   * places, with `matches` (their number and box), as JSON text; null when the index leaves the set
   * to the database (see select-matches.ts).
   */
  async matchesJson(match: MapMatch, query: ClusterQuery): Promise<string | null> {
    if (!this.ready) throw new MapIndexNotReadyError();
    const { json } = answerOf(await this.read({ type: 'match-query', match, query }), 'result');
    return json === 'null' ? null : json;
  }

  /**
   * How many published places match the query's filters in its box, counting every change
   * committed before the call (it catches up with the change log first), so a list read after a
   * write counts that write.
   */
  async count(query: CountQuery): Promise<number> {
    const answer = await this.requestCaughtUp({ type: 'count', query });
    return answerOf(answer, 'counted').count;
  }

  /**
   * A nearest-first page of the published places matching the query's filters within its
   * distance, and their total if asked, counting every change committed before the call (as
   * `count`).
   */
  async nearest(query: NearestQuery): Promise<{ hits: NearHit[]; more: boolean; total?: number }> {
    const { hits, more, total } = answerOf(await this.requestCaughtUp({ type: 'nearest', query }), 'near');
    return total === undefined ? { hits, more } : { hits, more, total };
  }

  /**
   * A ranked page of the published places matching a search as written (every word somewhere in
   * their texts) and the query's filters, and their total if asked, counting every change
   * committed before the call (as `count`); null when the word index leaves the search to the
   * database (a word that folds to several).
   */
  async search(query: RankedSearch): Promise<RankedPage | null> {
    return answerOf(await this.requestCaughtUp({ type: 'search', query }), 'ranked').page;
  }

  /** Asks the index once it has caught up with the change log, so a read after a write sees it. */
  private async requestCaughtUp(body: Extract<RequestBody, { type: 'count' | 'nearest' | 'search' }>) {
    // Not ready: a catch-up would build the index, which is not a read's to start.
    if (!this.ready) throw new MapIndexNotReadyError();
    if (!(await this.nothingChangedSinceLastLogRead())) await this.catchUp();
    if (!this.ready || !this.worker) throw new MapIndexNotReadyError();
    return this.read(body);
  }

  /**
   * Whether the last read of the change log saw every change committed until now: the watch's
   * mark is the one noted as it began, not long ago, and it succeeded (waited for, if it runs).
   */
  private async nothingChangedSinceLastLogRead(): Promise<boolean> {
    const last = this.lastLogRead;
    if (!last || performance.now() - last.at > WATCH_TRUSTED_MS) return false;
    const mark = this.watch?.mark();
    return mark !== undefined && mark === last.mark && (await last.succeeded);
  }

  /** Runs a read of the change log (a catch-up or a build), noting the watch's mark as it begins. */
  private readingTheLog(read: () => Promise<void>): Promise<void> {
    const mark = this.watch?.mark();
    const run = read();
    this.lastLogRead =
      mark === undefined
        ? undefined
        : {
            mark,
            at: performance.now(),
            succeeded: run.then(
              () => true,
              () => false,
            ),
          };
    return run;
  }

  /**
   * Builds the index afresh from the database. Calls while one is queued share it; calls while
   * one runs queue one more after it. Resolves when the index is built.
   */
  rebuild(): Promise<void> {
    this.queuedBuild ??= this.serially(() => {
      this.queuedBuild = undefined;
      return this.readingTheLog(() => this.buildOnce());
    });
    return this.queuedBuild;
  }

  /**
   * Applies the changes committed since the index's last read of the change log, or rebuilds
   * when they are too many or the position is unusable. Resolves when the index is current.
   */
  catchUp(): Promise<void> {
    this.queuedCatchUp ??= this.serially(() => {
      this.queuedCatchUp = undefined;
      return this.readingTheLog(() => this.catchUpOnce());
    });
    return this.queuedCatchUp;
  }

  private serially(task: () => Promise<void>): Promise<void> {
    const run = this.tail.then(() => {
      if (this.closed) throw new MapIndexNotReadyError('The map index is closed');
      return task();
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async catchUpOnce(): Promise<void> {
    const since = this.position;
    const worker = this.worker;
    if (!since || !worker || !this.stats) return this.buildOnce();
    if (Date.now() - since.readAt > (this.options.staleAfterMs ?? STALE_AFTER_MS)) {
      this.options.logger?.info(
        { lastReadAt: new Date(since.readAt) },
        'map index too far behind: rebuilding',
      );
      return this.buildOnce();
    }
    const limit = this.options.maxChangesPerBatch ?? MAX_CHANGES_PER_BATCH;
    const batch = await readChangesSince(this.db, since, limit);
    if (batch.overflow) {
      this.options.logger?.info({ limit }, 'more places changed than one batch takes: rebuilding');
      return this.buildOnce();
    }
    if (batch.ids.length > 0) this.placesChanged(batch.ids);
    if (batch.changed > 0) {
      try {
        const applied = answerOf(
          await worker.request({ type: 'apply', upserts: batch.upserts, removals: batch.removals }),
          'applied',
        );
        this.at = applied.at;
        this.stats.size = applied.size;
        this.stats.changesApplied += batch.changed;
        this.stats.lastApplyMs = applied.applyMs;
        this.stats.pendingChanges = applied.pendingChanges;
      } catch (error) {
        // Part of the batch may be in the index: only a full build knows what the index holds.
        this.position = undefined;
        throw error;
      }
    }
    this.position = batch.position;
    this.stats.changeId = batch.position.lastId;
  }

  private async buildOnce(): Promise<void> {
    const started = performance.now();
    const worker = this.worker ?? this.startWorker();
    // Read first: changes committed after this are re-applied by the next catch-up.
    const position = await currentPosition(this.db);
    // Those before it are never read one by one.
    this.placesChanged('all');
    worker.post({
      type: 'begin-build',
      maxZoom: this.options.maxZoom,
      hours: this.options.hours ?? DEFAULT_HOURS,
      shared: this.readers.length > 0,
    });
    try {
      await loadPublishedPlaces(this.db, async (json) => {
        answerOf(await worker.request({ type: 'page', json }), 'staged');
      });
    } catch (error) {
      // The index the worker holds is untouched and stays current up to its own position.
      worker.post({ type: 'drop-build' });
      this.options.logger?.error({ err: error }, 'map index build failed');
      throw error;
    }
    const loadMs = performance.now() - started;
    // Until `built`, the worker is building: queries queue behind the build and are answered by
    // the new index (one thread, one copy), none by a half-built or half-updated one.
    let built: Extract<MapIndexResponse, { type: 'built' }>;
    try {
      built = answerOf(await worker.request({ type: 'build' }), 'built');
    } catch (error) {
      // The worker let its old index go before building: nothing is left to answer from.
      this.built = false;
      this.position = undefined;
      this.options.logger?.error({ err: error }, 'map index build failed');
      throw error;
    }
    if (this.closed) throw new MapIndexNotReadyError('The map index was closed during a build');
    this.built = true;
    this.at = built.at;
    this.position = position;
    this.builds += 1;
    this.stats = {
      size: built.size,
      loadMs,
      parseMs: built.parseMs,
      buildMs: built.buildMs,
      builds: this.builds,
      changeId: position.lastId,
      changesApplied: 0,
      lastApplyMs: 0,
      pendingChanges: 0,
    };
    this.options.logger?.info(
      { ...this.stats, totalMs: Math.round(performance.now() - started) },
      'map index built',
    );
  }

  private startWorker(): IndexWorker {
    const worker = new IndexWorker(startTsWorker(WORKER_ENTRY, null, 'karta-map-index'), (lost, error) =>
      this.onWorkerLost(lost, error),
    );
    this.worker = worker;
    const readers = this.options.readers ?? 0;
    for (let n = 0; n < readers; n += 1) this.startReader(worker);
    return worker;
  }

  /** A reader thread, joined to the writer by a channel of their own. */
  private startReader(writer: IndexWorker) {
    const { port1, port2 } = new MessageChannel();
    writer.post({ type: 'reader', port: port1 }, [port1]);
    const thread = startTsWorker(READER_ENTRY, { writer: port2 }, 'karta-map-index-reader', [port2]);
    this.readers.push(new IndexWorker(thread, (lost, error) => this.onReaderLost(lost, error)));
  }

  /** A reader stopped: another takes its place, following the writer's index from its image. */
  private onReaderLost(reader: IndexWorker, error: Error) {
    this.readers = this.readers.filter((each) => each !== reader);
    this.lostReaderAnswers += reader.answered;
    if (this.closed || !this.worker) return;
    this.options.logger?.error({ err: error }, 'map index reader lost; starting another');
    this.startReader(this.worker);
  }

  private onWorkerLost(worker: IndexWorker, error: Error) {
    if (worker !== this.worker || this.closed) return;
    this.worker = undefined;
    const readers = this.readers;
    this.readers = [];
    for (const reader of readers) reader.terminate().catch(() => undefined);
    this.built = false;
    this.position = undefined;
    this.options.logger?.error({ err: error }, 'map index worker lost; rebuilding');
    this.rebuild().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.tail;
    const worker = this.worker;
    const readers = this.readers;
    this.worker = undefined;
    this.readers = [];
    this.built = false;
    await Promise.all([worker?.terminate(), ...readers.map((reader) => reader.terminate())]);
  }
}

/** What a reader keeps for a read, by which it is found again; undefined when it keeps nothing. */
function keptFor(body: Extract<RequestBody, { type: IndexRead['type'] }>): string | undefined {
  if (body.type === 'search') return `search ${body.query.q}`;
  if (body.type === 'match-query') return `match ${JSON.stringify(body.match)}`;
  const filters =
    body.type === 'nearest' || body.type === 'query' || body.type === 'count' ? body.query.filters : [];
  return filters && filters.length > 0 ? `filters ${JSON.stringify(filters)}` : undefined;
}

/** FNV-1a of a text's UTF-16 units, unsigned. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function sumAnswered(workers: readonly IndexWorker[]): number {
  return workers.reduce((sum, worker) => sum + worker.answered, 0);
}

/** The answer, checked to be of the type the request expects. */
function answerOf<T extends MapIndexResponse['type']>(
  answer: MapIndexResponse,
  type: T,
): Extract<MapIndexResponse, { type: T }> {
  if (answer.type !== type) throw new Error(`Unexpected answer ${answer.type} from the map index`);
  return answer as Extract<MapIndexResponse, { type: T }>;
}
