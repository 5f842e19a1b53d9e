// What a client needs to send an idempotency key, without zod (wire.ts): the browser's drafts
// are re-sent before the schemas have loaded, and an upload sent by XMLHttpRequest sets the
// header itself.

/**
 * The request header that makes a write happen once: the same key again from the same user
 * answers with the first write's result instead of writing twice (a re-sent offline draft whose
 * first answer was lost).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Characters a key may hold: URL- and header-safe, so a random or UUID-based key fits as it is. */
export const IDEMPOTENCY_KEY_CHARACTERS = /^[A-Za-z0-9_-]+$/;
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/** How long the server keeps a key: a draft re-sent later than this is written again. */
export const IDEMPOTENCY_KEY_KEEP_DAYS = 30;
