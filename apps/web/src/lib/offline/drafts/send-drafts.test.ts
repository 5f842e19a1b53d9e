import 'fake-indexeddb/auto';
import type { Extra } from '@karta/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, listedPlace } from '../../../testing/fixtures.ts';
import { api } from '../../api-client.ts';
import { emptyPlaceForm, type PlaceFormValues, placeFormValues } from '../../places/place-form-values.ts';
import type { EditDraft, ProposalDraft } from './draft.ts';
import { draftApiOf } from './draft-api.ts';
import { listDrafts, putDraft, removeDraft } from './drafts-store.ts';
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
