import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PlaceNotesSection } from './place-notes-section.tsx';

const note = (id: number, text: string, kind: 'status' | 'comment' = 'comment') => ({
  id,
  kind,
  text,
  language: 'en',
  effect: kind === 'status' ? 'limited' : null,
  state: 'published',
  createdAt: new Date(Date.now() - id * 3_600_000 - 60_000).toISOString(),
  expiresAt: kind === 'status' ? new Date(Date.now() + 3_600_000).toISOString() : null,
  authorName: id === 1 ? 'Ana' : null,
});

describe('PlaceNotesSection', () => {
  it('lists the notes newest first and brings the next page with "More notes"', async () => {
    const calls = fakeApi({
      'GET /api/v1/places/42/notes': (call) =>
        call.path.includes('before=')
          ? { status: 200, body: { items: [note(3, 'Older comment')], next: null } }
          : {
              status: 200,
              body: { items: [note(1, 'Queue is long', 'status'), note(2, 'Ring twice')], next: 2 },
            },
    });
    renderWithApp(<PlaceNotesSection place={listedPlace({ id: 42, notesAllowed: true })} signedIn />);
    await screen.findByTestId('place-notes');
    const texts = () => screen.getAllByTestId('place-note').map((item) => item.textContent);
    const [first, second] = texts();
    expect(first).toMatch(/^Limited todayAna, 1 hour ago · until .+Queue is longReport$/);
    expect(second).toBe('CommentA visitor, 2 hours agoRing twiceReport');
    await userEvent.click(screen.getByRole('button', { name: 'More notes' }));
    await screen.findByText('Older comment');
    expect(texts()).toHaveLength(3);
    expect(calls.map((call) => call.path)).toContain('/api/v1/places/42/notes?limit=10&before=2');
    expect(screen.queryByRole('button', { name: 'More notes' })).toBeNull();
    expect(screen.getByTestId('note-form')).toBeTruthy();
  });

  it('leaves out a status note that ended since the list was kept (offline)', async () => {
    const ended = {
      ...note(4, 'No water today', 'status'),
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    };
    fakeApi({
      'GET /api/v1/places/42/notes': {
        status: 200,
        body: { items: [ended, note(5, 'Ring twice')], next: null },
      },
    });
    renderWithApp(<PlaceNotesSection place={listedPlace({ id: 42, notesAllowed: true })} signedIn />);
    await screen.findByText('Ring twice');
    expect(screen.queryByText('No water today')).toBeNull();
  });

  it('shows the place’s earlier reports, the ended status notes, when asked', async () => {
    const ended = {
      ...note(6, 'No water yesterday', 'status'),
      expiresAt: new Date(Date.now() - 3_600_000).toISOString(),
    };
    const calls = fakeApi({
      'GET /api/v1/places/42/notes': (call) =>
        call.path.includes('ended=true')
          ? { status: 200, body: { items: [ended], next: null } }
          : { status: 200, body: { items: [note(5, 'Ring twice')], next: null } },
    });
    renderWithApp(<PlaceNotesSection place={listedPlace({ id: 42, notesAllowed: true })} signedIn />);
    await screen.findByText('Ring twice');
    expect(calls.some((call) => call.path.includes('ended=true'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Earlier reports' }));
    expect(await screen.findByRole('heading', { name: 'Earlier reports' })).toBeTruthy();
    expect((await screen.findByTestId('earlier-notes-list')).textContent).toContain('No water yesterday');
    expect(calls.map((call) => call.path)).toContain('/api/v1/places/42/notes?limit=10&ended=true');
  });

  it('lets anyone report a note with a reason of notes', async () => {
    const calls = fakeApi({
      'GET /api/v1/places/42/notes': {
        status: 200,
        body: { items: [note(2, 'Buy cheap watches')], next: null },
      },
      'POST /api/v1/notes/2/flags': {
        status: 201,
        body: {
          id: 5,
          placeId: 42,
          photoId: null,
          noteId: 2,
          reason: 'offensive',
          status: 'open',
          createdAt: new Date().toISOString(),
        },
      },
    });
    renderWithApp(<PlaceNotesSection place={listedPlace({ id: 42, notesAllowed: true })} signedIn={false} />);
    await userEvent.click(await screen.findByTestId('report-note'));
    const reason = screen.getByLabelText('What is wrong with this note?');
    expect([...(reason as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Spam',
      'Offensive note',
      'Not true',
      'Names a private person',
    ]);
    await userEvent.selectOptions(reason, 'Offensive note');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByTestId('note-reported')).toHaveTextContent('a moderator will look at it');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'offensive' });
  });

  it('offers no form where the place’s category takes no notes', async () => {
    fakeApi({ 'GET /api/v1/places/42/notes': { status: 200, body: { items: [], next: null } } });
    renderWithApp(
      <PlaceNotesSection place={listedPlace({ id: 42, notesAllowed: false })} signedIn={false} />,
    );
    expect((await screen.findByTestId('place-notes-empty')).textContent).toBe(
      'No notes yet. Were you here today? Tell others how it was.',
    );
    expect(screen.getByText('This kind of place takes no notes.')).toBeTruthy();
    expect(screen.queryByTestId('note-form')).toBeNull();
  });
});
