import { openOfflineDatabase } from '../offline-database.ts';
import type { Draft } from './draft.ts';

/**
 * Every change of the drafts is announced on this channel, to this page, the other tabs and the
 * service worker alike (a draft sent by one is gone from every list).
 */
const CHANNEL = 'karta-drafts';

const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

function callListeners() {
  for (const listener of listeners) listener();
}

/** One channel per page or worker: it hears the others' messages, never its own. */
function theChannel(): BroadcastChannel | undefined {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener('message', callListeners);
  }
  return channel;
}

function announce() {
  callListeners();
  theChannel()?.postMessage('changed');
}

/** Called after every change of the drafts, here or in another tab or the service worker. */
export function onDraftsChange(listener: () => void): () => void {
  theChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function putDraft(draft: Draft): Promise<void> {
  await (await openOfflineDatabase()).put('drafts', draft);
  announce();
}

export async function removeDraft(id: string): Promise<void> {
  await (await openOfflineDatabase()).delete('drafts', id);
  announce();
}

export async function readDraft(id: string): Promise<Draft | undefined> {
  return (await openOfflineDatabase()).get('drafts', id);
}

/** A user's drafts (everyone's without one), oldest first: the order they are sent in. */
export async function listDrafts(userId?: number): Promise<Draft[]> {
  const drafts = await (await openOfflineDatabase()).getAll('drafts');
  return drafts
    .filter((draft) => userId === undefined || draft.userId === userId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
