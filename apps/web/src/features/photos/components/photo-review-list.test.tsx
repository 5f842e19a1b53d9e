import type { PhotoWithPlace } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, type FakeAnswer, fakeApi } from '../../../testing/fake-api.ts';
import { photoRecord } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PhotoReviewList } from './photo-review-list.tsx';

function waiting(id: number, overrides: Partial<PhotoWithPlace> = {}): PhotoWithPlace {
  return {
    ...photoRecord(id, {
      placeId: 3,
      status: 'pending',
      height: 900,
      licence: 'CC-BY-SA-4.0',
      createdAt: '2026-03-01T10:00:00.000Z',
    }),
    place: { id: 3, name: { en: 'Corner bakery' }, primaryLanguage: 'en', status: 'pending' },
    ...overrides,
  };
}

/**
 * The queue as the server keeps it: `photos` until one is published or hidden, then without it.
 * PATCH answers with the next version, as the server does.
 */
function renderQueue(photos: PhotoWithPlace[], answers: Record<string, FakeAnswer> = {}, language = 'en') {
  let queue = photos;
  const calls = fakeApi({
    'GET /api/v1/photos': () => ({ status: 200, body: { items: queue } }),
    ...Object.fromEntries(
      photos.flatMap((photo) => [
        [
          `PATCH /api/v1/photos/${photo.id}`,
          (call: ApiCall) =>
            answers[`PATCH ${photo.id}`] ?? {
              status: 200,
              body: { ...photo, ...(call.body as object), version: photo.version + 1 },
            },
        ],
        [
          `POST /api/v1/photos/${photo.id}/transition`,
          () => {
            const answer = answers[`POST ${photo.id}`];
            if (answer) return answer;
            queue = queue.filter((other) => other.id !== photo.id);
            return { status: 200, body: { ...photo, status: 'published' } };
          },
        ],
      ]),
    ),
  });
  renderWithApp(<PhotoReviewList />, { language });
  return calls;
}

const writes = (calls: ApiCall[]) =>
  calls
    .filter((call) => call.method !== 'GET')
    .map((call) => ({ call: `${call.method} ${call.path}`, body: call.body }));

describe('PhotoReviewList', () => {
  it('publishes a photo with the description typed, without a separate Save', async () => {
    const calls = renderQueue([waiting(5, { version: 3 })]);
    await userEvent.type(await screen.findByTestId('photo-alt-en'), 'The blue door of the bakery');
    await userEvent.click(screen.getByTestId('photo-publish'));

    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)).toEqual([
      {
        call: 'PATCH /api/v1/photos/5',
        body: expect.objectContaining({ version: 3, alt: { en: 'The blue door of the bakery' } }),
      },
      // Published at the version the save answered with.
      { call: 'POST /api/v1/photos/5/transition', body: { to: 'published', version: 4 } },
    ]);
  });

  it('publishes at once what was already described', async () => {
    const calls = renderQueue([waiting(5, { alt: { en: 'A door' } })]);
    await userEvent.click(await screen.findByTestId('photo-publish'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      call: 'POST /api/v1/photos/5/transition',
      body: { to: 'published', version: 1 },
    });
  });

  it('sends nothing for a photo nobody described, and takes the reader to the description', async () => {
    const calls = renderQueue([waiting(5)]);
    await userEvent.click(await screen.findByTestId('photo-publish'));
    expect(screen.getByTestId('photo-review-error')).toHaveTextContent(
      'Describe what the photo shows before publishing it.',
    );
    expect(screen.getByTestId('photo-alt-hr')).toHaveFocus();
    expect(writes(calls)).toEqual([]);
  });

  it('does not publish when the description could not be saved, and says so', async () => {
    const calls = renderQueue([waiting(5)], {
      'PATCH 5': { status: 409, body: apiError('conflict', 'stale') },
    });
    await userEvent.type(await screen.findByTestId('photo-alt-en'), 'A door');
    await userEvent.click(screen.getByTestId('photo-publish'));
    expect(
      await screen.findByText(/^The description could not be saved, so the photo is not published\./),
    ).toBeVisible();
    expect(writes(calls).map((write) => write.call)).toEqual(['PATCH /api/v1/photos/5']);
  });

  it('says the description is kept when only the publishing failed', async () => {
    renderQueue([waiting(5)], { 'POST 5': { status: 422, body: apiError('invalid_transition') } });
    await userEvent.type(await screen.findByTestId('photo-alt-en'), 'A door');
    await userEvent.click(screen.getByTestId('photo-publish'));
    expect(
      await screen.findByText(/^The description is saved, but the photo could not be published\./),
    ).toBeVisible();
  });

  it('labels each description field by its language’s name in the interface language', async () => {
    renderQueue([waiting(5)], {}, 'hr');
    const item = await screen.findByTestId('photo-editor-item');
    expect(within(item).getByLabelText('Što fotografija prikazuje (hrvatski)')).toBe(
      within(item).getByTestId('photo-alt-hr'),
    );
    expect(within(item).getByLabelText('Što fotografija prikazuje (engleski)')).toBe(
      within(item).getByTestId('photo-alt-en'),
    );
  });

  it('moves the focus to the next photo after a decision, and after the last to a line saying so', async () => {
    renderQueue([waiting(5, { alt: { en: 'A door' } }), waiting(6, { alt: { en: 'A window' } })]);
    const [first] = await screen.findAllByTestId('photo-publish');
    await userEvent.click(first as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('photo-review-item')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Photo of Corner bakery' })).toHaveFocus(),
    );

    await userEvent.click(screen.getByTestId('photo-publish'));
    await waitFor(() => expect(screen.getByTestId('photo-review-done')).toHaveFocus());
    expect(screen.getByTestId('photo-review-done')).toHaveTextContent('Every new photo has been reviewed.');
  });
});
