import { z } from 'zod';

/** Stable error codes; the web app translates each one. */
export const ErrorCode = z.enum([
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'invalid_transition',
  'rate_limited',
  'internal_error',
  'database_unavailable',
  'insufficient_storage',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One field that failed validation: a dotted path and a message. */
export const FieldIssue = z.object({ path: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssue>;

/** The body of every API error (PRODUCT.md §8). */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
