import type { GeocodeAddress, GeocodeItem, GeocodeKind, LocationPrivacy } from '@karta/contracts';

/** An address with every part unknown, to fill in. */
export const NO_ADDRESS: GeocodeAddress = {
  street: null,
  housenumber: null,
  postcode: null,
  city: null,
  country: null,
};

/**
 * One line for an answer, written as addresses are in Croatia and most of Europe: "Ilica 1,
 * 10000 Zagreb"; a named place first ("Zagreb Cathedral, Kaptol 31, Zagreb"); a town with what
 * tells it apart from its namesakes ("Sveti Ivan, Istria").
 */
export function addressLabel(address: GeocodeAddress, name?: string | null, region?: string | null): string {
  const street = [address.street, address.housenumber].filter(Boolean).join(' ');
  const town = [address.postcode, address.city].filter(Boolean).join(' ');
  const parts = [name, street, town].filter((part): part is string => Boolean(part));
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  if (unique.length <= 1 && region && region !== unique[0]) unique.push(region);
  if (unique.length === 0 && address.country) unique.push(address.country);
  return unique.join(', ');
}

/** How fine each kind is, finest first. */
const FINENESS: Record<GeocodeKind, number> = { house: 0, place: 1, street: 2, town: 3 };

/** The coarsest kind each location privacy allows an answer to name, and the decimals of its position. */
const ALLOWED: Record<LocationPrivacy, { finest: GeocodeKind; decimals: number | null }> = {
  exact: { finest: 'house', decimals: null },
  // Three decimals of a degree are ~110 m north–south and less east–west: a street, not a house.
  '100m': { finest: 'street', decimals: 3 },
  // Two decimals: ~1.1 km, a district or town.
  '1km': { finest: 'town', decimals: 2 },
};

const snap = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * An answer no more precise than `precision` allows, whatever the provider sent: `100m` drops the
 * house number (and a named place becomes its street), `1km` the street and postcode too; the
 * position is rounded to match, and the label is written again from what is left, so it cannot
 * say more than the parts.
 */
export function coarsen(item: GeocodeItem, precision: LocationPrivacy): GeocodeItem {
  const { finest, decimals } = ALLOWED[precision];
  if (decimals === null) return item;
  const address: GeocodeAddress =
    finest === 'street'
      ? { ...item.address, housenumber: null }
      : { ...item.address, street: null, housenumber: null, postcode: null };
  const coarseEnough = FINENESS[item.kind] >= FINENESS[finest];
  const kind: GeocodeKind = coarseEnough
    ? item.kind
    : finest === 'street' && address.street
      ? 'street'
      : 'town';
  return {
    label: addressLabel(address),
    lat: snap(item.lat, decimals),
    lng: snap(item.lng, decimals),
    kind,
    address,
  };
}
