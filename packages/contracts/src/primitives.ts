import { z } from 'zod';

/** Text a user or client may send: no NUL bytes (PostgreSQL rejects them and would answer 500). */
export const safeText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), { message: 'Text must not contain NUL bytes' });

/** Trimmed optional text of at most `max` characters; empty means none (null). */
export const optionalText = (max: number) =>
  safeText(max + 200)
    .transform((value) => value.trim())
    .pipe(z.string().max(max))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** A language code such as `hr` or `en`. New languages need no contract change. */
export const LanguageCode = z.string().regex(/^[a-z]{2}$/, 'Expected a two-letter language code');
export type LanguageCode = z.infer<typeof LanguageCode>;

/** Text in one or more languages, keyed by language code. */
export const LocalizedText = z.record(LanguageCode, z.string());
export type LocalizedText = z.infer<typeof LocalizedText>;

/** zod 4 numbers are finite by default; these add the geographic ranges. */
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

export const LatLng = z.object({ lat: Latitude, lng: Longitude });
export type LatLng = z.infer<typeof LatLng>;

export const Bounds = z.object({ west: Longitude, south: Latitude, east: Longitude, north: Latitude });
/** A geographic box. `west > east` means the box crosses the antimeridian. */
export type Bounds = z.infer<typeof Bounds>;

export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a lower-case slug');

export const PlaceId = z.number().int().positive();

export const IsoDateTime = z.string().datetime({ offset: true });

export const LocationPrivacy = z.enum(['exact', '100m', '1km']);
export type LocationPrivacy = z.infer<typeof LocationPrivacy>;

export const PlaceStatus = z.enum(['pending', 'published', 'rejected', 'archived']);
export type PlaceStatus = z.infer<typeof PlaceStatus>;
