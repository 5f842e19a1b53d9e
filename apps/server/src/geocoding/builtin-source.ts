import { foldText } from '@karta/place-search';
import type { Queryable } from '../db/database.ts';
import { type BuiltinTowns, GEONAMES_ATTRIBUTION } from './builtin-towns.ts';
import type { GeocodeSource } from './geocode-source.ts';
import { siteAddresses } from './site-addresses.ts';

/**
 * The geocoder that needs no network: towns and villages from GeoNames, and the addresses of the
 * site's own published places. A town named exactly as typed comes first, then addresses, then
 * other towns whose names start so.
 */
export function builtinSource(db: Queryable, towns: BuiltinTowns): GeocodeSource {
  const addresses = siteAddresses(db);
  return {
    // The site's own addresses need no credit; the towns' data does.
    attribution: GEONAMES_ATTRIBUTION,
    remote: false,
    async search({ q, near, limit, language }) {
      const [townItems, addressItems] = await Promise.all([
        towns.search(q, near, limit, language),
        addresses.search(q, near, limit),
      ]);
      const folded = foldText(q);
      const named = townItems.filter((item) => foldText(item.address.city ?? '') === folded);
      const others = townItems.filter((item) => !named.includes(item));
      return [...named, ...addressItems, ...others].slice(0, limit);
    },
    async reverse({ lat, lng, precision, language }) {
      const point = { lat, lng };
      const address = precision === '1km' ? null : await addresses.at(point);
      return address ?? towns.nearest(point, language);
    },
  };
}
