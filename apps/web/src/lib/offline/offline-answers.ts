import type { Fetch } from '../connectivity.ts';

/** Answers a GET of the API (by its URL) that got no answer from the network; null when it cannot. */
export type OfflineAnswer = (url: string) => Promise<Response | null>;

/**
 * `fetch` that, when a GET gets no answer (no network, and nothing in the service worker's cache),
 * asks `answer` instead; a write, an aborted read or one `answer` cannot answer fails as it did.
 */
export function withOfflineAnswers(doFetch: Fetch, answer: OfflineAnswer): Fetch {
  return async (input, init) => {
    try {
      return await doFetch(input, init);
    } catch (error) {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (init?.signal?.aborted || method !== 'GET') throw error;
      const url = input instanceof Request ? input.url : String(input);
      const answered = await answer(url).catch(() => null);
      if (answered) return answered;
      throw error;
    }
  };
}
