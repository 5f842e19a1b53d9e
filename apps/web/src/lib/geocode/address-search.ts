import { ApiError } from '@karta/api-client';
import type { GeocodeAnswer, LocationPrivacy, ReverseGeocodeAnswer } from '@karta/contracts';
import { type LatLng, normalizeCenter } from '@karta/map-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../../config/runtime-config.ts';
import { api } from '../api-client.ts';

/** Addresses shown under a field: a handful fits a phone's screen above its keyboard. */
export const ADDRESS_LIMIT = 5;

/** An address search starts at three characters: fewer match half the country's towns. */
export const ADDRESS_MIN_LENGTH = 3;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The site's address search, or null when it is off (`GEOCODER=off`): whose data it is, and
 * whether it may only run when asked (Enter or a button), as the public Nominatim requires.
 */
export function useGeocoder() {
  return useRuntimeConfig().geocoder;
}

/**
 * Addresses and towns for `text`, nearest `near` first (the map's centre, say), in the interface
 * language. `text` undefined asks nothing: a field that may only search on Enter passes the text
 * it was submitted with, one that searches as the person types passes its debounced text. `near`
 * is rounded to ~1 km, as the server rounds it, so a map nudged meanwhile does not ask again.
 */
export function useAddressSearch(text: string | undefined, near: LatLng | null) {
  const geocoder = useGeocoder();
  const { i18n } = useTranslation();
  const trimmed = text?.trim();
  const point = near ? normalizeCenter(near) : null;
  const around = point ? { lat: round2(point.lat), lng: round2(point.lng) } : undefined;
  const enabled = geocoder !== null && trimmed !== undefined && trimmed.length >= ADDRESS_MIN_LENGTH;
  return useQuery<GeocodeAnswer>({
    queryKey: ['geocode', trimmed ?? null, around ? [around.lat, around.lng] : null, i18n.language],
    queryFn: ({ signal }) =>
      api.geocode(
        { q: trimmed as string, near: around, limit: ADDRESS_LIMIT, lang: i18n.language },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    // Addresses do not move: an answer stays good for the visit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * The address at `point`, no more precise than `precision` (a place's location privacy): the
 * place form offers it, and never says more than the place's public position does. Null when
 * nothing is known there (404).
 */
export function useAddressAt(point: LatLng | null, precision: LocationPrivacy) {
  const geocoder = useGeocoder();
  const { i18n } = useTranslation();
  return useQuery<ReverseGeocodeAnswer | null>({
    queryKey: ['geocode', 'reverse', point?.lat ?? null, point?.lng ?? null, precision, i18n.language],
    queryFn: async ({ signal }) => {
      try {
        return await api.reverseGeocode(
          { lat: point?.lat ?? 0, lng: point?.lng ?? 0, precision, lang: i18n.language },
          { signal },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: geocoder !== null && point !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
