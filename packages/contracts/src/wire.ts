/**
 * `@karta/contracts/wire`: what a request needs, without zod, for a browser whose first view must
 * not wait for the schemas (decision 019). The schemas that check the answers are in the package's
 * main entry.
 */
export * from './box-geometry.ts';
export * from './field-filter-rules.ts';
export * from './idempotency-key.ts';
export type { Bounds, LatLng } from './primitives.ts';
export * from './routes.ts';
export * from './wire-format.ts';
export * from './wire-query.ts';
