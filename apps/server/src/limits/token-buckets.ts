import { type BucketLimit, KEYS_REMEMBERED, secondsUntilToken } from './counter-store.ts';

/**
 * Buckets per key of one limit, in memory (RATE_LIMIT_STORE=memory), remembering the
 * `KEYS_REMEMBERED` most recently seen keys (a Map keeps insertion order: a key seen again moves to the end, the first is the least recent).
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly limit: BucketLimit,
    private readonly keysRemembered = KEYS_REMEMBERED,
  ) {}

  /** Takes a token for `key`: 0 when allowed, else the whole seconds until one is back. */
  take(key: string, now = Date.now()): number {
    const { perSecond, burst } = this.limit;
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    this.buckets.delete(key);
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.keysRemembered) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return secondsUntilToken(bucket.tokens, perSecond);
  }
}
