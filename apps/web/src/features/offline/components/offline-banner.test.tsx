import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noteAnswer, noteNoAnswer } from '../../../lib/connectivity.ts';
import { SAVED_AT_HEADER } from '../../../service-worker/saved-at-header.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { OfflineBanner } from './offline-banner.tsx';

const saved = (date: string) => new Response('{}', { headers: { [SAVED_AT_HEADER]: date } });

afterEach(() => act(() => noteAnswer(new Response('{}'))));

describe('OfflineBanner', () => {
  it('shows nothing while the server answers', () => {
    renderWithApp(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says the page is offline and that sending needs the network', () => {
    renderWithApp(<OfflineBanner />);
    act(() => noteNoAnswer());
    const banner = screen.getByTestId('offline-banner');
    expect(banner).toHaveTextContent('You are offline — showing what this device has saved.');
    expect(banner).toHaveTextContent('Anything you send needs the network');
    expect(screen.getByRole('region', { name: 'Connection' })).toBe(banner);
  });

  it('names when the saved data shown was saved, in the reader’s language', () => {
    renderWithApp(<OfflineBanner />, { language: 'hr' });
    act(() => noteAnswer(saved('Thu, 26 Nov 2026 18:30:00 GMT')));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent(
      /Niste povezani — prikazuju se podaci spremljeni 26\. studenoga 2026\./,
    );
  });
});
