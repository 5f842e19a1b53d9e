import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setClipboard } from '../../../testing/clipboard.ts';
import { apiError, fakeApi } from '../../../testing/fake-api.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ReviewFeedSection } from './review-feed-section.tsx';

const URL_ONE =
  'https://karta.example.org/api/v1/feeds/review.atom?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const URL_TWO =
  'https://karta.example.org/api/v1/feeds/review.atom?token=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

describe('ReviewFeedSection', () => {
  it('creates the private feed address, shows it once, selected for copying, and copies it', async () => {
    const urls = [URL_ONE, URL_TWO];
    const calls = fakeApi({
      'POST /api/v1/feeds/review-token': () => ({ status: 201, body: { url: urls.shift() } }),
    });
    const user = userEvent.setup();
    renderWithApp(<ReviewFeedSection />);
    const section = screen.getByTestId('review-feed');
    expect(section).toHaveAccessibleName('Private feed of the review queue');
    expect(screen.queryByTestId('review-feed-url')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create a feed address' }));
    const field = await screen.findByRole('textbox', { name: 'Your feed address' });
    expect(field).toHaveValue(URL_ONE);
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription('It is shown only now: copy it into your feed reader.');
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Your new feed address is ready.'),
    );

    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    await user.click(screen.getByTestId('copy-review-feed-url'));
    expect(writeText).toHaveBeenLastCalledWith(URL_ONE);

    // A new address replaces it.
    await user.click(screen.getByRole('button', { name: 'Create a new address' }));
    await waitFor(() => expect(screen.getByTestId('review-feed-url')).toHaveValue(URL_TWO));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('revokes the address from the keyboard, and the shown one goes', async () => {
    const calls = fakeApi({
      'POST /api/v1/feeds/review-token': { status: 201, body: { url: URL_ONE } },
      'DELETE /api/v1/feeds/review-token': { status: 204 },
    });
    const user = userEvent.setup();
    renderWithApp(<ReviewFeedSection />, { language: 'hr' });
    await user.click(screen.getByRole('button', { name: 'Izradi adresu feeda' }));
    await screen.findByTestId('review-feed-url');
    // Tab from the address: Copy, Create a new address, then Revoke.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Opozovi adresu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('review-feed-url')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/v1/feeds/review-token')).toBe(
      true,
    );
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Vaša adresa feeda više ne radi.'),
    );
  });

  it('says in words when it fails', async () => {
    fakeApi({ 'POST /api/v1/feeds/review-token': { status: 403, body: apiError('forbidden') } });
    const user = userEvent.setup();
    renderWithApp(<ReviewFeedSection />);
    await user.click(screen.getByTestId('create-review-feed'));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'That didn’t work: You don’t have permission to do that.',
      ),
    );
    expect(screen.queryByTestId('review-feed-url')).toBeNull();
  });
});
