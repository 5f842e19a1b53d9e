import { createApiClient } from '@karta/api-client';

/** The one API client of the app: same origin, so the server's CSP and cookies apply. */
export const api = createApiClient();
