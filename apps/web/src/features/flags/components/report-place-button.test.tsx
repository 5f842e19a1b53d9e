import type { FlagReceipt } from '@karta/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ReportPlaceButton } from './report-place-button.tsx';

const receipt: FlagReceipt = {
  id: 9,
  placeId: 42,
  photoId: null,
  noteId: null,
  reason: 'wrong_information',
  status: 'open',
  createdAt: '2026-03-01T10:00:00.000Z',
};

async function openDialog() {
  await userEvent.click(screen.getByTestId('report-place'));
  return screen.findByRole('dialog', { name: 'Report a problem' });
}

describe('ReportPlaceButton', () => {
  it('sends the reason and the comment, thanks the visitor and gives the focus back on closing', async () => {
    const calls = fakeApi({ 'POST /api/v1/places/42/flags': { status: 201, body: receipt } });
    renderWithApp(<ReportPlaceButton placeId={42} placeName="Ljekarna Ilica" />);
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('“Ljekarna Ilica”');
    // The first reason has the focus, not the dialog's close button.
    expect(screen.getByLabelText(/Wrong information/)).toHaveFocus();

    await userEvent.click(screen.getByLabelText(/Wrong information/));
    await userEvent.type(screen.getByLabelText('Details (optional)'), '  Closed on Sundays.  ');
    await userEvent.click(screen.getByTestId('send-report'));

    const sent = await screen.findByTestId('report-sent');
    expect(within(sent).getByRole('status')).toHaveTextContent('Thanks, a moderator will look at it.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/v1/places/42/flags',
        body: { reason: 'wrong_information', comment: 'Closed on Sundays.' },
      },
    ]);
    expect(screen.getByTestId('report-done')).toHaveFocus();
    await userEvent.click(screen.getByTestId('report-done'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('report-place')).toHaveFocus();
  });

  it('asks for a reason before sending anything, and sends no empty comment', async () => {
    const calls = fakeApi({ 'POST /api/v1/places/42/flags': { status: 201, body: receipt } });
    renderWithApp(<ReportPlaceButton placeId={42} placeName="Ljekarna Ilica" />, { language: 'hr' });
    await userEvent.click(screen.getByTestId('report-place'));
    await userEvent.click(await screen.findByTestId('send-report'));
    expect(screen.getByTestId('field-error')).toHaveTextContent('Odaberite što nije u redu.');
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByLabelText(/Zatvoreno ili ne postoji/));
    expect(screen.queryByTestId('field-error')).toBeNull();
    await userEvent.click(screen.getByTestId('send-report'));
    await screen.findByTestId('report-sent');
    expect(calls[0]?.body).toEqual({ reason: 'does_not_exist' });
  });

  it.each([
    [apiError('rate_limited'), 429, 'Many reports have been sent from your connection in the last hour.'],
    [apiError('not_found'), 404, 'This place is no longer on the map, so it can’t be reported.'],
    [apiError('forbidden_origin'), 403, 'didn’t come from this site'],
    [apiError('validation_error'), 400, 'Please check what you entered.'],
  ])('explains a refused report (%j) and keeps what was typed', async (body, status, message) => {
    fakeApi({ 'POST /api/v1/places/42/flags': { status, body } });
    renderWithApp(<ReportPlaceButton placeId={42} placeName="Ljekarna Ilica" />);
    await openDialog();
    await userEvent.click(screen.getByLabelText(/Duplicate/));
    await userEvent.type(screen.getByLabelText('Details (optional)'), 'Same as the one next door.');
    await userEvent.click(screen.getByTestId('send-report'));
    await waitFor(() => expect(screen.getByTestId('report-error')).toHaveTextContent(message));
    expect(screen.getByLabelText('Details (optional)')).toHaveValue('Same as the one next door.');
    expect(screen.queryByTestId('report-sent')).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    fakeApi({ 'POST /api/v1/places/42/flags': 'offline' });
    renderWithApp(<ReportPlaceButton placeId={42} placeName="Ljekarna Ilica" />);
    await openDialog();
    await userEvent.click(screen.getByLabelText(/Inappropriate/));
    await userEvent.click(screen.getByTestId('send-report'));
    await waitFor(() =>
      expect(screen.getByTestId('report-error')).toHaveTextContent('Can’t reach the server.'),
    );
  });

  it('closes with Escape', async () => {
    fakeApi({});
    renderWithApp(<ReportPlaceButton placeId={42} placeName="Ljekarna Ilica" />);
    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('report-place')).toHaveFocus();
  });
});
