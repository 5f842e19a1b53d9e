import { type Transferable, Worker } from 'node:worker_threads';

const BOOTSTRAP = new URL('./ts-worker-bootstrap.mjs', import.meta.url);

/**
 * Starts a worker thread whose entry is a TypeScript file. Measured on Node 20: a worker does not
 * get tsx from the parent's `--import tsx` (its entry fails with "Unknown file extension .ts"),
 * and Vitest's processes have no tsx at all, so a plain-JS bootstrap registers tsx first.
 * `transferList` names what `workerData` moves to the worker (a MessagePort, say).
 */
export function startTsWorker(
  entry: URL,
  workerData: unknown,
  name: string,
  transferList: Transferable[] = [],
): Worker {
  return new Worker(BOOTSTRAP, { workerData: { entry: entry.href, data: workerData }, name, transferList });
}
