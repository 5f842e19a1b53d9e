import OpeningHours from 'opening_hours';
import { z } from 'zod';
import { optionalText } from './values.ts';

/** Where opening hours are read unless TIME_ZONE and HOLIDAY_COUNTRY say otherwise. */
const DEFAULT_HOURS = { timeZone: 'Europe/Zagreb', country: 'hr' };

/** Whether `name` is a time zone this Node knows (IANA names: Europe/Zagreb, UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whether opening_hours.js knows the public holidays of `country` (two letters), for `PH`. */
export function hasPublicHolidays(country: string): boolean {
  if (!/^[a-z]{2}$/.test(country)) return false;
  try {
    // A point as opening_hours.js takes Nominatim's answers: the country code is what `PH` reads.
    const point = { lat: '0', lon: '0', address: { country_code: country, state: '' } } as unknown as {
      lat: number;
      lon: number;
      address: { country_code: string; state: string };
    };
    const hours = new OpeningHours('PH off', point);
    hours.getState(new Date(Date.UTC(2026, 0, 1)));
    return true;
  } catch {
    return false;
  }
}

/** Where opening hours are read: the deployment's time zone and its public holidays. */
export const HoursEnv = z
  .object({
    TIME_ZONE: optionalText
      .transform((value) => value ?? DEFAULT_HOURS.timeZone)
      .refine(isTimeZone, {
        message: 'Expected an IANA time zone such as Europe/Zagreb',
      }),
    HOLIDAY_COUNTRY: optionalText
      .transform((value) => (value ?? DEFAULT_HOURS.country).toLowerCase())
      .refine(hasPublicHolidays, {
        message:
          'Expected a two-letter country code whose public holidays opening_hours.js knows, such as hr',
      }),
  })
  .transform((e) => ({
    /** TIME_ZONE and HOLIDAY_COUNTRY: where opening hours are read. */
    hours: { timeZone: e.TIME_ZONE, country: e.HOLIDAY_COUNTRY },
  }));

export type HoursConfig = z.output<typeof HoursEnv>;
