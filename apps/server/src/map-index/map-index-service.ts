import type { Worker } from 'node:worker_threads';
import type { ClusterQuery, ClusterResult } from '@karta/map-core/clustering';
import type { Database } from '../db/database.ts';
import { startTsWorker } from '../workers/start-ts-worker.ts';
import { latestChangeId, loadPublishedPlaces } from './load-places.ts';
import type { MapIndexRequest, MapIndexResponse } from './protocol.ts';

const WORKER_ENTRY = new URL('./map-index-worker.ts', import.meta.url);
const QUERY_TIMEOUT_MS = 5000;

/** The index has not been built (yet, or its worker failed): the map answers 503. */
export class MapIndexNotReadyError extends Error {
  constructor(message = 'The map index is not ready yet') {
    super(message);
    this.name = 'MapIndexNotReadyError';
  }
}

export interface MapIndexStats {
  size: number;
  loadMs: number;
  parseMs: number;
  buildMs: number;
  /** The change-log id the index is current with (the seam for following changes). */
  changeId: number;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Waiting = { resolve: (message: MapIndexResponse) => void; reject: (error: Error) => void };
type RequestBody = MapIndexRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** One worker thread holding one built index. */
class IndexWorker {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private failure: Error | undefined;
  private stopping = false;

  constructor(
    private readonly worker: Worker,
    onUnexpectedExit: (worker: IndexWorker, error: Error) => void,
  ) {
    worker.on('message', (message: MapIndexResponse) => {
      const entry = this.waiting.get(message.id);
      if (!entry) return;
      this.waiting.delete(message.id);
      if (message.type === 'error') entry.reject(new Error(message.message));
      else entry.resolve(message);
    });
    const fail = (error: Error) => {
      if (this.failure) return;
      this.failure = error;
      for (const entry of this.waiting.values()) entry.reject(error);
      this.waiting.clear();
      if (!this.stopping) onUnexpectedExit(this, error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) =>
      fail(new MapIndexNotReadyError(`The map index worker exited (code ${code})`)),
    );
  }

  post(message: MapIndexRequest) {
    this.worker.postMessage(message);
  }

  request(body: RequestBody, timeoutMs?: number): Promise<MapIndexResponse> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waiting.delete(id);
          reject(new MapIndexNotReadyError('The map index did not answer in time'));
        }, timeoutMs);
      }
      this.waiting.set(id, {
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.worker.postMessage({ ...body, id });
    });
  }

  /** Stops the worker once its queries in flight are answered (for at most a second). */
  async terminate() {
    this.stopping = true;
    const deadline = Date.now() + 1000;
    while (this.waiting.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await this.worker.terminate();
  }
}

/** The two halves of the index, each in its own thread: unfiltered queries and filtered ones. */
interface IndexPair {
  all: IndexWorker;
  categories: IndexWorker;
}

/**
 * The in-memory clustering index of published places, kept in worker threads. The all-places
 * half and the per-category half are built at once in two workers (one core each), which halves
 * the build. A rebuild loads and builds a fresh pair while the current one keeps answering, then
 * swaps: no request ever waits for a build.
 */
export class MapIndexService {
  private current: IndexPair | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private closed = false;
  private stats: MapIndexStats | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: { maxZoom: number; logger?: Logger },
  ) {}

  /** Whether queries can be answered. */
  get ready(): boolean {
    return this.current !== undefined;
  }

  /** Figures of the last successful build. */
  get lastBuild(): MapIndexStats | undefined {
    return this.stats;
  }

  /** Clusters and places of one viewport. */
  async query(query: ClusterQuery): Promise<ClusterResult> {
    if (!this.current) throw new MapIndexNotReadyError();
    const half = query.categories && query.categories.length > 0 ? this.current.categories : this.current.all;
    const answer = await half.request({ type: 'query', query }, QUERY_TIMEOUT_MS);
    if (answer.type !== 'result') throw new Error(`Unexpected answer ${answer.type} from the map index`);
    return answer.result;
  }

  /**
   * Rebuilds from the database. Calls during a rebuild are folded into one more rebuild after
   * it, so a burst of changes costs at most two builds. Resolves when the index is current.
   */
  rebuild(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.rerun = false;
          await this.buildOnce();
        } while (this.rerun && !this.closed);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async buildOnce(): Promise<void> {
    const started = performance.now();
    const startWorker = (name: string) =>
      new IndexWorker(startTsWorker(WORKER_ENTRY, null, name), (worker, error) =>
        this.onWorkerLost(worker, error),
      );
    const next: IndexPair = {
      all: startWorker('karta-map-index-all'),
      categories: startWorker('karta-map-index-categories'),
    };
    try {
      // Read first: changes after this id are not in the index and will be replayed later.
      const changeId = await latestChangeId(this.db);
      await loadPublishedPlaces(this.db, (json) => {
        next.all.post({ type: 'page', json });
        next.categories.post({ type: 'page', json });
      });
      const loadMs = performance.now() - started;
      const build = async (worker: IndexWorker, scope: 'all' | 'categories') => {
        const built = await worker.request({ type: 'build', maxZoom: this.options.maxZoom, scope });
        if (built.type !== 'built') throw new Error(`Unexpected answer ${built.type} from the map index`);
        return built;
      };
      const buildStarted = performance.now();
      const [all] = await Promise.all([build(next.all, 'all'), build(next.categories, 'categories')]);
      const buildMs = performance.now() - buildStarted;
      if (this.closed) throw new MapIndexNotReadyError('The map index was closed during a rebuild');
      const previous = this.current;
      this.current = next;
      this.stats = { size: all.size, loadMs, parseMs: all.parseMs, buildMs, changeId };
      this.options.logger?.info(
        { ...this.stats, totalMs: Math.round(performance.now() - started) },
        'map index built',
      );
      if (previous) await terminatePair(previous);
    } catch (error) {
      await terminatePair(next);
      this.options.logger?.error({ err: error }, 'map index build failed');
      throw error;
    }
  }

  private onWorkerLost(worker: IndexWorker, error: Error) {
    const current = this.current;
    if (!current || (worker !== current.all && worker !== current.categories) || this.closed) return;
    this.current = undefined;
    this.options.logger?.error({ err: error }, 'map index worker lost; rebuilding');
    this.rebuild().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.running?.catch(() => undefined);
    const current = this.current;
    this.current = undefined;
    if (current) await terminatePair(current);
  }
}

function terminatePair(pair: IndexPair): Promise<unknown> {
  return Promise.all([pair.all.terminate(), pair.categories.terminate()]);
}
