/**
 * Builds and queries the clustering index in its own thread: building it for a million places
 * takes seconds, and no request may wait for that.
 */
import { parentPort } from 'node:worker_threads';
import { ClusterIndex, type IndexedPlace, type LocationPrivacy } from '@karta/map-core/clustering';
import type { MapIndexRequest, MapIndexResponse, PackedPlace } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('map-index-worker must run in a worker thread');

let places: IndexedPlace[] = [];
let parseMs = 0;
let index: ClusterIndex | undefined;

function send(message: MapIndexResponse) {
  port?.postMessage(message);
}

port.on('message', (request: MapIndexRequest) => {
  try {
    if (request.type === 'page') {
      const started = performance.now();
      for (const [id, lat, lng, category, name, primaryLanguage, radius, privacy] of JSON.parse(
        request.json,
      ) as PackedPlace[]) {
        places.push({
          id,
          lat,
          lng,
          category,
          name,
          primaryLanguage,
          radius,
          locationPrivacy: privacy as LocationPrivacy,
        });
      }
      parseMs += performance.now() - started;
    } else if (request.type === 'build') {
      const started = performance.now();
      index = ClusterIndex.build(places, { maxZoom: request.maxZoom, scope: request.scope });
      const size = places.length;
      places = [];
      send({ type: 'built', id: request.id, size, parseMs, buildMs: performance.now() - started });
    } else if (request.type === 'query') {
      if (!index) throw new Error('The index is not built yet');
      send({ type: 'result', id: request.id, result: index.query(request.query) });
    }
  } catch (error) {
    if ('id' in request) send({ type: 'error', id: request.id, message: (error as Error).message });
  }
});
