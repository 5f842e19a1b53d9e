import { distanceMetres } from './distance.ts';
import { foldText } from './fold.ts';
import type { LatLng } from './lat-lng.ts';

/** A town as it is matched: its name folded, and each word's start in it. */
export interface FoldedTown {
  folded: string;
  words: readonly string[];
}

/** A town's name folded for matching (`Sveti Ivan` is found by `ivan` too). */
export function foldTownName(name: string): FoldedTown {
  const folded = foldText(name);
  return { folded, words: folded.split(' ') };
}

/** How well a name matches folded text: 0 the whole name, 1 its start, 2 a word's start; null none. */
function matchRank(town: FoldedTown, folded: string): number | null {
  if (town.folded === folded) return 0;
  if (town.folded.startsWith(folded)) return 1;
  if (town.words.some((word) => word.startsWith(folded))) return 2;
  return null;
}

/**
 * The towns whose names match what was typed, best first: the whole name, then its start, then a
 * word's start, then nearest `near`, then the shortest name. The whole text is tried first; when
 * nothing matches, each comma-separated part from the last ("Ilica 1, Samobor" finds Samobor).
 * The server's built-in geocoder and the browser's saved towns rank alike with it.
 */
export function matchingTowns<T extends FoldedTown & LatLng & { name: string }>(
  towns: readonly T[],
  q: string,
  near: LatLng | undefined,
): T[] {
  const parts = [q, ...q.split(',').reverse()].map(foldText).filter((part) => part !== '');
  for (const folded of new Set(parts)) {
    const matches = towns
      .flatMap((town) => {
        const rank = matchRank(town, folded);
        return rank === null ? [] : [{ town, rank, distance: near ? distanceMetres(near, town) : 0 }];
      })
      .sort((a, b) => a.rank - b.rank || a.distance - b.distance || a.town.name.length - b.town.name.length);
    if (matches.length > 0) return matches.map(({ town }) => town);
  }
  return [];
}
