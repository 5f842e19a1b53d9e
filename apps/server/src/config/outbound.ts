import { z } from 'zod';
import { booleanFlag } from './values.ts';

/**
 * Requests Karta itself sends (webhook deliveries, scheduled imports' fetches): to public
 * addresses only, unless WEBHOOK_ALLOW_PRIVATE=true lets them reach private and loopback ones
 * (tests, or partners on the site's own network).
 */
export const OutboundEnv = z.object({ WEBHOOK_ALLOW_PRIVATE: booleanFlag(false) }).transform((e) => ({
  outbound: {
    /** WEBHOOK_ALLOW_PRIVATE: whether private, loopback and link-local addresses may be reached. */
    allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
  },
}));

export type OutboundConfig = z.output<typeof OutboundEnv>;
