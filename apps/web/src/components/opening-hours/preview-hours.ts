import type { LatLng } from '@karta/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * GET /api/v1/opening-hours: whether `value` reads, the library's advice in `language`, and the
 * coming week; with `picker`, also the weekly picker's reading of it (nothing is asked for an
 * empty value). The last answer stays while the next loads.
 */
export function useHoursPreview(
  value: string,
  language: string,
  options: { near?: LatLng; picker?: boolean } = {},
) {
  const text = value.trim();
  const { near, picker } = options;
  return useQuery({
    queryKey: ['opening-hours', text, language, near?.lat, near?.lng, picker ?? false],
    queryFn: ({ signal }) => api.previewHours({ value: text, lang: language, near, picker }, { signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
