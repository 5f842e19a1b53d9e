import 'fake-indexeddb/auto';
import type { Extra } from '@karta/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, listedPlace } from '../../../testing/fixtures.ts';
import { api } from '../../api-client.ts';
import { emptyPlaceForm, type PlaceFormValues, placeFormValues } from '../../places/place-form-values.ts';
import type { EditDraft, NoteDraft, ProposalDraft } from './draft.ts';
import { type DraftApi, draftApiOf } from './draft-api.ts';
import { changeDraft, listDrafts, putDraft, removeDraft } from './drafts-store.ts';
import { sendDrafts } from './send-drafts.ts';

afterEach(async () => {
  for (const draft of await listDrafts()) await removeDraft(draft.id);
});

const LEVEL = { key: 'level', type: 'integer', label: { en: 'Floor' }, min: -5, max: 60 };
const INDOOR = { key: 'indoor', type: 'boolean', label: { en: 'Indoor' } };

/** The categories as the server has them now: the defibrillator's indoor may have become required. */
const categories = (indoorRequired: boolean) => ({
  status: 200,
  body: {
    items: [
      {
        id: 1,
        slug: 'defibrillator',
        name: { en: 'Defibrillator' },
        color: '#b91c1c',
        icon: 'heart-pulse',
        fields: [{ ...INDOOR, required: indoorRequired }, LEVEL],
      },
    ],
  },
});

const ownPlace = (id: number, extra: Extra = {}) => ({
  ...listedPlace({ id, status: 'pending', category: 'defibrillator', extra }),
  authorId: 7,
  authorVerified: true,
  rejectionReason: null,
});

const proposal = (extra: PlaceFormValues['extra']): ProposalDraft => ({
  kind: 'proposal',
  id: `draft-${Math.random()}`,
  userId: 7,
  createdAt: '2026-11-28T10:00:00.000Z',
  state: 'waiting',
  problem: 'network_error',
  values: { ...emptyPlaceForm(['en']), categoryId: '1', name: { en: 'AED' }, lat: '45.8', lng: '16', extra },
  photos: [],
  placeId: null,
});

describe('sending drafts with category values', () => {
  it('sends a proposal’s values that pass the values rule', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'GET /api/v1/categories': categories(false),
      'POST /api/v1/places': { status: 201, body: ownPlace(80, { level: 1 }) },
    });
    await putDraft(proposal({ level: 1 }));
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 1, stopped: false });
    expect((calls.find((call) => call.method === 'POST')?.body as { extra?: unknown })?.extra).toEqual({
      level: 1,
    });
  });

  it('keeps a proposal refused, sending nothing, when the category’s fields changed so its values no longer pass', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'GET /api/v1/categories': categories(true),
    });
    const draft = proposal({ level: 1 });
    await putDraft(draft);
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 0, stopped: false });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(await listDrafts()).toMatchObject([
      { id: draft.id, state: 'refused', problem: 'validation_error' },
    ]);
  });

  it('sends an edit that leaves the values alone, as the server judges only values it is sent', async () => {
    const place = ownPlace(81, { level: 1 });
    const base = placeFormValues(place, ['en']);
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'GET /api/v1/categories': categories(true),
      'PATCH /api/v1/places/81': { status: 200, body: { ...place, version: 2 } },
    });
    const edit: EditDraft = {
      kind: 'edit',
      id: 'edit-1',
      userId: 7,
      createdAt: '2026-11-28T10:00:00.000Z',
      state: 'waiting',
      problem: 'network_error',
      placeId: 81,
      version: 1,
      base,
      values: { ...base, phone: '+385 1 111' },
    };
    await putDraft(edit);
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 1, stopped: false });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ version: 1, phone: '+385 1 111' });
  });
});

