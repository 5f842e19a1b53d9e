import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickerMapRequest } from '../../../features/place-editor/components/location-section.tsx';
import type { ProposalDraft } from '../../../lib/offline/drafts/draft.ts';
import { listDrafts, removeDraft } from '../../../lib/offline/drafts/drafts-store.ts';
import { type FakeAnswer, fakeApi, headersOf } from '../../../testing/fake-api.ts';
import { currentUser, listedPlace, photoRecord } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ProposePage } from './propose-page.tsx';

// The map is the map feature's, tested on its own; here a button "clicks" it at one spot.
vi.mock('./picker-map.tsx', () => ({
  PickerMap: ({ onPick }: PickerMapRequest) => (
    <button type="button" onClick={() => onPick({ lat: 45.8131, lng: 15.9771 })}>
      Click the map
    </button>
  ),
}));

afterEach(async () => {
  for (const draft of await listDrafts()) await removeDraft(draft.id);
});

const created = {
  ...listedPlace({ id: 77, status: 'pending' }),
  authorId: 7,
  authorVerified: true,
  rejectionReason: null,
};
const uploaded = (id: number) => ({
  ...photoRecord(id, { placeId: 77, status: 'pending', height: 900, own: true }),
  takenAt: null,
});

/** The pharmacy asks whether it is on duty, and how many metres from the tram it is (at most 500). */
const PHARMACY_FIELDS = [
  { key: 'on_duty', type: 'boolean', label: { en: 'On duty today' } },
  { key: 'tram', type: 'integer', label: { en: 'From the tram' }, min: 0, max: 500, unit: 'm' },
];

function proposeApi(createPlace: FakeAnswer) {
  let photoId = 0;
  return fakeApi({
    'GET /api/v1/auth/me': { status: 200, body: currentUser() },
    'GET /api/v1/categories': {
      status: 200,
      body: {
        items: [
          {
            id: 1,
            slug: 'pharmacy',
            name: { en: 'Pharmacy' },
            color: '#b91c1c',
            icon: 'pill',
            fields: PHARMACY_FIELDS,
          },
        ],
      },
    },
    'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
    'POST /api/v1/places': createPlace,
    'POST /api/v1/places/77/photos': () => ({ status: 201, body: uploaded(++photoId) }),
  });
}

async function writeProposalWithPhotos(count: number) {
  await userEvent.click(await screen.findByRole('button', { name: 'Click the map' }));
  await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Pharmacy');
  await userEvent.type(screen.getByLabelText('Name (English)'), 'Night pharmacy');
  const files = Array.from(
    { length: count },
    (_, index) => new File([`jpeg ${index}`], `${index}.jpg`, { type: 'image/jpeg' }),
  );
  await userEvent.upload(screen.getByTestId('choose-photos'), files);
  expect(screen.getAllByTestId('chosen-photo')).toHaveLength(count);
  await userEvent.click(screen.getByTestId('save-place'));
}

describe('proposing with photos', () => {
  it('sends the photos after the place, each with a key of its own, and keeps none once sent', async () => {
    const calls = proposeApi({ status: 201, body: created });
    const { location } = renderWithApp(<ProposePage />, { path: '/propose' });
    await writeProposalWithPhotos(2);

    await waitFor(() => expect(location.history.at(-1)).toBe('/my-submissions?saved=77'));
    await waitFor(async () => expect(await listDrafts()).toEqual([]));
    const uploads = calls.filter(
      (call) => call.method === 'POST' && call.path === '/api/v1/places/77/photos',
    );
    expect(uploads).toHaveLength(2);
    const keys = uploads.map((call) => headersOf(call)['idempotency-key']);
    const placeKey = headersOf(calls.find((call) => call.path === '/api/v1/places'))['idempotency-key'];
    expect(new Set([...keys, placeKey]).size).toBe(3);
    expect(keys.every((key) => typeof key === 'string' && key !== '')).toBe(true);
    expect(uploads.every((call) => headersOf(call)['content-type'] === 'image/jpeg')).toBe(true);
  });

  it('keeps the photos with the proposal when there is no connection', async () => {
    const calls = proposeApi('offline');
    const { location } = renderWithApp(<ProposePage />, { path: '/propose' });
    await writeProposalWithPhotos(1);

    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/my-submissions\?drafted=/));
    const [draft] = (await listDrafts()) as ProposalDraft[];
    expect(draft).toMatchObject({
      kind: 'proposal',
      placeId: null,
      values: { name: { en: 'Night pharmacy' } },
    });
    expect(draft?.photos).toHaveLength(1);
    expect(location.history.at(-1)).toBe(`/my-submissions?drafted=${draft?.id}`);
    expect(calls.some((call) => call.path.endsWith('/photos'))).toBe(false);
  });
});

describe('a proposal kept offline with the category’s values', () => {
  async function writeProposal(tram: string) {
    await userEvent.click(await screen.findByRole('button', { name: 'Click the map' }));
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Pharmacy');
    await userEvent.type(screen.getByLabelText('Name (English)'), 'Night pharmacy');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.type(screen.getByLabelText('From the tram'), tram);
    await userEvent.click(screen.getByTestId('save-place'));
  }

  it('carries the values', async () => {
    proposeApi('offline');
    const { location } = renderWithApp(<ProposePage />, { path: '/propose' });
    await writeProposal('120');
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/my-submissions\?drafted=/));
    const [draft] = (await listDrafts()) as ProposalDraft[];
    expect(draft?.values.extra).toEqual({ on_duty: true, tram: 120 });
  });

  it('is not kept while a value breaks the values rule: the form says why', async () => {
    const calls = proposeApi('offline');
    const { location } = renderWithApp(<ProposePage />, { path: '/propose' });
    await writeProposal('900');
    await waitFor(() => expect(screen.getByLabelText('From the tram')).toHaveFocus());
    expect(screen.getByLabelText('From the tram')).toHaveAccessibleDescription('m Enter 500 or less.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(await listDrafts()).toEqual([]);
    expect(location.history.at(-1)).toBe('/propose');
  });
});
