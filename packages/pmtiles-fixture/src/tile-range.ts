/** Web Mercator tile column of a longitude at zoom `z`. */
export function lonToX(lon: number, z: number): number {
  const n = 2 ** z;
  return Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
}

/** Web Mercator tile row of a latitude at zoom `z` (row 0 is the north). */
export function latToY(lat: number, z: number): number {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return Math.min(n - 1, Math.max(0, Math.floor(y)));
}

/** Every tile address at zoom `z` that covers part of the box (west, south, east, north). */
export function tilesOfBox(
  bounds: readonly [number, number, number, number],
  z: number,
): Array<{ z: number; x: number; y: number }> {
  const [west, south, east, north] = bounds;
  const tiles: Array<{ z: number; x: number; y: number }> = [];
  for (let x = lonToX(west, z); x <= lonToX(east, z); x++) {
    for (let y = latToY(north, z); y <= latToY(south, z); y++) tiles.push({ z, x, y });
  }
  return tiles;
}
