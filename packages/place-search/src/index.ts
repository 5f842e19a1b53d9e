export { degreesApart, distanceMetres } from './distance.ts';
export { foldSpelled, foldText } from './fold.ts';
export { hitOrder, type SearchHit } from './hit-order.ts';
export type { LatLng } from './lat-lng.ts';
export {
  type PlaceRecord,
  type PreparedPlace,
  type PreparedPlaces,
  preparePlaces,
} from './prepared-places.ts';
export { type PlaceSearchQuery, searchPlaces } from './search-places.ts';
export { hasSpellings, searchWords } from './search-words.ts';
export { type LocalizedTexts, searchName, searchText } from './stored-texts.ts';
export { type FoldedTown, foldTownName, matchingTowns } from './town-matches.ts';
export { FIRST_TYPO_RANK, TYPO_MIN_WORD, typoRank } from './typo-rank.ts';
export {
  mayHoldTypo,
  SIMILAR_WORDS,
  TYPO_CANDIDATES,
  typoAlternatives,
} from './typo-spellings.ts';
export {
  type TypoCandidates,
  type WordChange,
  WordIndex,
  type WordIndexImage,
  type WordMatches,
} from './word-index/word-index.ts';
export { WordIndexLoader } from './word-index/word-index-loader.ts';
