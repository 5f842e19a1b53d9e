import { z } from 'zod';
import { LanguageCode } from './languages.ts';
import { BooleanParam, LatLngParam } from './query-params.ts';
import { text } from './text.ts';
import { WeeklyHours } from './weekly-hours.ts';

/**
 * `GET /api/v1/opening-hours`: what OpenStreetMap `opening_hours` text means, as the form's live
 * preview and the place page's week show it: whether it reads (and the library's advice), and the
 * seven days from today in the site's time zone with its public holidays.
 */
export const HoursPreviewQuery = z.object({
  value: text({ kind: 'name', min: 1, max: 255 }),
  /** The language of the library's messages (default `en`). */
  lang: LanguageCode.optional(),
  /** Where the place is, for hours that follow the sun (default: the map's centre). */
  near: LatLngParam.optional(),
  /** Also read the value back into the form's weekly picker (`weekly` in the answer). */
  picker: BooleanParam.optional(),
});
export type HoursPreviewQuery = z.output<typeof HoursPreviewQuery>;

const WallTime = z.string().regex(/^\d\d:\d\d$/);

/** A stretch of a day the place is open: `from`–`to` in the site's time, `to` `24:00` at midnight. */
export const HoursInterval = z.object({
  from: WallTime,
  to: WallTime,
  /** Open perhaps: the hours say it depends ("by appointment"). */
  unknown: z.boolean(),
  comment: z.string().nullable(),
});
export type HoursInterval = z.infer<typeof HoursInterval>;

export const HoursDay = z.object({
  /** `YYYY-MM-DD` in the site's time zone. */
  date: z.string().regex(/^\d{4}-\d\d-\d\d$/),
  /** Empty when closed all day. */
  intervals: z.array(HoursInterval),
  /** What the hours say about the day (a public holiday's name), or null. */
  comment: z.string().nullable(),
});
export type HoursDay = z.infer<typeof HoursDay>;

export const HoursPreview = z.object({
  /** Why the text does not read, pointing at the spot; null when it reads. */
  error: z.string().nullable(),
  /** The library's advice: it reads, but may not mean what was meant. Never blocks. */
  warnings: z.array(z.string()),
  /** Today and the six days after it; empty when the text does not read. */
  week: z.array(HoursDay),
  /**
   * With `picker=true`: the value as the weekly picker holds it, written back by the picker to
   * hours that mean the same over the coming year; null when it says more than a week of ranges
   * can (months, comments, sunrise, holidays with their own hours) or does not read.
   */
  weekly: WeeklyHours.nullable().optional(),
});
export type HoursPreview = z.infer<typeof HoursPreview>;
