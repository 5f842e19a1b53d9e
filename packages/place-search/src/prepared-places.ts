import type { LatLng } from './lat-lng.ts';
import { type LocalizedTexts, searchName, searchText } from './stored-texts.ts';
import { type Vocabulary, vocabularyOf } from './vocabulary.ts';

/**
 * A place as the browser keeps it: the fields search reads, as the API gives them to a visitor.
 * `lat` and `lng` are the public position (the server measures distances from it, never from an
 * exact position an author or moderator sees).
 */
export interface PlaceRecord extends LatLng {
  id: number;
  name: LocalizedTexts;
  description?: LocalizedTexts | null;
  address?: string | null;
}

/** A place ready to search: its texts folded once, as the server stores them. */
export interface PreparedPlace extends LatLng {
  readonly id: number;
  /** `search_name`: every name folded, plain and spelled out, each between `|`. */
  readonly names: string;
  /** `search_text`: the names, descriptions and address, folded. */
  readonly text: string;
}

/** Places ready to search many times. */
export interface PreparedPlaces {
  readonly places: readonly PreparedPlace[];
  /** The words of their names, for typos: built at the first search that needs it. */
  vocabulary(): Vocabulary;
}

/** Folds every place's texts once (the costly part of a search), so each search only compares strings. */
export function preparePlaces(records: readonly PlaceRecord[]): PreparedPlaces {
  const places = records.map((record): PreparedPlace => {
    const names = searchName(record.name);
    return {
      id: record.id,
      lat: record.lat,
      lng: record.lng,
      names,
      text: searchText(names, record.description, record.address),
    };
  });
  let vocabulary: Vocabulary | undefined;
  return {
    places,
    vocabulary: () => {
      vocabulary ??= vocabularyOf(places.map((place) => place.names));
      return vocabulary;
    },
  };
}
