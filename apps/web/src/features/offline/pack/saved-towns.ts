import type { GeocodeAnswer, GeocodeItem, GeocodeQuery, LatLng, OfflineTown } from '@karta/contracts';
import { distanceMetres, foldText } from '@karta/place-search';
import type { SavedArea } from '../../../lib/offline/saved-area.ts';

const DEFAULT_LIMIT = 5;

interface Town extends OfflineTown {
  folded: string;
  words: readonly string[];
}

/** 0: the whole name; 1: its start; 2: a word's start; null: no match (as the server ranks towns). */
function matchRank(town: Town, folded: string): number | null {
  if (town.folded === folded) return 0;
  if (town.folded.startsWith(folded)) return 1;
  if (town.words.some((word) => word.startsWith(folded))) return 2;
  return null;
}

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
        const folded = foldText(town.name);
        towns.push({ ...town, folded, words: folded.split(' ') });
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
    const parts = [q, ...q.split(',').reverse()].map(foldText).filter((part) => part !== '');
    for (const folded of new Set(parts)) {
      const matches = this.ranked(folded, near);
      if (matches.length > 0)
        return { items: matches.slice(0, limit).map(townItem), attribution: this.attribution };
    }
    return { items: [], attribution: this.attribution };
  }

  private ranked(folded: string, near: LatLng | undefined): Town[] {
    return this.towns
      .flatMap((town) => {
        const rank = matchRank(town, folded);
        return rank === null ? [] : [{ town, rank, distance: near ? distanceMetres(near, town) : 0 }];
      })
      .sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.town.name.length - b.town.name.length)
      .map(({ town }) => town);
  }
}
