import type { Bounds, LatLng } from '@karta/contracts/wire';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../../config/runtime-config.ts';
import { useCategoryLooks } from '../../../lib/categories/use-category-looks.ts';
import { formatCoordinates } from '../../../lib/place-links.ts';

/** A box by its south-west and north-east corners: "45.7000, 15.9000 – 45.9000, 16.1000". */
export function boxCorners(box: Bounds): string {
  const corner = (lat: number, lng: number) => `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
  return `${corner(box.south, box.west)} – ${corner(box.north, box.east)}`;
}

/**
 * How a follow is put in words, in the reader's language: where (an area by its corners, a spot
 * by its coordinates) and which categories (their names; all when none are chosen).
 */
export function useFollowWords() {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const { categories } = useCategoryLooks(config.defaultLanguage);

  const where = useCallback(
    (follow: { bbox: Bounds | null; point: LatLng | null }) =>
      follow.point
        ? t('follows.where.spot', { coordinates: formatCoordinates(follow.point) })
        : follow.bbox
          ? t('follows.where.area', { corners: boxCorners(follow.bbox) })
          : '',
    [t],
  );

  const categoriesOf = useCallback(
    (slugs: readonly string[] | null) => {
      if (!slugs || slugs.length === 0) return t('follows.categories.all');
      // A name once the categories have loaded; the slug until then (or for one deleted since).
      const names = slugs.map((slug) => categories.find((category) => category.slug === slug)?.name ?? slug);
      return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
    },
    [t, i18n.language, categories],
  );

  return { where, categoriesOf };
}
