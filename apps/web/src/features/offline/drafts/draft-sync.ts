import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import {
  type Draft,
  newDraftId,
  type PhotosDraft,
  photosDraftId,
} from '../../../lib/offline/drafts/draft.ts';
import { draftApiOf } from '../../../lib/offline/drafts/draft-api.ts';
import { changeDraft, putDraft } from '../../../lib/offline/drafts/drafts-store.ts';
import { DRAFTS_SYNC_TAG, sendDrafts } from '../../../lib/offline/drafts/send-drafts.ts';

/** Background Sync's part of a registration (not in TypeScript's DOM types yet). */
type WithBackgroundSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** While a tab is open, waiting drafts are tried this often (a server that was down comes back). */
const RETRY_MS = 60_000;

const pageApi = draftApiOf(api);
let queryClient: QueryClient | undefined;
let sending: Promise<unknown> | null = null;

/** The user's lists and places may have changed once drafts are sent. */
function refreshAfter(sent: number) {
  if (sent === 0 || !queryClient) return;
  void queryClient.invalidateQueries({ queryKey: ['places'] });
  void queryClient.invalidateQueries({ queryKey: ['place-editor'] });
  // A note sent may show on its place at once.
  void queryClient.invalidateQueries({ queryKey: ['place'] });
  void queryClient.invalidateQueries({ queryKey: ['place-notes'] });
}

/** Sends the signed-in user's waiting drafts now (one run at a time in this tab). */
export function sendWaitingDrafts(): Promise<unknown> {
  sending ??= sendDrafts(pageApi)
    .then(({ sent }) => refreshAfter(sent))
    .finally(() => {
      sending = null;
    });
  return sending;
}

/**
 * Asks the browser to wake the service worker when it is online again, to send the drafts even
 * if every tab of Karta is closed by then (Background Sync; Chromium has it). Where it is missing,
 * the open tab's `online` event and the next visit send them.
 */
async function askForBackgroundSync(): Promise<void> {
  try {
    const registration: WithBackgroundSync | undefined = await navigator.serviceWorker?.getRegistration();
    await registration?.sync?.register(DRAFTS_SYNC_TAG);
  } catch {
    // Refused (no permission, private window): the other ways remain.
  }
}

/** Keeps a draft that could not be sent, and arranges for it to be sent once the network is back. */
export async function keepDraft(draft: Draft): Promise<void> {
  await putDraft(draft);
  await askForBackgroundSync();
}

/** Keeps a photo for a place that could not be reached, with any others waiting for that place. */
export async function keepPhotoForLater(kept: {
  userId: number;
  placeId: number;
  placeName: string;
  photo: Blob;
}): Promise<void> {
  const id = photosDraftId(kept.userId, kept.placeId);
  // Joined to the stored draft in one transaction: the sender may be changing it at this moment.
  await changeDraft<PhotosDraft>(id, (existing) => ({
    kind: 'photos',
    id,
    userId: kept.userId,
    createdAt: existing?.createdAt ?? new Date().toISOString(),
    state: 'waiting',
    problem: 'network_error',
    placeId: kept.placeId,
    placeName: kept.placeName,
    photos: [...(existing?.photos ?? []), { key: newDraftId(), blob: kept.photo }],
  }));
  await askForBackgroundSync();
}

/** Sends waiting drafts now, whenever the browser is back online, and every minute meanwhile. */
export function startDraftSync(client: QueryClient): void {
  queryClient = client;
  window.addEventListener('online', () => void sendWaitingDrafts());
  window.setInterval(() => {
    if (navigator.onLine) void sendWaitingDrafts();
  }, RETRY_MS);
  void sendWaitingDrafts();
}
