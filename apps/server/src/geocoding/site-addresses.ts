import type { GeocodeItem, LatLng } from '@karta/contracts';
import { distanceMetres, foldText } from '@karta/place-search';
import type { Queryable } from '../db/database.ts';
import { addressLabel } from './address-label.ts';
import { addressParts } from './address-parts.ts';

/** How near a published place must be to a point to lend it its address (reverse look-ups). */
const SAME_ADDRESS_DEGREES = 0.0004;
/** Matches read before the nearest are picked: a common word ("Zagreb") holds thousands. */
const CANDIDATES = 500;

interface AddressRow {
  address: string;
  lat: number;
  lng: number;
}

function houseItem(row: AddressRow): GeocodeItem {
  const address = addressParts(row.address);
  return {
    label: addressLabel(address) || row.address,
    lat: row.lat,
    lng: row.lng,
    kind: address.housenumber ? 'house' : address.street ? 'street' : 'place',
    address,
  };
}

/**
 * The addresses of the site's own published places, for the built-in geocoder. Only places whose
 * location privacy is `exact`: the others' public position is up to a kilometre away from their
 * address, so their address would send a person to the wrong spot (and say where the place is).
 */
export function siteAddresses(db: Queryable) {
  return {
    /** Addresses holding every word typed (each as a word's start), nearest to `near` first. */
    async search(q: string, near: LatLng | undefined, limit: number): Promise<GeocodeItem[]> {
      const words = foldText(q)
        .split(' ')
        .filter((word) => word !== '');
      if (words.length === 0) return [];
      const params: unknown[] = [];
      const param = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      // Folded text holds letters, digits and single spaces only: no LIKE wildcard to escape.
      const conditions = words.flatMap((word) => {
        const start = `(' ' || karta_fold(p.address)) LIKE ${param(`% ${word}%`)}`;
        // The trigram index on search_text (which holds the folded address) finds the candidates.
        return word.length >= 3 ? [`p.search_text LIKE ${param(`%${word}%`)}`, start] : [start];
      });
      const order = near
        ? `(m.lat - ${param(near.lat)}::float8) ^ 2 + ((m.lng - ${param(near.lng)}::float8) * cos(radians(m.lat))) ^ 2`
        : 'm.id';
      const { rows } = await db.query<AddressRow>(
        `SELECT DISTINCT ON (karta_fold(m.address)) m.address, m.lat, m.lng
           FROM (SELECT p.id, p.address, p.public_lat AS lat, p.public_lng AS lng
                   FROM places p
                  WHERE p.status = 'published' AND p.location_privacy = 'exact' AND p.address IS NOT NULL
                    AND ${conditions.join(' AND ')}
                  LIMIT ${CANDIDATES}) m
          ORDER BY karta_fold(m.address), ${order}`,
        params,
      );
      const byDistance = near ? rows.sort((a, b) => distanceMetres(near, a) - distanceMetres(near, b)) : rows;
      return byDistance.slice(0, limit).map(houseItem);
    },

    /** The address of the nearest published place within a few dozen metres, if any. */
    async at(point: LatLng): Promise<GeocodeItem | null> {
      const d = SAME_ADDRESS_DEGREES;
      const { rows } = await db.query<AddressRow>(
        `SELECT p.address, p.public_lat AS lat, p.public_lng AS lng
           FROM places p
          WHERE p.status = 'published' AND p.location_privacy = 'exact' AND p.address IS NOT NULL
            AND p.location <@ box(point($1 - ${d}, $2 - ${d}), point($1 + ${d}, $2 + ${d}))
          ORDER BY p.location <-> point($1, $2)
          LIMIT 1`,
        [point.lng, point.lat],
      );
      return rows[0] ? houseItem(rows[0]) : null;
    },
  };
}
