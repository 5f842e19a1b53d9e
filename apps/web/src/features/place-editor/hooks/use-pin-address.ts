import type { GeocodeItem } from '@karta/contracts';
import { useCallback, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAddressAt } from '../../../lib/geocode/address-search.ts';
import { formatCoordinate, formPosition } from '../../../lib/places/place-form-values.ts';
import type { PlaceForm } from './use-place-form.ts';

/** How long the pin must rest before the address there is asked for: a drag asks once, not per frame. */
export const ADDRESS_OFFER_DELAY_MS = 600;

/** A position as the form's fields hold it, so the map is asked for the very spot the fields show. */
export function asShown(position: { lat: number; lng: number }) {
  return { lat: Number(formatCoordinate(position.lat)), lng: Number(formatCoordinate(position.lng)) };
}

const keyOf = (position: { lat: number; lng: number } | null) =>
  position ? `${position.lat},${position.lng}` : null;

const pointOfKey = (key: string | null) => {
  if (key === null) return null;
  const [lat, lng] = key.split(',').map(Number) as [number, number];
  return { lat, lng };
};

/**
 * The pin and the Address field, kept apart but helpful to each other. An address chosen from the
 * search puts the pin there and fills the Address field, but only when the field is empty or holds
 * what an earlier choice put there: what the person typed is theirs. Once the pin has moved (or
 * the location privacy changed) and rests, the address there, no more precise than the privacy
 * lets the public see, is offered; it fills the field only when the person takes it.
 */
export function usePinAddress(form: PlaceForm) {
  const { values, setField, touch, setPosition } = form;
  // What a choice of the person's last wrote into the Address field (null: nothing yet).
  const [filled, setFilled] = useState<string | null>(null);
  const address = values.address;
  const mayFill = address.trim() === '' || address === filled;

  const fillAddress = useCallback(
    (label: string) => {
      setField('address', label);
      touch('address');
      setFilled(label);
    },
    [setField, touch],
  );

  /** An answer of the address search chosen: the pin goes there; an empty Address field gets its label. */
  const placeAt = useCallback(
    (item: GeocodeItem) => {
      setPosition(asShown(item));
      if (mayFill) fillAddress(item.label);
    },
    [setPosition, mayFill, fillAddress],
  );

  // The offer waits for the person to do something: opening a place to edit asks nothing.
  const positionKey = keyOf(formPosition(values));
  const privacy = values.locationPrivacy;
  const start = useRef({ positionKey, privacy });
  const [moved, setMoved] = useState(false);
  if (!moved && (positionKey !== start.current.positionKey || privacy !== start.current.privacy)) {
    setMoved(true);
  }
  // A string, not the position object (a new one each render), so the wait restarts only on a move.
  const restingKey = useDebouncedValue(positionKey, ADDRESS_OFFER_DELAY_MS);
  const resting = restingKey === positionKey;
  const answer = useAddressAt(moved && resting ? pointOfKey(restingKey) : null, privacy);
  const label = answer.data?.label;
  const offer =
    moved && resting && label && !answer.isPlaceholderData && label.trim() !== address.trim() ? label : null;

  return { placeAt, fillAddress, offer, mayFill };
}

export type PinAddress = ReturnType<typeof usePinAddress>;
