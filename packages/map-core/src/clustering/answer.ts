import { clusterTier } from '../cluster-style.ts';
import { unitXToLng, unitYToLat, wrapLng } from '../mercator.ts';
import type { Bounds } from '../types.ts';
import type { CellGroups } from './cell-groups.ts';
import type { CellWindow } from './cell-window.ts';
import type { PlaceStore } from './place-store.ts';
import type { ClusterQuery, ClusterResult } from './types.ts';
import { WORLD_UNITS } from './units.ts';

/**
 * The groups whose centre lies in `bbox`, as the map shows them: a group of one place as that
 * place, a larger one as a cluster with its count, tier, exact bounds and an id made of the zoom
 * and its seed cell (see mergeCloseGroups), the same for the same places and query.
 */
export function answer(
  window: CellWindow,
  groups: CellGroups,
  store: PlaceStore,
  bbox: Bounds,
  zoom: number,
  shown: Pick<ClusterQuery, 'lang' | 'staleBefore'>,
): ClusterResult {
  const result: ClusterResult = { clusters: [], places: [] };
  const box = new BoxScan(window, store);
  for (let g = 0; g < groups.groupCount; g++) {
    const count = groups.count[g] as number;
    const seed = groups.seed[g] as number;
    if (count === 1) {
      const slot = onlyPlace(window, seed);
      if (inBox(bbox, store.lat[slot] as number, store.lng[slot] as number))
        result.places.push(store.result(slot, shown));
      continue;
    }
    const x = (groups.sumX[g] as number) / count / WORLD_UNITS;
    const y = (groups.sumY[g] as number) / count / WORLD_UNITS;
    const lat = unitYToLat(y);
    if (!inBox(bbox, lat, wrapLng(unitXToLng(x)))) continue;
    box.addGroup(groups.members, groups.start[g] as number, groups.start[g + 1] as number);
    // Unit positions are rounded down to 0.6 m at zoom 18: keep the centre inside the exact box.
    const clampedLat = Math.min(box.north, Math.max(box.south, lat));
    const clampedLng = Math.min(box.east, Math.max(box.west, unitXToLng(x)));
    result.clusters.push({
      id: `z${zoom}:${(window.code[seed] as number).toString(36)}`,
      lat: clampedLat,
      lng: wrapLng(clampedLng),
      count,
      tier: clusterTier(count),
      bounds: box.bounds(),
    });
  }
  return result;
}

/** Whether a position lies in a box (`west > east` crosses ±180°). */
function inBox(bbox: Bounds, lat: number, lng: number): boolean {
  if (lat < bbox.south || lat > bbox.north) return false;
  return bbox.west <= bbox.east ? lng >= bbox.west && lng <= bbox.east : lng >= bbox.west || lng <= bbox.east;
}

/** The slot of the one live place of a cell that holds exactly one. */
function onlyPlace(window: CellWindow, cell: number): number {
  for (let s = window.head[cell] as number; s >= 0; s = window.segmentNext[s] as number) {
    const b = window.segmentBase[s] as number;
    if (b < 0) return window.segmentLo[s] as number;
    const base = window.bases[b];
    if (!base) continue;
    for (let i = window.segmentLo[s] as number; i < (window.segmentHi[s] as number); i++) {
      if (!base.dead[i]) return base.slots[i] as number;
    }
  }
  throw new Error('A cell counted one place but holds none');
}

const WEST = 1;
const EAST = 2;
const NORTH = 4;
const SOUTH = 8;
/** Ranges up to this long are scanned once for all four extremes. */
const SCAN_LIMIT = 24;

/** The exact box around the places of some cells, longitudes unwrapped east like the cells. */
class BoxScan {
  south = 0;
  north = 0;
  west = 0;
  east = 0;

  constructor(
    private readonly window: CellWindow,
    private readonly store: PlaceStore,
  ) {}

  /**
   * Starts over with the cells `members[from…to)`. Longitude grows with the column and latitude
   * falls with the row, so only cells in the group's outermost columns and rows can hold an
   * extreme, and each only for its own sides.
   */
  addGroup(members: Int32Array, from: number, to: number): void {
    this.south = Number.POSITIVE_INFINITY;
    this.west = Number.POSITIVE_INFINITY;
    this.north = Number.NEGATIVE_INFINITY;
    this.east = Number.NEGATIVE_INFINITY;
    const { col, row } = this.window;
    let firstCol = Number.POSITIVE_INFINITY;
    let lastCol = Number.NEGATIVE_INFINITY;
    let firstRow = Number.POSITIVE_INFINITY;
    let lastRow = Number.NEGATIVE_INFINITY;
    for (let m = from; m < to; m++) {
      const cell = members[m] as number;
      firstCol = Math.min(firstCol, col[cell] as number);
      lastCol = Math.max(lastCol, col[cell] as number);
      firstRow = Math.min(firstRow, row[cell] as number);
      lastRow = Math.max(lastRow, row[cell] as number);
    }
    for (let m = from; m < to; m++) {
      const cell = members[m] as number;
      const c = col[cell] as number;
      const r = row[cell] as number;
      const sides =
        (c === firstCol ? WEST : 0) |
        (c === lastCol ? EAST : 0) |
        (r === firstRow ? NORTH : 0) |
        (r === lastRow ? SOUTH : 0);
      if (sides) this.addCell(cell, sides);
    }
  }

  private addCell(cell: number, sides: number): void {
    const w = this.window;
    const turns = Math.floor((w.col[cell] as number) / w.side) * 360;
    for (let s = w.head[cell] as number; s >= 0; s = w.segmentNext[s] as number) {
      const lo = w.segmentLo[s] as number;
      const hi = w.segmentHi[s] as number;
      const base = w.bases[w.segmentBase[s] as number];
      if (!base) {
        this.add(this.store.lat[lo] as number, (this.store.lng[lo] as number) + turns);
      } else if (hi - lo <= SCAN_LIMIT) {
        for (let i = lo; i < hi; i++) {
          if (!base.dead[i]) this.add(base.lat[i] as number, (base.lng[i] as number) + turns);
        }
      } else {
        if (sides & SOUTH)
          this.south = Math.min(this.south, base.lat[base.bestLive(base.minLat, lo, hi)] as number);
        if (sides & NORTH)
          this.north = Math.max(this.north, base.lat[base.bestLive(base.maxLat, lo, hi)] as number);
        if (sides & WEST)
          this.west = Math.min(this.west, (base.lng[base.bestLive(base.minLng, lo, hi)] as number) + turns);
        if (sides & EAST)
          this.east = Math.max(this.east, (base.lng[base.bestLive(base.maxLng, lo, hi)] as number) + turns);
      }
    }
  }

  /** The box, back in −180…180; one that spans ±180° gets `west > east`. */
  bounds(): Bounds {
    if (this.east - this.west >= 360) return { west: -180, south: this.south, east: 180, north: this.north };
    return { west: wrapLng(this.west), south: this.south, east: wrapLng(this.east), north: this.north };
  }

  private add(lat: number, lng: number): void {
    if (lat < this.south) this.south = lat;
    if (lat > this.north) this.north = lat;
    if (lng < this.west) this.west = lng;
    if (lng > this.east) this.east = lng;
  }
}
