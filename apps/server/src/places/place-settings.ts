import type { HoursSettings } from '../opening-hours/open-state.ts';

/**
 * The settings reading a place depends on: where its hours are read (`config.hours`: TIME_ZONE,
 * HOLIDAY_COUNTRY) and when it is stale (`config.staleAfterDays`: STALE_AFTER_DAYS). The composing
 * code (services.ts) builds it from the app's configuration and passes it to each repository; no
 * module holds it, so two apps built in one process read places each with its own
 * (docs/architecture.md: what a lower floor needs is passed in as an argument).
 */
export interface PlaceSettings {
  hours: HoursSettings;
  /** A place unconfirmed this many days is stale (stale.ts). */
  staleAfterDays: number;
}
