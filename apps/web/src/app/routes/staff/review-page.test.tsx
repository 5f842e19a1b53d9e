import type { PendingNote, PlaceHistoryEntry, PlaceListItem } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError, fakeApi } from '../../../testing/fake-api.ts';
import { currentUser, listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ReviewPage } from './review-page.tsx';

const moderator = { status: 200, body: currentUser({ id: 1, role: 'moderator', displayName: 'Mia' }) };
const categories = {
  status: 200,
  body: {
    items: [
      { id: 1, slug: 'pharmacy', name: { en: 'Pharmacy', hr: 'Ljekarna' }, color: '#b91c1c', icon: 'pill' },
    ],
  },
};

function pending(overrides: Partial<PlaceListItem> = {}): PlaceListItem {
  return listedPlace({
    id: 7,
    status: 'pending',
    publishedAt: null,
    distance: null,
    version: 1,
    ...overrides,
  });
}

function history(...entries: Omit<PlaceHistoryEntry, 'placeId' | 'createdAt'>[]) {
  return {
    status: 200,
    body: {
      items: entries.map((entry) => ({ placeId: 7, createdAt: '2026-03-01T10:00:00.000Z', ...entry })),
    },
  };
}

const proposal = history({
  id: 1,
  version: 1,
  action: 'created',
  actor: { id: 9, displayName: 'Ivo' },
  changes: {
    name: { from: null, to: { en: 'Corner shop' } },
    address: { from: null, to: 'Ilica 5' },
    categoryId: { from: null, to: 1 },
  },
});

/** A place as a write answers it (with its author, whether their address is proven, and rejection reason). */
function written(place: PlaceListItem) {
  return { status: 200, body: { ...place, authorId: 9, authorVerified: true, rejectionReason: null } };
}

function list(items: PlaceListItem[]) {
  return { status: 200, body: { items, total: items.length, totalIsLowerBound: false, nextCursor: null } };
}

function renderQueue(answers: Parameters<typeof fakeApi>[0], path = '/review', language = 'en') {
  const calls = fakeApi({
    'GET /api/v1/auth/me': moderator,
    'GET /api/v1/categories': categories,
    ...answers,
  });
  const view = renderWithApp(<ReviewPage />, { path, language });
  return { calls, ...view };
}

const transitions = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/v1/places/7/transition');

function waitingNote(overrides: Partial<PendingNote> = {}): PendingNote {
  return {
    id: 31,
    kind: 'status',
    text: 'No water <b>today</b>',
    language: 'en',
    effect: 'closed_now',
    state: 'pending',
    createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    expiresAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    authorName: 'Ana',
    place: { id: 12, name: { en: 'Town fountain', hr: 'Gradska fontana' }, primaryLanguage: 'hr' },
    author: { displayName: 'Ana' },
    ...overrides,
  };
}

describe('ReviewPage: waiting notes', () => {
  const notes = (items: PendingNote[]) => ({ status: 200, body: { items, total: items.length, next: null } });

  it('lists each waiting note with its place, kind, author and text, and publishes it', async () => {
    const { calls, container } = renderQueue({
      'GET /api/v1/places': list([]),
      'GET /api/v1/notes/pending': notes([
        waitingNote(),
        waitingNote({
          id: 32,
          kind: 'comment',
          effect: null,
          expiresAt: null,
          author: null,
          authorName: null,
          text: 'Lovely shade.',
        }),
      ]),
      'POST /api/v1/notes/31/transition': { status: 200, body: { ...waitingNote(), state: 'published' } },
    });
    const section = await screen.findByTestId('note-review');
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('2 notes waiting');
    const [first, second] = within(section).getAllByTestId('note-review-item') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Town fountain' })).toHaveAttribute('href', '/places/12');
    expect(first).toHaveTextContent('Reported closed today');
    expect(first).toHaveTextContent('Ana, 2 hours ago');
    expect(first).toHaveTextContent('No water <b>today</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(second).toHaveTextContent('A visitor (confirmed by e-mail)');
    await userEvent.click(within(first).getByTestId('note-publish'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/notes/31/transition')?.body).toEqual({
        to: 'published',
      }),
    );
  });

  it('asks why before hiding a note, then sends the reason', async () => {
    const { calls } = renderQueue({
      'GET /api/v1/places': list([]),
      'GET /api/v1/notes/pending': notes([waitingNote()]),
      'POST /api/v1/notes/31/transition': { status: 200, body: { ...waitingNote(), state: 'hidden' } },
    });
    const item = await screen.findByTestId('note-review-item');
    await userEvent.click(within(item).getByTestId('note-hide'));
    const reason = within(item).getByLabelText('Why is it hidden?');
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.click(within(item).getByTestId('note-hide-confirm'));
    expect(within(item).getByTestId('note-review-error')).toHaveTextContent('Say why the note is hidden.');
    expect(calls.some((call) => call.path === '/api/v1/notes/31/transition')).toBe(false);
    await userEvent.type(reason, 'Not about this place');
    await userEvent.click(within(item).getByTestId('note-hide-confirm'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/notes/31/transition')?.body).toEqual({
        to: 'hidden',
        reason: 'Not about this place',
      }),
    );
  });
});

