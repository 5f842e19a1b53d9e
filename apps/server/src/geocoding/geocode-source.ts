import type { GeocodeItem, LatLng, LocationPrivacy } from '@karta/contracts';
import { AppError } from '../http/errors.ts';

/** A search as a source is asked it: the text, where to look first, how many, in which language. */
export interface GeocodeSearch {
  q: string;
  near?: LatLng;
  limit: number;
  language: string;
}

/** A reverse look-up: the point, how precise the answer may be, in which language. */
export interface GeocodeReverse {
  lat: number;
  lng: number;
  precision: LocationPrivacy;
  language: string;
}

/**
 * Where addresses come from: the built-in towns and site addresses, or a Nominatim or Photon
 * service. A source answers within `signal`; the service around it caches, paces and coarsens.
 */
export interface GeocodeSource {
  /** Whose data the answers are (shown beside them, as the data's licence asks). */
  readonly attribution: string;
  /** Whether answers come from another service (so they are cached and bounded in time). */
  readonly remote: boolean;
  search(request: GeocodeSearch, signal: AbortSignal): Promise<GeocodeItem[]>;
  reverse(request: GeocodeReverse, signal: AbortSignal): Promise<GeocodeItem | null>;
}

/** The geocoder failed, was too slow, or is off: 503 `geocoder_unavailable`. */
export class GeocoderUnavailableError extends AppError {
  constructor(
    message = 'Address search is unavailable right now: try again shortly, or find the place on the map',
  ) {
    super('geocoder_unavailable', message);
    this.name = 'GeocoderUnavailableError';
  }
}
