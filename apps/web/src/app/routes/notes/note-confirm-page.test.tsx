import type { ConfirmedNote } from '@karta/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { NoteConfirmPage } from './note-confirm-page.tsx';

/** A token as the e-mail's link carries it: 32 bytes in base64url, 43 characters. */
const TOKEN = 'Xk3_9aQ-ZpLm2Vt8RwYc5BnH7uJd1KeS4gFhT6oIq0E';

function note(overrides: Partial<ConfirmedNote> = {}): ConfirmedNote {
  return {
    id: 12,
    placeId: 34,
    kind: 'comment',
    text: 'Voda je hladna.',
    language: 'hr',
    effect: null,
    state: 'pending',
    createdAt: '2026-11-29T08:00:00.000Z',
    expiresAt: null,
    authorName: null,
    ...overrides,
  };
}

function renderPage(path = `/notes/confirm?token=${TOKEN}`, language = 'en') {
  return renderWithApp(<NoteConfirmPage />, {
    path,
    language,
    config: testConfig({ mail: true }),
    strict: true,
  });
}

describe('the note confirmation page', () => {
  it('confirms nothing on opening (mail scanners open links), and takes the token out of the address', async () => {
    const calls = fakeApi({});
    const { location } = renderPage();
    expect(screen.getByRole('button', { name: 'Confirm the note' })).toHaveAttribute(
      'data-testid',
      'confirm-note',
    );
    await new Promise((done) => setTimeout(done, 30));
    expect(calls).toEqual([]);
    expect(location.history).toEqual(['/notes/confirm']);
  });

  it('confirms when asked, says the note waits for a moderator, and links to its place', async () => {
    const calls = fakeApi({ 'POST /api/v1/notes/confirm': { status: 200, body: note() } });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-note'));
    const done = await screen.findByTestId('note-confirmed');
    expect(screen.getByRole('heading', { name: 'Your note is confirmed' })).toHaveFocus();
    expect(done).toHaveTextContent('It waits for a moderator’s look.');
    expect(done).toHaveTextContent('Voda je hladna.');
    expect(screen.getByTestId('note-place-link')).toHaveAttribute('href', '/places/34');
    expect(calls).toEqual([{ method: 'POST', path: '/api/v1/notes/confirm', body: { token: TOKEN } }]);
  });

  it('says a published note is published, in the reader’s language', async () => {
    fakeApi({ 'POST /api/v1/notes/confirm': { status: 200, body: note({ state: 'published' }) } });
    renderPage(`/notes/confirm?token=${TOKEN}`, 'hr');
    await userEvent.click(screen.getByRole('button', { name: 'Potvrdi bilješku' }));
    const done = await screen.findByTestId('note-confirmed');
    expect(done).toHaveTextContent('Bilješka je objavljena');
    expect(screen.getByRole('link', { name: 'Otvori mjesto' })).toHaveAttribute('href', '/places/34');
  });

  it('says a used, unknown or expired link does not work', async () => {
    fakeApi({ 'POST /api/v1/notes/confirm': { status: 404, body: apiError('not_found') } });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-note'));
    const invalid = await screen.findByTestId('note-link-invalid');
    expect(invalid).toHaveTextContent('This link doesn’t work');
    expect(invalid).toHaveTextContent('A confirmation link works once, within seven days');
    expect(screen.getByRole('link', { name: 'Go to the map' })).toHaveAttribute('href', '/');
  });

  it('keeps the button when the server could not be reached', async () => {
    fakeApi({ 'POST /api/v1/notes/confirm': 'offline' });
    renderPage();
    await userEvent.click(screen.getByTestId('confirm-note'));
    expect(await screen.findByText(/Can’t reach the server/)).toBeInTheDocument();
    expect(screen.getByTestId('confirm-note')).toBeInTheDocument();
  });

  it('says a link without a whole token does not work, without asking the server', async () => {
    const calls = fakeApi({});
    renderPage('/notes/confirm');
    expect(screen.getByTestId('note-link-invalid')).toBeInTheDocument();
    expect(screen.queryByTestId('confirm-note')).toBeNull();
    await new Promise((done) => setTimeout(done, 20));
    expect(calls).toEqual([]);
  });
});
