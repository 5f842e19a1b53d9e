import type { Photo, PhotoLicence } from '@karta/contracts';
import { localizeText } from '../../../lib/i18n/localize-text.ts';

/** Each licence's short name and its deed, to show beside a photo. */
export const LICENCES: Record<PhotoLicence, { name: string; url: string }> = {
  'CC-BY-SA-4.0': { name: 'CC BY-SA 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
  'CC-BY-4.0': { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
  'CC0-1.0': { name: 'CC0 1.0', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
};

/** What a photo shows, in the reader's language (else any it has), or `fallback` without any. */
export function photoAlt(photo: Pick<Photo, 'alt'>, language: string, fallback: string): string {
  return localizeText(photo.alt, language) || fallback;
}
