import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { StillHere } from './still-here.tsx';

const LONG_AGO = '2024-11-01T10:00:00.000Z';

/** The place's question answered "Still here" with the server's `receipt`. */
async function answerStillHere(receipt: { counted: boolean; lastConfirmedAt: string; stale: boolean }) {
  const place = listedPlace({ id: 41, stale: true, lastConfirmedAt: LONG_AGO });
  const calls = fakeApi({
    'POST /api/v1/places/41/confirmations': { status: 200, body: { ...receipt, flagged: false } },
  });
  renderWithApp(<StillHere place={place} />);
  await userEvent.click(screen.getByRole('button', { name: 'Still here' }));
  expect(calls.map((call) => [call.method, call.path, call.body])).toContainEqual([
    'POST',
    '/api/v1/places/41/confirmations',
    { still: true },
  ]);
  return (await screen.findByTestId('still-here-answer')).textContent;
}

describe('StillHere', () => {
  it('thanks a visitor whose answer confirmed the place', async () => {
    const now = new Date().toISOString();
    expect(await answerStillHere({ counted: true, lastConfirmedAt: now, stale: false })).toBe(
      'Thank you: noted as still here.',
    );
  });

  it('says an answer that did not confirm the place yet waits for a few more people', async () => {
    expect(await answerStillHere({ counted: true, lastConfirmedAt: LONG_AGO, stale: true })).toBe(
      'Thank you: noted. It shows as confirmed once a few more people say it is still here.',
    );
  });

  it('says so when the visitor already answered today', async () => {
    expect(await answerStillHere({ counted: false, lastConfirmedAt: LONG_AGO, stale: true })).toBe(
      'You already answered today. Thank you.',
    );
  });
});
