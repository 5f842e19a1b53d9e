import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useNearUrlState } from './use-near-url-state.ts';

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  return { ...renderHook(() => useNearUrlState(), { wrapper }), location };
}

describe('the Near page’s address in its URL', () => {
  it('keeps the address through a new radius or tab, and drops it when the point moves away from it', () => {
    const { result, location } = renderAt('/near');
    act(() => result.current.setPoint({ lat: 45.81316, lng: 15.97535 }, 'push', 'Ilica 1, 10000 Zagreb'));
    expect(result.current.state.address).toBe('Ilica 1, 10000 Zagreb');
    act(() => result.current.setTab('covers'));
    act(() => result.current.setRadius(500));
    expect(location.history.at(-1)).toBe(
      '/near?lat=45.81316&lng=15.97535&address=Ilica%201%2C%2010000%20Zagreb&r=500&tab=covers',
    );
    act(() => result.current.setPoint({ lat: 45.8, lng: 15.96 }, 'replace'));
    expect(result.current.state.address).toBeUndefined();
    expect(location.history.at(-1)).toBe('/near?lat=45.8&lng=15.96&r=500&tab=covers');
  });
});
