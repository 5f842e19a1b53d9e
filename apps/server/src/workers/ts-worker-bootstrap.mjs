// Plain JS on purpose: it runs before any TypeScript loader exists in this thread (see start-ts-worker.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