describe('ReviewPage', () => {
  it('lists pending places oldest first with a new proposal shown as every field new', async () => {
    const { calls } = renderQueue({
      'GET /api/v1/places': list([pending({ name: { en: 'Corner shop' }, primaryLanguage: 'en' })]),
      'GET /api/v1/places/7/history': proposal,
    });
    const item = await screen.findByTestId('review-item');
    expect(item).toHaveAttribute('data-place-id', '7');
    const listCall = new URL(
      calls.find((call) => call.path.startsWith('/api/v1/places?'))?.path ?? '/',
      'http://x',
    );
    expect([listCall.searchParams.get('status'), listCall.searchParams.get('order')]).toEqual([
      'pending',
      'oldest',
    ]);
    expect(await within(item).findByText('A new proposal: every field is new.')).toBeInTheDocument();
    const rows = within(item).getAllByTestId('diff-row');
    expect(rows.map((row) => row.getAttribute('data-field'))).toEqual(['name.en', 'categoryId', 'address']);
    expect(within(rows[1] as HTMLElement).getByTestId('diff-after')).toHaveTextContent('Pharmacy');
    expect(within(item).queryByTestId('diff-before')).toBeNull();
    expect(item).toHaveTextContent('Proposed by Ivo');
    expect(screen.getByTestId('review-count')).toHaveTextContent('1 place is waiting for review');
  });

  it('shows an edit of a published place before and after, side by side, in Croatian', async () => {
    renderQueue(
      {
        'GET /api/v1/places': list([pending({ version: 4 })]),
        'GET /api/v1/places/7/history': history(
          {
            id: 1,
            version: 1,
            action: 'created',
            actor: null,
            changes: { address: { from: null, to: 'Ilica 5' } },
          },
          {
            id: 2,
            version: 2,
            action: 'published',
            actor: null,
            changes: { status: { from: 'pending', to: 'published' } },
          },
          {
            id: 3,
            version: 3,
            action: 'edited',
            actor: { id: 9, displayName: 'Ivo' },
            changes: { address: { from: 'Ilica 5', to: 'Ilica 7' } },
          },
        ),
      },
      '/review',
      'hr',
    );
    const row = await screen.findByTestId('diff-row');
    expect(row).toHaveAttribute('data-field', 'address');
    expect(within(row).getByTestId('diff-before')).toHaveTextContent('Ilica 5');
    expect(within(row).getByTestId('diff-after')).toHaveTextContent('Ilica 7');
    expect(screen.getByText(/^Promjene otkako je objavljeno/)).toBeInTheDocument();
    await userEvent.click(screen.getByText('Povijest: 3 zapisa'));
    expect(screen.getAllByTestId('history-entry').map((entry) => entry.getAttribute('data-action'))).toEqual([
      'created',
      'published',
      'edited',
    ]);
    expect(screen.getByText('Promijenjeno: Adresa')).toBeVisible();
  });

  it('renders a name with markup in it as text', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const { container } = renderQueue({
      'GET /api/v1/places': list([pending({ name: { en: name }, primaryLanguage: 'en' })]),
      'GET /api/v1/places/7/history': history({
        id: 1,
        version: 1,
        action: 'created',
        actor: { id: 9, displayName: name },
        changes: { name: { from: null, to: { en: name } } },
      }),
    });
    expect(await screen.findByTestId('review-item-name')).toHaveTextContent(name);
    expect(await screen.findByTestId('diff-after')).toHaveTextContent(name);
    expect(container.querySelector('img')).toBeNull();
  });

  it('links each item to the place editor, where moderators may correct it', async () => {
    renderQueue({ 'GET /api/v1/places': list([pending()]), 'GET /api/v1/places/7/history': proposal });
    expect(await screen.findByTestId('review-edit')).toHaveAttribute('href', '/places/7/edit');
  });

  it('publishes with the version it showed', async () => {
    const { calls } = renderQueue({
      'GET /api/v1/places': list([pending({ version: 3 })]),
      'GET /api/v1/places/7/history': proposal,
      'POST /api/v1/places/7/transition': written(pending({ status: 'published', version: 4 })),
    });
    await userEvent.click(await screen.findByTestId('publish'));
    await waitFor(() => expect(transitions(calls)).toHaveLength(1));
    expect(transitions(calls)[0]?.body).toEqual({ to: 'published', version: 3 });
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('“City Pharmacy Centre” is published.'),
    );
  });

  it('asks for a reason before rejecting, then sends it', async () => {
    const { calls } = renderQueue({
      'GET /api/v1/places': list([pending()]),
      'GET /api/v1/places/7/history': proposal,
      'POST /api/v1/places/7/transition': written(pending({ status: 'rejected', version: 2 })),
    });
    await userEvent.click(await screen.findByTestId('reject'));
    const reason = screen.getByLabelText('Reason for rejecting');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/Write why the place is rejected/);
    expect(transitions(calls)).toHaveLength(0);

    await userEvent.type(reason, 'The address is wrong.');
    await userEvent.click(screen.getByTestId('reject'));
    await waitFor(() => expect(transitions(calls)).toHaveLength(1));
    expect(transitions(calls)[0]?.body).toEqual({
      to: 'rejected',
      version: 1,
      reason: 'The address is wrong.',
    });
  });

  it('says clearly when another moderator acted first, reloads, and keeps the reason typed', async () => {
    let version = 1;
    const { calls } = renderQueue({
      'GET /api/v1/places': () => list([pending({ version })]),
      'GET /api/v1/places/7/history': proposal,
      'POST /api/v1/places/7/transition': () => {
        version = 2;
        return { status: 409, body: apiError('conflict', 'stale', { currentVersion: 2 }) };
      },
    });
    await userEvent.type(await screen.findByTestId('reject-reason'), 'Duplicate of the shop next door.');
    await userEvent.click(screen.getByTestId('reject'));

    expect(await screen.findByText(/Another moderator changed “City Pharmacy Centre”/)).toBeInTheDocument();
    expect(screen.getByTestId('review-conflict')).toHaveTextContent('Duplicate of the shop next door.');
    expect(screen.getByTestId('review-error')).toHaveTextContent('Someone else changed this place first.');
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/v1/places?')).length).toBe(2),
    );
    expect(screen.getByTestId('reject-reason')).toHaveValue('Duplicate of the shop next door.');

    await userEvent.click(screen.getByTestId('reject'));
    await waitFor(() => expect(transitions(calls)).toHaveLength(2));
    expect(transitions(calls)[1]?.body).toMatchObject({ version: 2 });
  });

  it('explains a refused move in words', async () => {
    renderQueue({
      'GET /api/v1/places': list([pending()]),
      'GET /api/v1/places/7/history': proposal,
      'POST /api/v1/places/7/transition': { status: 422, body: apiError('invalid_transition') },
    });
    await userEvent.click(await screen.findByTestId('publish'));
    expect(await screen.findByTestId('review-error')).toHaveTextContent(
      'That change isn’t allowed in the current state.',
    );
  });

  it('archives from the Published tab and restores from the Archived tab', async () => {
    const published = listedPlace({ id: 7, version: 5, distance: null });
    const { calls } = renderQueue(
      {
        'GET /api/v1/places': (call) =>
          list([call.path.includes('status=archived') ? { ...published, status: 'archived' } : published]),
        'GET /api/v1/places/7/history': proposal,
        'POST /api/v1/places/7/transition': written(published),
      },
      '/review?status=published',
    );
    await userEvent.click(await screen.findByTestId('archive'));
    await waitFor(() => expect(transitions(calls)[0]?.body).toEqual({ to: 'archived', version: 5 }));
    expect(
      calls.some((call) => call.path.includes('status=published') && call.path.includes('order=newest')),
    ).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Archived' }));
    await userEvent.click(await screen.findByTestId('restore'));
    await waitFor(() => expect(transitions(calls)[1]?.body).toEqual({ to: 'published', version: 5 }));
  });
});

