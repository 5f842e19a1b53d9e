import type { OfflineAnswer } from '../../../lib/offline/offline-answers.ts';

/**
 * Answers a read the network did not from the areas saved for offline use. Their code (clustering,
 * search, IndexedDB) loads only when a read first goes unanswered, from the service worker's precache.
 */
export const answerFromSavedAreasLater: OfflineAnswer = async (url) => {
  const { answerFromSavedAreas } = await import('./answer-from-saved-areas.ts');
  return answerFromSavedAreas(url);
};
