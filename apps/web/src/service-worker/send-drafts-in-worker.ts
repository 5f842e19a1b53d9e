import { createApiClient } from '@karta/api-client';
import { draftApiOf } from '../lib/offline/drafts/draft-api.ts';
import { sendDrafts } from '../lib/offline/drafts/send-drafts.ts';

/** The worker's own API client: straight to the network (its own requests bypass its routes). */
const workerApi = draftApiOf(createApiClient({ fetch: (...args) => fetch(...args) }));

/**
 * Sends the waiting drafts when Background Sync wakes the worker. Failing while the server cannot
 * be reached asks the browser to try again later (with its own back-off).
 */
export async function sendDraftsInWorker(): Promise<void> {
  const { stopped } = await sendDrafts(workerApi);
  if (stopped) throw new Error('The server could not be reached; the drafts wait for the next try');
}
