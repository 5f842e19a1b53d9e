import type { OpenState } from '@karta/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listedPlace } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { PlaceGlance } from './place-glance.tsx';

/** Wednesday 25 November 2026, 10:00 in Zagreb (the test config's time zone). */
const WEDNESDAY_10 = Date.parse('2026-11-25T10:00:00+01:00');
/** 19:00 the same day in Zagreb. */
const SEVEN_PM = '2026-11-25T18:00:00.000Z';
const openUntil7: OpenState = { state: 'open', nextChange: SEVEN_PM, until: SEVEN_PM, comment: null };

describe('PlaceGlance', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(WEDNESDAY_10);
  });
  afterEach(() => vi.useRealTimers());

  it('says open until when on the 24-hour clock in English, and the ways there', () => {
    renderWithApp(<PlaceGlance place={listedPlace({ openState: openUntil7 })} />);
    const glance = screen.getByTestId('place-glance');
    expect(screen.getByTestId('open-state')).toHaveTextContent('Open · closes 19:00');
    expect(glance).not.toHaveTextContent(/\b[AP]M\b/i);
    expect(screen.getByRole('region', { name: 'Get there' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Directions with OpenStreetMap/ })).toHaveAttribute(
      'href',
      expect.stringContaining('openstreetmap.org/directions'),
    );
    expect(screen.getByRole('link', { name: /Directions with Google Maps/ })).toBeInTheDocument();
    // A fresh place has no warning.
    expect(screen.queryByTestId('stale-warning')).toBeNull();
  });

  it('warns that a place nobody confirmed for long may be out of date, and links to the question', () => {
    renderWithApp(
      <PlaceGlance
        place={listedPlace({ openState: openUntil7, stale: true, lastConfirmedAt: '2024-11-01T10:00:00Z' })}
      />,
    );
    const warning = screen.getByTestId('stale-warning');
    expect(warning).toHaveTextContent('May be out of date · Last confirmed 2 years ago. Is it still here?');
    expect(screen.getByRole('link', { name: 'Is it still here?' })).toHaveAttribute('href', '#still-here');
  });

  it('speaks Croatian in Croatian', () => {
    renderWithApp(
      <PlaceGlance
        place={listedPlace({ openState: openUntil7, stale: true, lastConfirmedAt: '2024-11-01T10:00:00Z' })}
      />,
      { language: 'hr' },
    );
    expect(screen.getByTestId('open-state')).toHaveTextContent('Otvoreno · zatvara u 19:00');
    expect(screen.getByTestId('stale-warning')).toHaveTextContent(
      'Možda je zastarjelo · Zadnja potvrda prije 2 godine. Je li još ovdje?',
    );
    expect(screen.getByRole('region', { name: 'Kako doći' })).toBeInTheDocument();
  });
});
