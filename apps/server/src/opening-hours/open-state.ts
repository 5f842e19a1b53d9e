import type { OpenState } from '@karta/contracts';
import { fromZonedTime, getTimezoneOffset, toZonedTime } from 'date-fns-tz';
import OpeningHours from 'opening_hours';

/**
 * The deployment's TIME_ZONE and HOLIDAY_COUNTRY (`config.hours`), passed to every reader of hours
 * as an argument: two apps built in one process may read them differently.
 */
export interface HoursSettings {
  timeZone: string;
  country: string;
}

/**
 * Where hours are read: the deployment's time zone and the country whose public holidays `PH`
 * means, with a point in it (opening_hours.js wants one for sun times such as `sunrise-sunset`).
 */
export type HoursContext = HoursSettings & { lat: number; lng: number };

/**
 * Where an hours key (the `hours_key` column, migration 013) is read: its `opening_hours` value,
 * and for hours that follow the sun the middle of the tenth of a degree the key names (sun times
 * there stand for the cell's places). Other values need no point: it is left at 0, 0.
 */
export function parseHoursKey(key: string): { value: string; lat: number; lng: number } {
  const cell = /^(.*)\|(-?\d+)\|(-?\d+)$/s.exec(key);
  if (cell && followsTheSun(cell[1] as string)) {
    return { value: cell[1] as string, lat: (Number(cell[2]) + 0.5) / 10, lng: (Number(cell[3]) + 0.5) / 10 };
  }
  return { value: key, lat: 0, lng: 0 };
}

/**
 * The hours key of a place with `openingHours` at its public position (`lat`, `lng`): what the
 * `hours_key` column holds for it (migration 013, the same expression: floor of the tenth of a
 * degree, as an integer), for readers that have the place but not the column. Null: no hours.
 */
export function hoursKeyOf(openingHours: string | null, lat: number, lng: number): string | null {
  if (!openingHours) return null;
  if (!followsTheSun(openingHours)) return openingHours;
  return `${openingHours}|${Math.floor(lat * 10)}|${Math.floor(lng * 10)}`;
}

/** Words of hours that follow the sun: the same test as the `hours_key` column's. */
const SUN_WORDS = /(sunrise|sunset|dawn|dusk)/i;

/** Whether `value`'s hours follow the sun (their times move from day to day). */
export const followsTheSun = (value: string) => SUN_WORDS.test(value);

/**
 * States kept per hours key and settings, each with the span of instants it holds for: from when
 * it was read until the next change of any kind (state or comment) or the next quarter hour,
 * whichever comes first. Every list item says its place's state, and reading hours takes about
 * 50 µs (a look up to a year ahead); within the span nothing the state depends on moves (the
 * zones' offsets change at quarter hours of UTC, and the hours change only at their boundaries).
 */
const KEPT_STATES_LIMIT = 5_000;
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const keptStates = new Map<string, { from: number; until: number; state: OpenState }>();

