import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_CHARACTERS,
  IDEMPOTENCY_KEY_KEEP_DAYS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_MIN_LENGTH,
} from './idempotency-key.ts';

export * from './idempotency-key.ts';

/** A client-chosen key of one write (see `IDEMPOTENCY_KEY_HEADER`). */
export const IdempotencyKey = z
  .string()
  .min(IDEMPOTENCY_KEY_MIN_LENGTH)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .regex(IDEMPOTENCY_KEY_CHARACTERS, 'Expected letters, digits, "-" and "_" only');

/**
 * The headers of a write that may be sent again: `Idempotency-Key`, optional. Named as HTTP
 * writes them; the server reads them case-insensitively, as HTTP means them.
 */
export const IdempotencyHeaders = z.object({
  'Idempotency-Key': IdempotencyKey.optional().describe(
    `A key the client chose for this write: the same key again from the same user answers with the first write's result instead of writing twice (kept ${IDEMPOTENCY_KEY_KEEP_DAYS} days)`,
  ),
});
export type IdempotencyHeaders = z.infer<typeof IdempotencyHeaders>;
