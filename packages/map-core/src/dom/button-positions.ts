import type { LatLng } from '../types.ts';

/**
 * Where each marker and cluster button stands on the map, written by the functions that create
 * and update them (so every engine's buttons carry it), read by the keyboard navigation to find
 * the nearest button in a direction without asking the engine or the page's layout.
 */
const positions = new WeakMap<HTMLElement, LatLng>();

export function setButtonPosition(button: HTMLElement, { lat, lng }: LatLng): void {
  positions.set(button, { lat, lng });
}

export function buttonPosition(button: HTMLElement): LatLng | undefined {
  return positions.get(button);
}