describe('ReviewPage and the category’s own fields', () => {
  const defibrillator = {
    id: 1,
    slug: 'defibrillator',
    name: { en: 'Defibrillator', hr: 'Defibrilator' },
    color: '#b91c1c',
    icon: 'heart-pulse',
    fields: [
      { key: 'indoor', type: 'boolean', label: { en: 'Indoor', hr: 'U zatvorenom' } },
      {
        key: 'access',
        type: 'enum',
        label: { en: 'Access', hr: 'Pristup' },
        options: [
          { value: 'yes', label: { en: 'Public', hr: 'Javno' } },
          { value: 'customers', label: { en: 'Customers only', hr: 'Samo za korisnike' } },
          { value: 'private', label: { en: 'Private', hr: 'Privatno' }, retired: true },
        ],
      },
    ],
    removedFields: [
      {
        key: 'languages',
        type: 'multi_enum',
        label: { en: 'Languages spoken', hr: 'Jezici' },
        options: [
          { value: 'hr', label: { en: 'Croatian', hr: 'Hrvatski' } },
          { value: 'en', label: { en: 'English', hr: 'Engleski' } },
        ],
      },
    ],
  };
  const edited = history(
    {
      id: 1,
      version: 1,
      action: 'created',
      actor: null,
      changes: { 'extra.indoor': { from: null, to: false } },
    },
    {
      id: 2,
      version: 2,
      action: 'published',
      actor: null,
      changes: { status: { from: 'pending', to: 'published' } },
    },
    {
      id: 3,
      version: 3,
      action: 'edited',
      actor: { id: 9, displayName: 'Ivo' },
      changes: {
        'extra.access': { from: 'private', to: 'customers' },
        'extra.indoor': { from: false, to: true },
        'extra.languages': { from: ['hr'], to: ['hr', 'en'] },
        'extra.colour': { from: null, to: 'green' },
      },
    },
  );

  it.each([
    [
      'en',
      [
        ['extra.indoor', 'Indoor', 'no', 'yes'],
        ['extra.access', 'Access', 'Private (no longer offered)', 'Customers only'],
        ['extra.languages', 'Languages spoken', 'Croatian', 'Croatian, English'],
        ['extra.colour', 'colour', '(empty)', 'green'],
      ],
      [
        'Indoor: no → yes',
        'Access: Private (no longer offered) → Customers only',
        'Languages spoken: Croatian → Croatian, English',
        'colour: (empty) → green',
      ],
      'History: 3 entries',
    ],
    [
      'hr',
      [
        ['extra.indoor', 'U zatvorenom', 'ne', 'da'],
        ['extra.access', 'Pristup', 'Privatno (više se ne nudi)', 'Samo za korisnike'],
        ['extra.languages', 'Jezici', 'Hrvatski', 'Hrvatski, Engleski'],
        ['extra.colour', 'colour', '(prazno)', 'green'],
      ],
      [
        'U zatvorenom: ne → da',
        'Pristup: Privatno (više se ne nudi) → Samo za korisnike',
        'Jezici: Hrvatski → Hrvatski, Engleski',
        'colour: (prazno) → green',
      ],
      'Povijest: 3 zapisa',
    ],
  ])(
    'shows each field’s change as its own row, named in the reader’s language (%s)',
    async (language, expectedRows, expectedHistory, summary) => {
      renderQueue(
        {
          'GET /api/v1/categories': { status: 200, body: { items: [defibrillator] } },
          'GET /api/v1/places': list([pending({ version: 3, categoryId: 1 })]),
          'GET /api/v1/places/7/history': edited,
        },
        '/review',
        language,
      );
      await waitFor(() =>
        expect(screen.getAllByTestId('diff-row').map((row) => row.getAttribute('data-field'))).toEqual(
          expectedRows.map(([field]) => field),
        ),
      );
      const shown = screen
        .getAllByTestId('diff-row')
        .map((row) => [
          row.getAttribute('data-field'),
          row.querySelector('p')?.textContent,
          within(row).getByTestId('diff-before').textContent,
          within(row).getByTestId('diff-after').textContent,
        ]);
      expect(shown).toEqual(expectedRows);

      await userEvent.click(screen.getByText(summary));
      const edit = screen.getAllByTestId('history-entry')[2] as HTMLElement;
      expect(
        within(edit)
          .getAllByTestId('history-extra')
          .map((line) => line.textContent),
      ).toEqual(expectedHistory);
      // The proposal's values are the diff's, not lines of the history.
      const proposed = screen.getAllByTestId('history-entry')[0] as HTMLElement;
      expect(within(proposed).queryByTestId('history-extra')).toBeNull();
    },
  );
});

