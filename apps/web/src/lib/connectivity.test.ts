import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_AT_HEADER } from '../service-worker/saved-at-header.ts';
import { networkFetch, noteAnswer, notingConnectivity, useConnectivity } from './connectivity.ts';

const fetchNotingConnectivity = notingConnectivity(networkFetch);

const answer = (headers: Record<string, string> = {}) => new Response('{}', { status: 200, headers });

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => noteAnswer(answer()));
});

describe('connectivity', () => {
  it('is online while the server answers', async () => {
    vi.stubGlobal('fetch', async () => answer());
    const { result } = renderHook(() => useConnectivity());
    await act(() => fetchNotingConnectivity('/api/v1/config'));
    expect(result.current).toEqual({ online: true, savedAt: null });
  });

  it('is offline when a request gets no answer, and online again at the next answer', async () => {
    const { result } = renderHook(() => useConnectivity());
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(() => expect(fetchNotingConnectivity('/api/v1/map')).rejects.toThrow('Failed to fetch'));
    expect(result.current.online).toBe(false);
    vi.stubGlobal('fetch', async () => answer());
    await act(() => fetchNotingConnectivity('/api/v1/map'));
    expect(result.current.online).toBe(true);
  });

  it('does not count a request the page cancelled itself', async () => {
    const { result } = renderHook(() => useConnectivity());
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await act(() =>
      expect(fetchNotingConnectivity('/api/v1/map', { signal: controller.signal })).rejects.toThrow(),
    );
    expect(result.current.online).toBe(true);
  });

  it('is offline with the oldest saved time when answers come from the service worker’s cache', () => {
    const { result } = renderHook(() => useConnectivity());
    act(() => noteAnswer(answer({ [SAVED_AT_HEADER]: 'Fri, 27 Nov 2026 08:00:00 GMT' })));
    act(() => noteAnswer(answer({ [SAVED_AT_HEADER]: 'Thu, 26 Nov 2026 18:30:00 GMT' })));
    act(() => noteAnswer(answer({ [SAVED_AT_HEADER]: 'Fri, 27 Nov 2026 09:00:00 GMT' })));
    expect(result.current).toEqual({ online: false, savedAt: Date.parse('2026-11-26T18:30:00Z') });
  });

  it('follows the browser going offline and back online', () => {
    const { result } = renderHook(() => useConnectivity());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(result.current.online).toBe(false);
    onLine.mockReturnValue(true);
    act(() => window.dispatchEvent(new Event('online')));
    expect(result.current.online).toBe(true);
    onLine.mockRestore();
  });
});
