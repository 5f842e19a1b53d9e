import type { OpenState } from '@karta/contracts';
import { fromZonedTime, toZonedTime } from 'date-fns-tz';
import OpeningHours from 'opening_hours';

/** The deployment's TIME_ZONE and HOLIDAY_COUNTRY, set once at start (`useHoursSettings`). */
export interface HoursSettings {
  timeZone: string;
  country: string;
}

/**
 * Where hours are read: the deployment's time zone and the country whose public holidays `PH`
 * means, with a point in it (opening_hours.js wants one for sun times such as `sunrise-sunset`).
 */
export type HoursContext = HoursSettings & { lat: number; lng: number };

let settings: HoursSettings = { timeZone: 'Europe/Zagreb', country: 'hr' };

/**
 * Sets where every place's hours are read (buildApp, from the configuration). One setting for
 * the process, like the configuration it comes from: every read path turns rows into places with
 * it, without passing it through each.
 */
export function useHoursSettings(next: HoursSettings): void {
  settings = next;
}

/** The place's state now (or at `instant`), read with the deployment's settings at its own point. */
export function placeOpenState(
  value: string | null,
  where: { lat: number; lng: number },
  instant = new Date(),
): OpenState {
  return openStateAt(value, instant, { ...settings, lat: where.lat, lng: where.lng });
}

/** The state of a place without hours: nothing is known. */
export const UNKNOWN_STATE: OpenState = { state: 'unknown', nextChange: null, until: null, comment: null };

/** How far ahead the next change is looked for: a year covers every weekly and yearly rule. */
const LOOK_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/** Parsed hours by value and context: many places share the same few strings. */
const PARSED_LIMIT = 5_000;
const parsed = new Map<string, OpeningHours>();

function hoursOf(value: string, context: HoursContext): OpeningHours {
  const key = `${context.country}|${value}`;
  let hours = parsed.get(key);
  if (!hours) {
    hours = new OpeningHours(value, {
      lat: context.lat,
      lon: context.lng,
      address: { country_code: context.country, state: '' },
    });
    if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(key, hours);
  }
  return hours;
}

/**
 * opening_hours.js reads a Date's local fields (the process's time zone). Karta's server runs in
 * UTC (server.ts sets it), so a Date whose UTC fields are the wall-clock time in TIME_ZONE is
 * "that time there": hours are evaluated in the deployment's zone whatever the machine's, and a
 * daylight-saving change never shifts them.
 */
const wallClock = (instant: Date, timeZone: string) => toZonedTime(instant, timeZone);
const instantOf = (wall: Date, timeZone: string) => fromZonedTime(wall, timeZone);

/**
 * The open state of `value` (OpenStreetMap's `opening_hours` syntax) at `instant`, evaluated in
 * the context's time zone with its country's public holidays. A value that does not parse (it was
 * checked when written, so only after a library change) is unknown rather than an error.
 */
export function openStateAt(value: string | null, instant: Date, context: HoursContext): OpenState {
  if (!value) return UNKNOWN_STATE;
  let hours: OpeningHours;
  try {
    hours = hoursOf(value, context);
  } catch {
    return UNKNOWN_STATE;
  }
  const wall = wallClock(instant, context.timeZone);
  const unknown = hours.getUnknown(wall);
  const open = hours.getState(wall);
  const comment = hours.getComment(wall) ?? null;
  const next = hours.getNextChange(wall, new Date(wall.getTime() + LOOK_AHEAD_MS));
  const nextChange = next ? instantOf(next, context.timeZone).toISOString() : null;
  const state = unknown ? 'unknown' : open ? 'open' : 'closed';
  return { state, nextChange, until: state === 'open' ? nextChange : null, comment };
}

/** Whether opening_hours.js knows the public holidays of `country` (two letters), for `PH`. */
export function hasPublicHolidays(country: string): boolean {
  if (!/^[a-z]{2}$/.test(country)) return false;
  try {
    const hours = new OpeningHours('PH off', {
      lat: 0,
      lon: 0,
      address: { country_code: country, state: '' },
    });
    hours.getState(new Date(Date.UTC(2026, 0, 1)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The issue of a value opening_hours.js cannot read, at `path` (`openingHours` in the API,
 * `opening_hours` in a file), or none; null and empty are no hours.
 */
export function openingHoursIssues(
  value: string | null | undefined,
  path: string,
): { path: string; message: string; code: 'invalid_opening_hours' }[] {
  if (!value) return [];
  const { error } = checkOpeningHours(value, { ...settings, lat: 45.81, lng: 15.98 });
  return error ? [{ path, message: error, code: 'invalid_opening_hours' }] : [];
}

export interface HoursCheck {
  /** Why the value cannot be read, pointing at the spot (`<---`), or null when it reads. */
  error: string | null;
  /** What the library advises (it reads, but may not mean what was meant). */
  warnings: string[];
}

/**
 * Checks a value as OpenStreetMap's tools do: an error refuses it, warnings are shown to whoever
 * wrote it and do not block. `locale` picks the library's language for both (hr, en, …).
 */
export function checkOpeningHours(value: string, context: HoursContext, locale = 'en'): HoursCheck {
  try {
    const hours = new OpeningHours(
      value,
      { lat: context.lat, lon: context.lng, address: { country_code: context.country, state: '' } },
      { mode: 0, tag_key: 'opening_hours', map_value: false, warnings_severity: 4, locale },
    );
    return { error: null, warnings: hours.getWarnings() };
  } catch (error) {
    return { error: String(error).trim(), warnings: [] };
  }
}