describe('ReviewPage, going through the queue', () => {
  /** A queue that loses a place once it is published or rejected, as the server's does. */
  function queueOf(...places: PlaceListItem[]) {
    let queue = places;
    const answers: Parameters<typeof fakeApi>[0] = {
      'GET /api/v1/places': () => list(queue),
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
    };
    for (const place of places) {
      answers[`GET /api/v1/places/${place.id}/history`] = proposal;
      answers[`POST /api/v1/places/${place.id}/transition`] = () => {
        queue = queue.filter((other) => other.id !== place.id);
        return written({ ...place, status: 'published', version: place.version + 1 });
      };
    }
    return answers;
  }

  it('moves the focus to the next place’s heading after Publish or Reject, then to the empty queue', async () => {
    renderQueue(
      queueOf(
        pending({ id: 7, name: { en: 'Corner shop' }, primaryLanguage: 'en' }),
        pending({ id: 8, name: { en: 'Bakery' }, primaryLanguage: 'en' }),
        pending({ id: 9, name: { en: 'Library' }, primaryLanguage: 'en' }),
      ),
    );
    const items = await screen.findAllByTestId('review-item');
    within(items[0] as HTMLElement)
      .getByTestId('publish')
      .focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Bakery' })).toHaveFocus());

    // The last place goes, and the one before it is next.
    const library = screen.getAllByTestId('review-item')[1] as HTMLElement;
    await userEvent.type(within(library).getByTestId('reject-reason'), 'Not a place.');
    await userEvent.click(within(library).getByTestId('reject'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Bakery' })).toHaveFocus());
    await waitFor(() => expect(screen.getAllByTestId('review-item')).toHaveLength(1));

    await userEvent.click(screen.getByTestId('publish'));
    await waitFor(() => expect(screen.getByTestId('review-empty')).toHaveFocus());
    expect(screen.getByTestId('review-empty')).toHaveTextContent('The queue is empty.');
  });

  it('names a similar published place near a proposal, how far it is, with a link to it', async () => {
    const { calls } = renderQueue({
      'GET /api/v1/places': list([pending({ name: { en: 'Corner shop' }, primaryLanguage: 'en' })]),
      'GET /api/v1/places/7/history': proposal,
      'GET /api/v1/places/similar': {
        status: 200,
        body: { items: [listedPlace({ id: 3, name: { en: 'Corner Shop Ilica' }, distance: 38.6 })] },
      },
    });
    const similar = await screen.findByTestId('similar-place');
    expect(similar).toHaveTextContent('Similar: Corner Shop Ilica, 39 m away');
    expect(within(similar).getByRole('link', { name: 'Corner Shop Ilica' })).toHaveAttribute(
      'href',
      '/places/3',
    );
    const asked = new URL(
      calls.find((call) => call.path.startsWith('/api/v1/places/similar'))?.path ?? '/',
      'http://x',
    );
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      near: '45.812345,15.977891',
      name: 'Corner shop',
      exclude: '7',
    });
    // The map shows the proposal and the similar place, still until asked to move.
    const map = screen.getByTestId('review-map');
    expect(map.parentElement).toHaveAttribute('inert');
    expect(screen.getByTestId('explore-review-map')).toHaveAccessibleName(
      'Explore the map around Corner shop',
    );
  });

  it('says when no published place near a proposal has a similar name', async () => {
    renderQueue({
      'GET /api/v1/places': list([pending()]),
      'GET /api/v1/places/7/history': proposal,
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
    });
    await waitFor(() =>
      expect(screen.getByTestId('similar-places')).toHaveTextContent(
        'No published place within 200 m has a similar name.',
      ),
    );
  });

  it.each([
    ['en', 'Name (Croatian)', 'Main language', 'Croatian'],
    ['hr', 'Naziv (hrvatski)', 'Glavni jezik', 'hrvatski'],
  ])(
    'labels a field in a language by the language’s name (%s)',
    async (language, nameLabel, mainLabel, main) => {
      renderQueue(
        {
          'GET /api/v1/places': list([pending()]),
          'GET /api/v1/places/7/history': history({
            id: 1,
            version: 1,
            action: 'created',
            actor: null,
            changes: {
              name: { from: null, to: { hr: 'Kutak' } },
              primaryLanguage: { from: null, to: 'hr' },
            },
          }),
        },
        '/review',
        language,
      );
      const rows = await screen.findAllByTestId('diff-row');
      expect(rows.map((row) => row.getAttribute('data-field'))).toEqual(['name.hr', 'primaryLanguage']);
      expect(rows[0]).toHaveTextContent(nameLabel);
      expect(rows[1]).toHaveTextContent(mainLabel);
      expect(within(rows[1] as HTMLElement).getByTestId('diff-after')).toHaveTextContent(
        new RegExp(`^${main}$`),
      );
    },
  );
});
