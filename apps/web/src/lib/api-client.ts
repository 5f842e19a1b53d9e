import { createApiClient, loadContracts } from '@karta/api-client';
import { whenIdleAfterFirstView } from './after-first-view.ts';
import { networkFetch, notingConnectivity } from './connectivity.ts';
import { type OfflineAnswer, withOfflineAnswers } from './offline/offline-answers.ts';
import { reportError } from './sentry/report-error.ts';

/** What answers a read the network did not; none until main.tsx sets it. */
let offlineAnswer: OfflineAnswer = async () => null;

/**
 * Sets what answers the reads the network does not: main.tsx passes the areas saved for offline
 * use, so this client, which every feature uses, imports none of them.
 */
export function answerReadsOfflineWith(answer: OfflineAnswer): void {
  offlineAnswer = answer;
}

/**
 * The one API client of the app: same origin, so the server's CSP and cookies apply. The
 * contracts' schemas (zod, ~30 kB gzip) are not part of the first view: its answers are used as
 * the server sent them and checked once the schemas have loaded, when the page is idle after it
 * (decision 019); a late mismatch is reported like any other error. Later answers are checked
 * before they are used. Every answer (or its absence) tells the offline banner whether the server
 * answers (connectivity.ts); a read that gets none is asked of the areas saved for offline use.
 */
export const api = createApiClient({
  fetch: notingConnectivity(withOfflineAnswers(networkFetch, (url) => offlineAnswer(url))),
  lateCheck: (error, endpoint) => {
    console.error(`The answer of ${endpoint} did not match its contract`, error);
    reportError(error, { endpoint });
  },
});

/** Loads the schemas that check the API's answers, with zod's settings first (zod-config.ts). */
export async function loadAnswerChecks(): Promise<void> {
  await import('./zod-config.ts');
  await loadContracts();
}

/** Loads the answer checks when the page is idle after its first view. */
export function loadAnswerChecksLater(): void {
  whenIdleAfterFirstView(() => void loadAnswerChecks());
}
