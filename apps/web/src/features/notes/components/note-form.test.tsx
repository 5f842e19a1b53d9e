import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { NoteForm } from './note-form.tsx';

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

/** What the form says once the note has left it. */
async function sentMessage() {
  return within(await screen.findByTestId('note-sent')).getByRole('status').textContent;
}

describe('NoteForm', () => {
  it('sends a status note in the interface language and says it is shown', async () => {
    const calls = fakeApi({ 'POST /api/v1/places/9/notes': { status: 201, body: published } });
    renderWithApp(<NoteForm placeId={9} signedIn />);
    expect(screen.queryByLabelText('Your e-mail')).toBeNull();
    await userEvent.click(screen.getByLabelText('Closed today'));
    await userEvent.type(screen.getByLabelText('What is it like today?'), 'No water today');
    expect(screen.getByTestId('note-count').textContent).toBe('14 / 200');
    await userEvent.click(screen.getByRole('button', { name: 'Send note' }));
    expect(await sentMessage()).toBe('Thank you: your note is shown.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { kind: 'status', text: 'No water today', language: 'en', effect: 'closed_now' },
    ]);
  });

  it('counts a comment against 1 000, refuses one too long before sending, and shows no effect', async () => {
    const calls = fakeApi({});
    renderWithApp(<NoteForm placeId={9} signedIn />);
    await userEvent.click(screen.getByLabelText('Add a comment'));
    expect(screen.queryByLabelText('Closed today')).toBeNull();
    const text = screen.getByLabelText('Your comment');
    await userEvent.click(text);
    await userEvent.paste('x'.repeat(1001));
    expect(screen.getByTestId('note-count').textContent).toBe('1001 / 1000');
    await userEvent.click(screen.getByRole('button', { name: 'Send note' }));
    expect(screen.getByTestId('field-error').textContent).toBe('Too long: at most 1000 characters.');
    expect(calls).toEqual([]);
  });

  it('asks a signed-out visitor for an address, and says to confirm by e-mail on a 202', async () => {
    const calls = fakeApi({ 'POST /api/v1/places/9/notes': { status: 202, body: { state: 'unconfirmed' } } });
    renderWithApp(<NoteForm placeId={9} signedIn={false} />, { language: 'hr' });
    expect(
      screen.getByText('Poslat ćemo vam poveznicu za potvrdu; vaša adresa nikad se ne prikazuje.'),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Kako je danas?'), 'Red je dug');
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji bilješku' }));
    expect(screen.getByTestId('field-error').dataset.field).toBe('note-email');
    await userEvent.type(screen.getByLabelText('Vaša e-adresa'), 'ana@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Pošalji bilješku' }));
    expect(await sentMessage()).toBe('Provjerite e-poštu i potvrdite bilješku.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'status',
      text: 'Red je dug',
      language: 'hr',
      effect: 'normal',
      email: 'ana@example.org',
    });
  });

  it('hides the honeypot from people and sends it as the form has it', async () => {
    const calls = fakeApi({
      'POST /api/v1/places/9/notes': { status: 201, body: { ...published, state: 'pending' } },
    });
    renderWithApp(<NoteForm placeId={9} signedIn />);
    const trap = screen.getByTestId('note-website');
    expect(trap.getAttribute('name')).toBe('website');
    expect(trap.getAttribute('tabindex')).toBe('-1');
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.type(trap, 'http://spam.example');
    await userEvent.type(screen.getByLabelText('What is it like today?'), 'Fine');
    await userEvent.click(screen.getByRole('button', { name: 'Send note' }));
    expect(await sentMessage()).toBe('Thank you: a moderator will look at it.');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      website: 'http://spam.example',
    });
  });

  it('translates a refusal through the error display and keeps what was written', async () => {
    fakeApi({ 'POST /api/v1/places/9/notes': { status: 409, body: apiError('conflict') } });
    renderWithApp(<NoteForm placeId={9} signedIn />);
    await userEvent.type(screen.getByLabelText('What is it like today?'), 'No water today');
    await userEvent.click(screen.getByRole('button', { name: 'Send note' }));
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).not.toBe(''));
    expect(screen.getByLabelText<HTMLTextAreaElement>('What is it like today?').value).toBe('No water today');
  });

  it('keeps a signed-in author’s note as a draft when the server cannot be reached', async () => {
    fakeApi({ 'POST /api/v1/places/9/notes': 'offline' });
    const kept = vi.fn(async () => {});
    renderWithApp(<NoteForm placeId={9} signedIn onUnsent={kept} />);
    await userEvent.type(screen.getByLabelText('What is it like today?'), 'No water today');
    await userEvent.click(screen.getByRole('button', { name: 'Send note' }));
    expect(await sentMessage()).toBe(
      'No connection: your note is kept in this browser and will be sent when you are back online.',
    );
    expect(kept).toHaveBeenCalledWith({
      kind: 'status',
      text: 'No water today',
      language: 'en',
      effect: 'normal',
    });
  });
});
