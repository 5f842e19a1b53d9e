import { z } from 'zod';
import { Extra } from './category-fields.ts';
import { LocationPrivacy, Slug } from './primitives.ts';

/**
 * The properties of one place in an export: the place file's fields (see `import.ts`), names and
 * descriptions flattened per language (`name_hr`, `description_en`, one key per language).
 */
export const PlaceFileProperties = z
  .object({
    externalId: z.string(),
    category: Slug,
    primaryLanguage: z.string(),
    radius: z.number().nullable(),
    locationPrivacy: LocationPrivacy,
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    /** OpenStreetMap's `opening_hours`, or null. */
    opening_hours: z.string().nullable(),
    /** The links of the place's published photos, space-separated; null when it has none. */
    photos: z.string().nullable(),
    /** When someone last said the place is still there. */
    last_confirmed_at: z.string(),
    /**
     * The values of its category's fields by key, as the API gives them (`{}` when none): yes/no
     * as booleans, numbers, ISO dates, several options as a list. CSV writes them as `x_<key>` columns.
     */
    extra: Extra,
  })
  .catchall(z.string().nullable().describe('`name_xx` and `description_xx`: one per language'));

/** A published place at its public position (`[lng, lat]`, WGS 84). */
export const PlaceFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: PlaceFileProperties,
});

/** `GET /api/v1/export.geojson`: a GeoJSON (RFC 7946) FeatureCollection of published places. */
export const PlaceFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(PlaceFeature),
});
export type PlaceFeatureCollection = z.infer<typeof PlaceFeatureCollection>;