describe('sending note drafts', () => {
  const noteDraft = (): NoteDraft => ({
    kind: 'note',
    id: `note-${Math.random()}`,
    userId: 7,
    createdAt: '2026-11-29T08:00:00.000Z',
    state: 'waiting',
    problem: 'network_error',
    placeId: 90,
    placeName: 'Fontana',
    note: { kind: 'status', text: 'No water today', language: 'en', effect: 'closed_now' },
  });
  const published = {
    id: 5,
    kind: 'status',
    text: 'No water today',
    language: 'en',
    effect: 'closed_now',
    state: 'published',
    createdAt: '2026-11-29T08:01:00.000Z',
    expiresAt: '2026-11-29T23:00:00.000Z',
    authorName: 'Ana',
  };

  it('sends a note once and forgets it', async () => {
    const calls = fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'POST /api/v1/places/90/notes': { status: 201, body: published },
    });
    await putDraft(noteDraft());
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 1, stopped: false });
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 0, stopped: false });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { kind: 'status', text: 'No water today', language: 'en', effect: 'closed_now' },
    ]);
    expect(await listDrafts()).toEqual([]);
  });

  it('keeps a note while the server cannot be reached, and counts a repeat (409) as already sent', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'POST /api/v1/places/90/notes': 'offline',
    });
    const draft = noteDraft();
    await putDraft(draft);
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 0, stopped: true });
    expect(await listDrafts()).toMatchObject([{ id: draft.id, state: 'waiting' }]);

    // The earlier send reached the server but its answer was lost: the server holds it already.
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'POST /api/v1/places/90/notes': { status: 409, body: apiError('conflict') },
    });
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 1, stopped: false });
    expect(await listDrafts()).toEqual([]);
  });

  it('keeps a note the server refuses, with the reason', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { status: 200, body: currentUser() },
      'POST /api/v1/places/90/notes': { status: 403, body: apiError('forbidden') },
    });
    const draft = noteDraft();
    await putDraft(draft);
    expect(await sendDrafts(draftApiOf(api))).toEqual({ sent: 0, stopped: false });
    expect(await listDrafts()).toMatchObject([{ id: draft.id, state: 'refused', problem: 'forbidden' }]);
  });
});

describe('photos added while a draft is being sent', () => {
  /** The API as the page gives it, with a moment, during one call, at which the user acts. */
  const apiWith = (overrides: Partial<DraftApi>): DraftApi => ({
    ...draftApiOf(api),
    signedInUser: async () => 7,
    categoryFields: async () => new Map(),
    ...overrides,
  });
  const addPhoto = (id: string, key: string) =>
    changeDraft<ProposalDraft>(id, (stored) =>
      stored ? { ...stored, photos: [...stored.photos, { key, blob: new Blob(['jpeg']) }] } : null,
    );

  it('keeps a photo added while a send fails: the failure is noted on the draft as it is now', async () => {
    const draft = proposal({});
    await putDraft(draft);
    const sending = apiWith({
      createPlace: async () => {
        await addPhoto(draft.id, 'added-meanwhile');
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await sendDrafts(sending)).toEqual({ sent: 0, stopped: true });
    expect(await listDrafts()).toMatchObject([
      { id: draft.id, state: 'waiting', problem: 'network_error', photos: [{ key: 'added-meanwhile' }] },
    ]);
  });

  it('sends a photo added while the others upload, and lets the draft go only once none is left', async () => {
    const draft: ProposalDraft = { ...proposal({}), photos: [{ key: 'first', blob: new Blob(['jpeg']) }] };
    await putDraft(draft);
    const uploaded: string[] = [];
    const sending = apiWith({
      createPlace: async () => ownPlace(82),
      uploadPhoto: async (placeId, _photo, key) => {
        if (uploaded.length === 0) await addPhoto(draft.id, 'second');
        uploaded.push(`${placeId}:${key}`);
      },
    });
    expect(await sendDrafts(sending)).toEqual({ sent: 1, stopped: false });
    expect(uploaded).toEqual(['82:first', '82:second']);
    expect(await listDrafts()).toEqual([]);
  });

  it('leaves a draft deleted during its send deleted', async () => {
    const draft = proposal({});
    await putDraft(draft);
    const sending = apiWith({
      createPlace: async () => {
        await removeDraft(draft.id);
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await sendDrafts(sending)).toEqual({ sent: 0, stopped: true });
    expect(await listDrafts()).toEqual([]);
  });
});
