import { config } from 'zod';

/**
 * Before any schema exists: zod builds each object schema's fast parser with `new Function` when
 * the page allows it, and its probe for that is reported as a Content-Security-Policy violation
 * (Karta's CSP has no 'unsafe-eval') on every page load. Interpreted parsers are fast enough for
 * the answers a page checks. It is in zod's own chunk (vite.config.ts), so it runs as soon as zod
 * has loaded, before any chunk that builds schemas; lib/api-client.ts imports it before the contracts.
 */
config({ jitless: true });
