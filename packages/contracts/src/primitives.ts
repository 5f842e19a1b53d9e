import { z } from 'zod';
import { Int32Id } from './numbers.ts';
import { text } from './text.ts';

export * from './languages.ts';
export * from './numbers.ts';
export * from './text.ts';

/** zod 4 numbers are finite by default; these add the geographic ranges (see `InputLatitude` for input). */
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

export const LatLng = z.object({ lat: Latitude, lng: Longitude });
export type LatLng = z.infer<typeof LatLng>;

export const Bounds = z.object({ west: Longitude, south: Latitude, east: Longitude, north: Latitude });
/** A geographic box. `west > east` means the box crosses the antimeridian. */
export type Bounds = z.infer<typeof Bounds>;

export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a lower-case slug');

/** Places, users and flags have `bigint` ids; JSON keeps them exact up to 2^53 − 1. */
export const PlaceId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Categories have `integer` ids. */
export const CategoryId = Int32Id;

/** A place's version (an `integer` column), as an edit or a decision sends it back. */
export const Version = Int32Id;

/** An opaque cursor a list answered, sent back for the next page. */
export const Cursor = text({ kind: 'token', max: 200 });

export const IsoDateTime = z.string().datetime({ offset: true });

export const LocationPrivacy = z.enum(['exact', '100m', '1km']);
export type LocationPrivacy = z.infer<typeof LocationPrivacy>;

export const PlaceStatus = z.enum(['pending', 'published', 'rejected', 'archived']);
export type PlaceStatus = z.infer<typeof PlaceStatus>;
