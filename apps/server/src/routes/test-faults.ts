import type { FastifyInstance } from 'fastify';

/**
 * Only with KARTA_TEST_FAULTS=true (never in a real deployment): a route that fails the way an
 * unforeseen bug would, so the browser suite can prove a real server error reaches Sentry through
 * the real error handler and SDK, with personal data scrubbed.
 */
export async function testFaultRoutes(app: FastifyInstance) {
  app.get('/api/v1/test/fault', async () => {
    throw new Error('Deliberate fault for the error-reporting test');
  });
}
