import { z } from 'zod';
import { integer } from './values.ts';

/** How long a place stays fresh without anyone confirming it. */
export const FreshnessEnv = z.object({ STALE_AFTER_DAYS: integer(365, 1, 3650) }).transform((e) => ({
  /** STALE_AFTER_DAYS: a place unconfirmed this long is shown as possibly out of date. */
  staleAfterDays: e.STALE_AFTER_DAYS,
}));

export type FreshnessConfig = z.output<typeof FreshnessEnv>;
