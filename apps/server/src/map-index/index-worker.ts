import type { Transferable, Worker } from 'node:worker_threads';
import { NotReadyError } from '../http/errors.ts';
import type { MapIndexRequest, MapIndexResponse } from './protocol.ts';

/** The index has not been built (yet, or its worker failed): the map answers 503. */
export class MapIndexNotReadyError extends NotReadyError {
  constructor(message = 'The map index is not ready yet') {
    super(message, 'The map is still loading. Please try again shortly.');
    this.name = 'MapIndexNotReadyError';
  }
}

type Waiting = { resolve: (message: MapIndexResponse) => void; reject: (error: Error) => void };
/** A request without its id: the worker handle numbers them. */
export type RequestBody = MapIndexRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** The thread that holds the index, seen from the main thread: requests matched to answers by id. */
export class IndexWorker {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** Requests answered (not failed) so far. */
  answered = 0;
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
      if (message.type === 'error') {
        entry.reject(new Error(message.message));
      } else {
        this.answered += 1;
        entry.resolve(message);
      }
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

  /** Sends a message that has no answer, moving `transferList` (a MessagePort, say) with it. */
  post(message: MapIndexRequest, transferList: Transferable[] = []) {
    this.worker.postMessage(message, transferList);
  }

  /** Requests sent and not answered yet. */
  get pending(): number {
    return this.waiting.size;
  }

  /** Sends a request and resolves with its answer (rejects with MapIndexNotReadyError after `timeoutMs`). */
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

  /** Stops the worker once its requests in flight are answered (for at most a second). */
  async terminate() {
    this.stopping = true;
    const deadline = Date.now() + 1000;
    while (this.waiting.size > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await this.worker.terminate();
  }
}
