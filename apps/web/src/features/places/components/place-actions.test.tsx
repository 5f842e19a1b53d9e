import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PlaceActions } from './place-actions.tsx';

const link = 'https://karta.example.org/?lat=45.8&lng=16&z=16&place=42';

describe('PlaceActions Details', () => {
  it('opens the place page in this page by default', () => {
    const place = listedPlace();
    renderWithApp(<PlaceActions place={place} shareLink={link} />);
    const details = screen.getByRole('link', { name: /details/i });
    expect(details).toHaveAttribute('href', `/places/${place.id}`);
    expect(details).not.toHaveAttribute('target');
  });

  it('opens a new tab from the embed, never inside the frame', () => {
    const place = listedPlace();
    renderWithApp(<PlaceActions place={place} shareLink={link} detailsInNewTab />);
    const details = screen.getByRole('link', { name: /details/i });
    expect(details).toHaveAttribute('href', `/places/${place.id}`);
    expect(details).toHaveAttribute('target', '_blank');
    expect(details).toHaveAttribute('rel', 'noopener');
    expect(details).toHaveTextContent(/^Details\s*\(opens in a new tab\)$/);
  });
});
