import type { GeocodeAnswer, GeocodeItem, GeocodeQuery, OfflineTown } from '@karta/contracts';
import { type FoldedTown, foldTownName, matchingTowns } from '@karta/place-search';
import type { SavedArea } from '../../../lib/offline/saved-area.ts';

const DEFAULT_LIMIT = 5;

type Town = OfflineTown & FoldedTown;

function townItem(town: OfflineTown): GeocodeItem {
  return {
    label: town.region && town.region !== town.name ? `${town.name}, ${town.region}` : town.name,
    lat: town.lat,
    lng: town.lng,
    kind: 'town',
    address: { street: null, housenumber: null, postcode: null, city: town.name, country: null },
  };
}

/**
 * The towns and villages of the saved areas (their packs carry them), answering an address search
 * with no network as the server's built-in geocoder would answer it for towns: the name as typed
 * first, then names and words starting so, nearest `near` first. Streets and houses need the network.
 */
export class SavedTowns {
  private readonly towns: readonly Town[];
  readonly attribution: string;

  constructor(areas: readonly SavedArea[]) {
    const seen = new Set<string>();
    const towns: Town[] = [];
    for (const area of areas) {
      for (const town of area.towns ?? []) {
        const key = `${town.name}|${town.lat}|${town.lng}`;
        if (seen.has(key)) continue;
        seen.add(key);
        towns.push({ ...town, ...foldTownName(town.name) });
      }
    }
    this.towns = towns;
    this.attribution = areas.find((area) => area.townsAttribution)?.townsAttribution ?? '';
  }

  /** Whether any saved area carries towns (areas saved before packs did carry none). */
  get any(): boolean {
    return this.towns.length > 0;
  }

  search({ q, near, limit = DEFAULT_LIMIT }: GeocodeQuery): GeocodeAnswer {
    const items = matchingTowns(this.towns, q, near).slice(0, limit).map(townItem);
    return { items, attribution: this.attribution };
  }
}
