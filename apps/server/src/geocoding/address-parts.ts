import type { GeocodeAddress } from '@karta/contracts';
import { NO_ADDRESS } from './address-label.ts';

/** "Ilica 1", "Ulica kralja Zvonimira 12a", "Vukovarska 5/2": a street and its number. */
const STREET_AND_NUMBER = /^(.*\S)\s+(\d+\s?[a-zA-Z]?(?:\/\d+[a-zA-Z]?)?)$/;
/** "10000 Zagreb": a postcode of 4–6 digits and the town. */
const POSTCODE_AND_TOWN = /^(\d{4,6})\s+(.+)$/;

/**
 * The parts of an address written on one line as people write them here, "Street 1, 10000 Town":
 * the first part is the street (and number), a later one with a postcode (or the last) the town.
 * What does not read is left out rather than guessed.
 */
export function addressParts(line: string): GeocodeAddress {
  const parts = line
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return NO_ADDRESS;
  const [first = '', ...rest] = parts;
  const streetMatch = STREET_AND_NUMBER.exec(first);
  let postcode: string | null = null;
  let city: string | null = null;
  for (const part of rest) {
    const townMatch = POSTCODE_AND_TOWN.exec(part);
    if (townMatch) {
      postcode = townMatch[1] ?? null;
      city = townMatch[2] ?? null;
      break;
    }
  }
  if (city === null && rest.length > 0) city = rest.at(-1) ?? null;
  return {
    street: streetMatch ? (streetMatch[1] ?? null) : first,
    housenumber: streetMatch ? (streetMatch[2]?.replace(/\s+/g, '') ?? null) : null,
    postcode,
    city,
    country: null,
  };
}
