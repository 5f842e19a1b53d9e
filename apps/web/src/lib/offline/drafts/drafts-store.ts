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

/**
 * Changes a draft as it is stored now, in one transaction: `change` gets the stored draft (or
 * undefined) and gives the new one, or null for none. Whoever changes a draft (the list adding
 * photos, the sender noting why a send failed) changes the stored one, so neither writes back an
 * older copy over the other's change. Gives the draft as left.
 */
export async function changeDraft<D extends Draft>(
  id: string,
  change: (stored: D | undefined) => D | null,
): Promise<D | undefined> {
  const transaction = (await openOfflineDatabase()).transaction('drafts', 'readwrite');
  const stored = (await transaction.store.get(id)) as D | undefined;
  const changed = change(stored);
  if (changed) await transaction.store.put(changed);
  else if (stored) await transaction.store.delete(id);
  await transaction.done;
  announce();
  return changed ?? undefined;
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