/** The state of a place with this hours key (null: no hours) now, or at `instant`, read with `settings`. */
export function placeOpenState(
  hoursKey: string | null,
  settings: HoursSettings,
  instant = new Date(),
): OpenState {
  if (!hoursKey) return UNKNOWN_STATE;
  const key = `${settings.timeZone}|${settings.country}|${hoursKey}`;
  const time = instant.getTime();
  const kept = keptStates.get(key);
  if (kept && kept.from <= time && time < kept.until) return kept.state;
  const { value, lat, lng } = parseHoursKey(hoursKey);
  const context = { ...settings, lat, lng };
  const state = openStateAt(value, instant, context);
  const quarter = (Math.floor(time / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
  const until = Math.min(stateHoldsUntil(value, instant, context, state), quarter);
  if (keptStates.size >= KEPT_STATES_LIMIT) keptStates.delete(keptStates.keys().next().value as string);
  keptStates.set(key, { from: time, until, state });
  return state;
}

/** A day: the slack between a wall-clock look-ahead and the instants it stands for. */
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when (ms) `state`, read at `instant`, holds unchanged: the hours' next boundary of any
 * kind, a change of comment included (getNextChange skips those); and, when no change of state
 * comes within LOOK_AHEAD_MS (`nextChange` null), a day before the look-ahead reaches the first one
 * beyond it, which `nextChange` would then name. Infinity when nothing ever changes or the value
 * does not read (its state is then always unknown).
 */
function stateHoldsUntil(value: string, instant: Date, context: HoursContext, state: OpenState): number {
  try {
    const wall = wallClock(instant, context.timeZone);
    const hours = hoursOf(value, context, instant);
    const iterator = hours.getIterator(wall);
    const boundary = iterator.advance(new Date(wall.getTime() + LOOK_AHEAD_MS))
      ? instantOf(iterator.getDate(), context.timeZone).getTime()
      : Number.POSITIVE_INFINITY;
    if (state.nextChange !== null) return boundary;
    const beyond = hours.getNextChange(wall, new Date(wall.getTime() + 2 * LOOK_AHEAD_MS));
    const seen = beyond
      ? instantOf(beyond, context.timeZone).getTime() - LOOK_AHEAD_MS - DAY_MS
      : Number.POSITIVE_INFINITY;
    return Math.min(boundary, seen);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * The states of many places at one instant, each hours key evaluated once: a read of thousands of
 * places shares a few values (the demo's 20 000 places: 13), and each evaluation looks up to a
 * year ahead (14 500 places with hours took 0.8 s one by one). For one read only: the states are
 * those of `instant`.
 */
export function openStatesAt(
  settings: HoursSettings,
  instant = new Date(),
): (hoursKey: string | null) => OpenState {
  const states = new Map<string, OpenState>();
  return (hoursKey) => {
    if (!hoursKey) return UNKNOWN_STATE;
    let state = states.get(hoursKey);
    if (!state) {
      state = placeOpenState(hoursKey, settings, instant);
      states.set(hoursKey, state);
    }
    return state;
  };
}

/** Whether places with this hours key are open at `instant` (what the open-now filters ask). */
export function isKeyOpenAt(hoursKey: string, instant: Date, settings: HoursSettings): boolean {
  const read = keyHoursAt(hoursKey, instant, settings);
  if (!read) return false;
  return read.hours.getState(read.wall) && !read.hours.getUnknown(read.wall);
}

/**
 * The parsed hours of an hours key as read at `instant` (see `hoursOf`), with the wall-clock time
 * they are evaluated at (see `wallClock`); null when the value does not parse.
 */
export function keyHoursAt(
  hoursKey: string,
  instant: Date,
  settings: HoursSettings,
): { hours: OpeningHours; wall: Date } | null {
  const { value, lat, lng } = parseHoursKey(hoursKey);
  try {
    return {
      hours: hoursOf(value, { ...settings, lat, lng }, instant),
      wall: wallClock(instant, settings.timeZone),
    };
  } catch {
    return null;
  }
}

/** The state of a place without hours: nothing is known. */
export const UNKNOWN_STATE: OpenState = { state: 'unknown', nextChange: null, until: null, comment: null };

/** How far ahead the next change is looked for: a year covers every weekly and yearly rule. */
export const LOOK_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

/** Parsed hours by value and context: many places share the same few strings. */
const PARSED_LIMIT = 5_000;
const parsed = new Map<string, OpeningHours>();

/**
 * The parsed hours of `value` read at `instant`. Only hours that follow the sun need the point,
 * and it must be given as text (numbers are ignored and the sun then always rises at 06:00).
 * SunCalc finds the true instant of sunrise, and the library reads its hours in the process's time
 * zone, UTC, where our wall-clock Dates hold TIME_ZONE's time (see `wallClock`). The sun rises an
 * hour later 15° further west, so the point is moved west by the zone's offset at `instant`: the
 * sunrise there, read in UTC, is the local time of sunrise at the place (within a minute).
 */
export function hoursOf(value: string, context: HoursContext, instant: Date): OpeningHours {
  const sun = followsTheSun(value);
  const lat = sun ? context.lat : 0;
  const lng = sun ? context.lng - getTimezoneOffset(context.timeZone, instant) / MS_PER_DEGREE_OF_SUN : 0;
  const key = `${context.country}|${lat}|${lng}|${value}`;
  let hours = parsed.get(key);
  if (!hours) {
    hours = new OpeningHours(value, nominatimPoint(lat, lng, context.country));
    if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(key, hours);
  }
  return hours;
}

/**
 * The "Nominatim object" opening_hours.js reads a place from: Nominatim gives `lat` and `lon` as
 * text and the library only takes them so (numbers are ignored, and the sun always rises at
 * 06:00), though its type declarations say number.
 */
function nominatimPoint(lat: number, lng: number, country: string) {
  return { lat: String(lat), lon: String(lng), address: { country_code: country, state: '' } } as unknown as {
    lat: number;
    lon: number;
    address: { country_code: string; state: string };
  };
}

/**
 * What reading hours at `instant` depends on besides its wall-clock time: the zone's offset (the
 * wall clock's, see `wallClock`) and the offset `hoursOf` moves sun times by. The second is
 * date-fns-tz's getTimezoneOffset of the instant, which reads its UTC fields as a wall-clock time
 * in the zone, so at a daylight-saving change it changes up to an hour after the first. While
 * neither changes, the wall clock runs with time and hours read the same.
 */
export function readingOffsets(instant: Date, timeZone: string): string {
  const wallOffset = wallClock(instant, timeZone).getTime() - instant.getTime();
  return `${wallOffset}|${getTimezoneOffset(timeZone, instant)}`;
}

/** The sun crosses a degree of longitude in four minutes. */
const MS_PER_DEGREE_OF_SUN = 4 * 60 * 1000;

/**
 * opening_hours.js reads a Date's local fields (the process's time zone). Karta's server runs in
 * UTC (server.ts sets it), so a Date whose UTC fields are the wall-clock time in TIME_ZONE is
 * "that time there": hours are evaluated in the deployment's zone whatever the machine's, and a
 * daylight-saving change never shifts them.
 */
export const wallClock = (instant: Date, timeZone: string) => toZonedTime(instant, timeZone);

/** Midnight of `instant`'s day in `timeZone`, as a wall-clock time (ms; see `wallClock`). */
export function wallMidnight(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  return Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
}
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
    hours = hoursOf(value, context, instant);
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

/**
 * The issue of a value opening_hours.js cannot read with `settings` (its country's holidays), at
 * `path` (`openingHours` in the API, `opening_hours` in a file), or none; null and empty are no hours.
 */
export function openingHoursIssues(
  value: string | null | undefined,
  path: string,
  settings: HoursSettings,
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
    const hours = new OpeningHours(value, nominatimPoint(context.lat, context.lng, context.country), {
      mode: 0,
      tag_key: 'opening_hours',
      map_value: false,
      warnings_severity: 4,
      locale,
    });
    return { error: null, warnings: hours.getWarnings() };
  } catch (error) {
    return { error: String(error).trim(), warnings: [] };
  }
}
