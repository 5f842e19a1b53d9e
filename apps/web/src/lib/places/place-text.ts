import type { MapPlace, Place } from '@karta/contracts';
import { localizeText } from '../i18n/localize-text.ts';

/** A place's name in the UI language, else its primary language, else any. */
export function placeName(place: Pick<Place, 'name' | 'primaryLanguage'>, language: string): string {
  return localizeText(place.name, language, place.primaryLanguage);
}

/** A place as the map draws it (what `GET /api/v1/map` answers), named in the UI language. */
export function mapPlaceOf(place: Place, language: string): MapPlace {
  return {
    id: place.id,
    lat: place.lat,
    lng: place.lng,
    category: place.category,
    name: placeName(place, language),
    radius: place.radius,
    locationPrivacy: place.locationPrivacy,
    stale: place.stale,
  };
}

/** A place's description (plain text with line breaks) in the UI language, with the same fallbacks. */
export function placeDescription(
  place: Pick<Place, 'description' | 'primaryLanguage'>,
  language: string,
): string {
  return localizeText(place.description, language, place.primaryLanguage).trim();
}

/** The first paragraph, cut at a word boundary near `maxLength`: a teaser for the info window. */
export function shortText(text: string, maxLength = 140): string {
  const firstParagraph =
    text
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? '';
  if (firstParagraph.length <= maxLength) return firstParagraph;
  const cut = firstParagraph.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
