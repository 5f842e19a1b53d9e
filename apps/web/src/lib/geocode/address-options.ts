import type { GeocodeItem, GeocodeKind } from '@karta/contracts';
import type { LatLng } from '@karta/map-core';
import { useState } from 'react';
import { useConnectivity } from '../connectivity.ts';
import { isUnanswered } from '../error-message.ts';
import { ADDRESS_MIN_LENGTH, useAddressSearch, useGeocoder } from './address-search.ts';

/** What an address list under a field shows for the text typed. */
export type AddressOptions =
  /** No address search here: it is off on this site, or the text is too short for one. */
  | { state: 'off' }
  /** The site may only be asked on request (the public Nominatim): one option asks for `text`. */
  | { state: 'ask'; text: string }
  | { state: 'loading' }
  /**
   * Answers; `savedOnly` when the network is out of reach and they come from the areas saved for
   * offline use, which know towns only: the field says that streets and houses need the network.
   */
  | { state: 'list'; items: readonly GeocodeItem[]; attribution: string; savedOnly: boolean }
  | { state: 'empty'; text: string; attribution: string; savedOnly: boolean }
  /** The browser or Karta's server is out of reach: address search needs the network. */
  | { state: 'offline' }
  | { state: 'failed'; error: unknown };

/**
 * The addresses to offer under a field for the text typed (`typed`, as on screen) once typing
 * paused (`settled`): asked as the person types, or, where the site allows only searches asked
 * for, an option to ask (`ask(text)`) until they do. A failure is a state of its own, so the
 * list beside it (the header's places) goes on.
 */
export function useAddressOptions(
  typed: string | undefined,
  settled: string | undefined,
  near: LatLng | null,
) {
  const geocoder = useGeocoder();
  const { online } = useConnectivity();
  const enterOnly = geocoder?.searchOnEnterOnly === true;
  // Enter-only sites: the text the person asked addresses for.
  const [asked, setAsked] = useState<string | undefined>(undefined);
  const askedNow = enterOnly && asked !== undefined && asked === typed;
  const search = useAddressSearch(enterOnly ? (askedNow ? asked : undefined) : settled, near);
  // An answer is for the text on screen, not a placeholder kept from an older one.
  const current = !search.isPlaceholderData && (enterOnly ? askedNow : settled === typed);

  let options: AddressOptions;
  if (geocoder === null || typed === undefined || typed.length < ADDRESS_MIN_LENGTH)
    options = { state: 'off' };
  else if (enterOnly && !askedNow) options = { state: 'ask', text: typed };
  else if (search.isError && current)
    options =
      !online || isUnanswered(search.error) ? { state: 'offline' } : { state: 'failed', error: search.error };
  else if (search.data && search.data.items.length > 0 && (current || !enterOnly))
    // While the next answer loads, the last one stays (as the place suggestions do).
    options = {
      state: 'list',
      items: search.data.items,
      attribution: search.data.attribution,
      savedOnly: !online,
    };
  else if (search.data && current)
    options = { state: 'empty', text: typed, attribution: search.data.attribution, savedOnly: !online };
  else options = { state: 'loading' };

  return {
    options,
    /** Whether the answer on screen is for the text on screen (what a screen reader is told). */
    current,
    /** Enter-only sites: ask the geocoder for `text` now. */
    ask: (text: string) => setAsked(text),
  };
}

/** The translation key of an answer's kind, as a small hint beside its label. */
export function addressKindKey(kind: GeocodeKind) {
  return `addresses.kind.${kind}` as const;
}

/** One key per answer for lists: two answers at the same point with the same label are one. */
export function addressKey(item: GeocodeItem): string {
  return `${item.lat},${item.lng},${item.label}`;
}
