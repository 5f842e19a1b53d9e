import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { ProposalDraft } from '../../../lib/offline/drafts/draft.ts';
import {
  listDrafts,
  onDraftsChange,
  putDraft,
  readDraft,
  removeDraft,
} from '../../../lib/offline/drafts/drafts-store.ts';
import { emptyPlaceForm } from '../../../lib/places/place-form-values.ts';
import { listSavedAreas } from '../pack/saved-areas-store.ts';

const draft = (id: string, userId: number, createdAt: string): ProposalDraft => ({
  kind: 'proposal',
  id,
  userId,
  createdAt,
  state: 'waiting',
  problem: 'network_error',
  values: { ...emptyPlaceForm(['hr']), name: { hr: `Mjesto ${id}` } },
  photos: [{ key: `${id}-photo`, blob: new Blob(['jpeg bytes'], { type: 'image/jpeg' }) }],
  placeId: null,
});

describe('drafts kept in the browser', () => {
  it('upgrades a database of the previous version, keeping its saved areas', async () => {
    // As the previous release left it: version 1, with one saved area.
    const old = await openDB('karta-offline', 1, {
      upgrade(db) {
        db.createObjectStore('areas', { keyPath: 'id' });
        db.createObjectStore('places', { keyPath: 'id' });
      },
    });
    const bbox = { west: 15.9, south: 45.7, east: 16.1, north: 45.9 };
    await old.put('areas', {
      id: 'a',
      bbox,
      savedAt: '2026-11-20T10:00:00.000Z',
      placeCount: 3,
      bytes: 10,
      maxZoom: 18,
    });
    old.close();

    await putDraft(draft('d1', 7, '2026-11-27T10:00:00.000Z'));
    expect((await listSavedAreas()).map((area) => area.id)).toEqual(['a']);
    const kept = await readDraft('d1');
    expect(kept?.kind === 'proposal' && kept.values.name).toEqual({ hr: 'Mjesto d1' });
  });

  it('lists a user’s drafts oldest first, with their photos, and no one else’s', async () => {
    await putDraft(draft('d3', 7, '2026-11-27T12:00:00.000Z'));
    await putDraft(draft('d2', 7, '2026-11-27T11:00:00.000Z'));
    await putDraft(draft('other', 8, '2026-11-27T09:00:00.000Z'));
    const mine = await listDrafts(7);
    expect(mine.map((kept) => kept.id)).toEqual(['d1', 'd2', 'd3']);
    // (The photo's bytes as a Blob are the browser suite's to check: jsdom's Blob does not clone.)
    expect(mine[0]?.kind === 'proposal' && mine[0].photos.map((photo) => photo.key)).toEqual(['d1-photo']);
    expect((await listDrafts()).map((kept) => kept.id)).toEqual(['other', 'd1', 'd2', 'd3']);
  });

  it('tells listeners of every change, and forgets a removed draft', async () => {
    let changes = 0;
    const stop = onDraftsChange(() => {
      changes += 1;
    });
    await removeDraft('d2');
    await putDraft({
      ...draft('d3', 7, '2026-11-27T12:00:00.000Z'),
      state: 'refused',
      problem: 'validation_error',
    });
    stop();
    await removeDraft('d3');
    expect(changes).toBe(2);
    expect((await listDrafts(7)).map((kept) => kept.id)).toEqual(['d1']);
  });
});
