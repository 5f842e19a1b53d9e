import type { GeocodeItem, PlaceListItem } from '@karta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { addressZoom } from '../../lib/geocode/address-zoom.ts';
import { placeQueryKey } from '../../lib/places/get-place.ts';
import { placeOfListItem } from '../../lib/places/list-places.ts';
import { parseViewState, serializeViewState } from '../../lib/view-url.ts';
import { forgetAddress, chooseAddress as showAddress } from './chosen-address.ts';
import { useViewDefaults } from './use-places-map.tsx';

/** The zoom a chosen place opens at: its street and neighbours, close enough to tell them apart. */
export const CHOSEN_PLACE_ZOOM = 17;

/**
 * Where the header's search leads: the home page's map. Searching shows the matches there (from
 * the home page keeping its view and filter; from elsewhere with only `q`, so the map fits the
 * results); choosing a suggestion opens that place, centred, with its info window; choosing an
 * address centres the map there (its street, or the whole town) and names it in a panel.
 */
export function useSearchNavigation() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const defaults = useViewDefaults();
  const queryClient = useQueryClient();
  const view = path === '/' ? parseViewState(search, defaults) : null;

  function submit(text: string) {
    forgetAddress();
    navigate(
      view
        ? `/?${serializeViewState({ ...view, search: text, placeId: null })}`
        : `/?q=${encodeURIComponent(text)}`,
    );
  }

  function choose(place: PlaceListItem) {
    forgetAddress();
    // The suggestion holds the whole place: the info window opens without asking again.
    queryClient.setQueryData(placeQueryKey(place.id), placeOfListItem(place));
    // Keep a category filter that shows the place; drop one that would hide it. The field filters
    // stay: suggestions hold them (see `filters` below).
    const categories = view?.categories.includes(place.category) ? view.categories : [];
    const center = { lat: place.lat, lng: place.lng };
    const filters = view?.filters;
    navigate(
      `/?${serializeViewState({ center, zoom: CHOSEN_PLACE_ZOOM, placeId: place.id, categories, filters })}`,
    );
  }

  function chooseAddress(address: GeocodeItem) {
    showAddress(address);
    // The map's filters stay (the visitor looks for the same kind of place there); a search's
    // matches would frame the map elsewhere, so it goes, as does an open place.
    const center = { lat: address.lat, lng: address.lng };
    const zoom = addressZoom(address.kind);
    const next = view
      ? { ...view, center, zoom, placeId: null, search: undefined }
      : { center, zoom, placeId: null, categories: [] };
    navigate(`/?${serializeViewState(next)}`);
  }

  return {
    /** The search the home page shows, for the field. */
    current: view?.search,
    /** Where suggestions are measured from: the home map's centre, else the deployment's default. */
    origin: view?.center ?? defaults.center,
    /** The home map's field filters, which suggestions hold to (none elsewhere). */
    filters: view?.filters,
    submit,
    choose,
    chooseAddress,
  };
}
