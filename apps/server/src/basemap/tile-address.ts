import type { TileAddress } from '@karta/map-core/tile-ranges';

/** The deepest zoom a tile address may name (deeper ones are refused as malformed, not absent). */
export const MAX_TILE_ZOOM = 30;

const WHOLE = /^\d{1,10}$/;

/**
 * The tile a `/tiles/{z}/{x}/{y}.mvt` URL names, or why it names none: each part a whole number
 * in decimal digits, z at most `MAX_TILE_ZOOM`, x and y within the 2^z columns and rows of z.
 */
export function parseTileAddress(z: string, x: string, file: string): TileAddress | string {
  const y = file.endsWith('.mvt') ? file.slice(0, -'.mvt'.length) : null;
  if (y === null) return 'A tile is asked for as {z}/{x}/{y}.mvt';
  if (![z, x, y].every((part) => WHOLE.test(part))) return 'z, x and y must be whole numbers';
  const zoom = Number(z);
  if (zoom > MAX_TILE_ZOOM) return `z must be at most ${MAX_TILE_ZOOM}`;
  const size = 2 ** zoom;
  const column = Number(x);
  const row = Number(y);
  if (column >= size || row >= size) return `x and y must be below ${size} at zoom ${zoom}`;
  return { z: zoom, x: column, y: row };
}
