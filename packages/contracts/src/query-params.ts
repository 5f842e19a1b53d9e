import { z } from 'zod';
import {
  type Bounds,
  InputLatitude,
  InputLongitude,
  Latitude,
  LatLng,
  Longitude,
  PlaceStatus,
  roundCoordinateOutward,
  Slug,
} from './primitives.ts';

/**
 * Query-string codecs: each schema parses the wire form (strings) into a typed value, and each
 * `format*` function writes the value back, so the client and the server cannot disagree.
 */

const numberList = (count: number) =>
  z
    .string()
    .max(200)
    .transform((raw, ctx) => {
      const parts = raw.split(',');
      const numbers = parts.map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
      if (parts.length !== count || numbers.some((n) => !Number.isFinite(n))) {
        ctx.addIssue({ code: 'custom', message: `Expected ${count} comma-separated finite numbers` });
        return z.NEVER;
      }
      return numbers;
    });

/**
 * `west,south,east,north` in degrees, rounded outward to the decimals of every coordinate a client
 * sends (see `COORDINATE_DECIMALS`): the box never loses a place on its edge.
 */
export const BboxParam = numberList(4).pipe(
  z
    .tuple([Longitude, Latitude, Longitude, Latitude])
    .refine(([, south, , north]) => south <= north, { message: 'south must not be greater than north' })
    .transform(
      ([west, south, east, north]): Bounds => ({
        west: roundCoordinateOutward(west, 'down'),
        south: roundCoordinateOutward(south, 'down'),
        east: roundCoordinateOutward(east, 'up'),
        north: roundCoordinateOutward(north, 'up'),
      }),
    ),
);

/** `lat,lng` in degrees (rounded like every coordinate a client sends). */
export const LatLngParam = numberList(2).pipe(
  z.tuple([InputLatitude, InputLongitude]).transform(([lat, lng]): LatLng => ({ lat, lng })),
);

/** Comma-separated category slugs; an empty value means "no filter". */
export const SlugListParam = z
  .string()
  .max(2000)
  .transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .pipe(z.array(Slug).max(50));

/** Comma-separated place statuses, e.g. `pending,rejected`. */
export const StatusListParam = z
  .string()
  .max(200)
  .transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .pipe(z.array(PlaceStatus).min(1).max(4));

/** `true` or `false` in a query string. */
export const BooleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');

/** An integer in a query string (16 digits at most: beyond that JSON numbers are not exact). */
export const intParam = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,16}$/, 'Expected an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

// Written back by wire-format.ts, which a request needs before zod has loaded (wire.ts).
export { formatBbox, formatLatLng, formatSlugList } from './wire-format.ts';
export { LatLng };
