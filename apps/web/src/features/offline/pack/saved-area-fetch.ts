import type { Fetch } from '../../../lib/connectivity.ts';

/**
 * `fetch` that, when a GET of the API gets no answer (no network, and nothing in the service
 * worker's cache), asks the areas saved for offline use instead. Their code (clustering, search,
 * IndexedDB) loads only then, from the service worker's precache.
 */
export function withSavedAreas(doFetch: Fetch): Fetch {
  return async (input, init) => {
    try {
      return await doFetch(input, init);
    } catch (error) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (init?.signal?.aborted || method !== 'GET') throw error;
      const url = input instanceof Request ? input.url : String(input);
      const { answerFromSavedAreas } = await import('./answer-from-saved-areas.ts');
      const answer = await answerFromSavedAreas(url).catch(() => null);
      if (answer) return answer;
      throw error;
    }
  };
}
