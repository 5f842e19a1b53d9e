/**
 * A reader of the map index: answers the map's views, counts, nearest pages, searches and maps of
 * matches from the index and its words, which the writer (map-index-worker.ts) holds in shared
 * memory, following their changes, so that these reads are answered by as many threads as the
 * machine has cores while one thread writes. It keeps only what is its own (the changes' deltas,
 * tombstones, open bits, the vocabulary's strings, kept answers), a few bytes a place.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { ClusterIndex } from '@karta/map-core/clustering';
import { answerRead } from './index-reads.ts';
import { IndexedWords } from './indexed-words.ts';
import type { FromReader, IndexRead, IndexState, MapIndexResponse, ToReader } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('map-index-reader must run in a worker thread');
const writer = (workerData as { data: { writer: MessagePort } }).data.writer;

let index: ClusterIndex | undefined;
let words: IndexedWords | undefined;
let build = -1;
/** Reads asked before this reader caught up with the state they follow, in the order they came. */
let waiting: IndexRead[] = [];

function send(message: MapIndexResponse) {
  port?.postMessage(message);
}

/** Whether the index here shows every change the read must see. */
function caughtUp(after: IndexState | undefined): boolean {
  if (!index) return false;
  if (!after) return true;
  return build > after.build || (build === after.build && index.changesApplied >= after.changes);
}

function answer(read: IndexRead) {
  try {
    send(answerRead(index as ClusterIndex, words as IndexedWords, read));
  } catch (error) {
    send({ type: 'error', id: read.id, message: (error as Error).message });
  }
}

/** Answers the reads that waited for the changes just applied. */
function answerWaiting() {
  const still: IndexRead[] = [];
  for (const read of waiting) {
    if (caughtUp(read.after)) answer(read);
    else still.push(read);
  }
  waiting = still;
}

writer.on('message', (message: ToReader) => {
  if (message.type === 'drop') {
    index = undefined;
    words = undefined;
    return;
  }
  if (message.type === 'follow') {
    index = ClusterIndex.follow(message.image);
    words = IndexedWords.follow(index, message.words);
    build = message.build;
  } else if (index && words && message.build === build) {
    index.apply(message.changes);
    words.apply(message.words);
  } else {
    return;
  }
  writer.postMessage({ type: 'at', build, changes: index.changesApplied } satisfies FromReader);
  answerWaiting();
});

port.on('message', (read: IndexRead) => {
  if (caughtUp(read.after)) answer(read);
  else waiting.push(read);
});
