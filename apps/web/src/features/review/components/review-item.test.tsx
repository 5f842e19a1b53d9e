import type { PlaceListItem } from '@karta/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.ts';
import { listedPlace, testConfig } from '../../../testing/fixtures.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ReviewItem } from './review-item.tsx';

function proposal(overrides: Partial<PlaceListItem>): PlaceListItem {
  return listedPlace({
    id: 7,
    status: 'pending',
    publishedAt: null,
    distance: null,
    authorId: 9,
    ...overrides,
  });
}

function renderItem(place: PlaceListItem, { mail = true, language = 'en' } = {}) {
  fakeApi({
    'GET /api/v1/places/7/history': {
      status: 200,
      body: {
        items: [
          {
            id: 1,
            placeId: 7,
            version: 1,
            action: 'created',
            actor: { id: 9, displayName: 'Ivo' },
            changes: { address: { from: null, to: 'Ilica 5' } },
            createdAt: '2026-03-01T10:00:00.000Z',
          },
        ],
      },
    },
  });
  renderWithApp(
    <ul>
      <ReviewItem place={place} categoryNameOf={() => 'Pharmacy'} onConflict={() => {}} onDone={() => {}} />
    </ul>,
    { config: testConfig({ mail }), language },
  );
}

describe('ReviewItem and the author’s address', () => {
  it('marks a proposal whose author has not confirmed their address', async () => {
    renderItem(proposal({ authorVerified: false }), { language: 'hr' });
    const badge = screen.getByTestId('author-unverified');
    expect(badge).toHaveTextContent('Adresa nije potvrđena');
    expect(badge.parentElement).toHaveTextContent('Autor još nije potvrdio svoju e-adresu.');
    await waitFor(() => expect(screen.getByTestId('review-item')).toHaveTextContent('Predložio/la: Ivo'));
  });

  it.each([
    ['a proven address', true, true],
    ['a place without an author', null, true],
    ['a site that sends no e-mail (no address can be proven)', false, false],
  ])('marks nothing for %s', async (_case, authorVerified, mail) => {
    renderItem(proposal({ authorVerified }), { mail });
    await waitFor(() => expect(screen.getByTestId('review-item')).toHaveTextContent('Proposed by Ivo'));
    expect(screen.queryByTestId('author-unverified')).toBeNull();
  });
});

describe('ReviewItem before it is reached', () => {
  /** An IntersectionObserver the test drives: `reach()` brings every observed card into view. */
  function stubObserver() {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: { callback: IntersectionObserverCallback; targets: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] };
          observers.push(this.entry);
        }
        observe(target: Element) {
          this.entry.targets.push(target);
        }
        disconnect() {
          this.entry.targets = [];
        }
      },
    );
    return () =>
      act(() => {
        for (const { callback, targets } of observers) {
          const entries = targets.map((target) => ({ target, isIntersecting: true }));
          if (entries.length > 0) callback(entries as unknown as IntersectionObserverEntry[], {} as never);
        }
      });
  }

  it('draws no map and asks nothing about similar places until the card comes into view', async () => {
    const reach = stubObserver();
    const calls = fakeApi({
      'GET /api/v1/places/7/history': { status: 200, body: { items: [] } },
      'GET /api/v1/places/similar': { status: 200, body: { items: [] } },
    });
    renderWithApp(
      <ul>
        <ReviewItem
          place={proposal({})}
          categoryNameOf={() => 'Pharmacy'}
          onConflict={() => {}}
          onDone={() => {}}
          renderMap={() => <div data-testid="the-map" />}
        />
      </ul>,
    );
    await waitFor(() => expect(calls.some((call) => call.path.endsWith('/history'))).toBe(true));
    expect(screen.getByTestId('review-map-placeholder')).toBeInTheDocument();
    expect(screen.queryByTestId('the-map')).toBeNull();
    expect(calls.filter((call) => call.path.startsWith('/api/v1/places/similar'))).toEqual([]);

    await reach();
    expect(screen.getByTestId('the-map')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.path.startsWith('/api/v1/places/similar'))).toHaveLength(1),
    );
  });
});
