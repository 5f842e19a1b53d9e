import { z } from 'zod';
import { SearchText } from './places.ts';
import {
  InputLatitude,
  InputLongitude,
  LanguageCode,
  Latitude,
  LocationPrivacy,
  Longitude,
} from './primitives.ts';
import { intParam, LatLngParam } from './query-params.ts';

/**
 * What an answer names: a house (street and number), a street, a named place (a square, a
 * building, a district), or a town or village.
 */
export const GeocodeKind = z.enum(['house', 'street', 'place', 'town']);
export type GeocodeKind = z.infer<typeof GeocodeKind>;

/** An address in parts, each null when the answer does not say it (or may not, see `precision`). */
export const GeocodeAddress = z.object({
  street: z.string().nullable(),
  housenumber: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
});
export type GeocodeAddress = z.infer<typeof GeocodeAddress>;

/** One address or town the geocoder found, with where it is. */
export const GeocodeItem = z.object({
  /** One line to show: "Ilica 1, 10000 Zagreb". */
  label: z.string(),
  lat: Latitude,
  lng: Longitude,
  kind: GeocodeKind,
  address: GeocodeAddress,
});
export type GeocodeItem = z.infer<typeof GeocodeItem>;

/** `GET /api/v1/geocode`: addresses and towns for what a person typed. */
export const GeocodeQuery = z.object({
  q: SearchText,
  /** `lat,lng`: answers near it first (the map's centre, say). */
  near: LatLngParam.optional(),
  limit: intParam(1, 10).optional(),
  /** The language the answer's names are wanted in (default: the site's default language). */
  lang: LanguageCode.optional(),
});
export type GeocodeQuery = z.output<typeof GeocodeQuery>;

export const GeocodeAnswer = z.object({
  items: z.array(GeocodeItem),
  /** Whose data the answer is, to show beside it (the provider's licence asks for it). */
  attribution: z.string(),
});
export type GeocodeAnswer = z.infer<typeof GeocodeAnswer>;

/** A coordinate in a query string, as a number. */
const coordinateParam = (range: typeof InputLatitude) =>
  z
    .string()
    .max(30)
    .regex(/^-?\d{1,3}(\.\d+)?$/, 'Expected a number in degrees')
    .transform(Number)
    .pipe(range);

/**
 * `GET /api/v1/geocode/reverse`: the address at a point, no more precise than `precision`:
 * `exact` names the house, `100m` the street, `1km` the district or town (the place form offers
 * only what the place's location privacy allows).
 */
export const ReverseGeocodeQuery = z.object({
  lat: coordinateParam(InputLatitude),
  lng: coordinateParam(InputLongitude),
  precision: LocationPrivacy.optional(),
  lang: LanguageCode.optional(),
});
export type ReverseGeocodeQuery = z.output<typeof ReverseGeocodeQuery>;

/** The one address found at a point, with whose data it is. */
export const ReverseGeocodeAnswer = GeocodeItem.extend({ attribution: z.string() });
export type ReverseGeocodeAnswer = z.infer<typeof ReverseGeocodeAnswer>;
