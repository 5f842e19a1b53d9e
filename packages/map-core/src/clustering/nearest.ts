import { unitXToLng, unitYToLat } from '../mercator.ts';
import type { LatLng } from '../types.ts';
import type { Layer } from './layer.ts';
import type { PlaceStore } from './place-store.ts';
import type { SortedBase } from './sorted-base.ts';
import { UNIT_BITS } from './units.ts';

/**
 * Metres from `origin` to a position: the caller's own measure (the server passes the haversine
 * its SQL computes, so both order and cut places alike). The bounds below assume a haversine on
 * a sphere of EARTH_RADIUS_M.
 */
export type DistanceOf = (origin: LatLng, lat: number, lng: number) => number;

/** Mean Earth radius in metres (IUGG), the server's. */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;
/** Bounds are widened by this much (relative, then absolute metres) against rounding. */
const RELATIVE_SLACK = 1e-9;
const ABSOLUTE_SLACK_M = 1e-3;
/** Ranges of at most this many places are measured place by place instead of split further. */
const SMALL_RANGE = 64;

/** A place of a nearest-first page: its id and its distance from the origin. */
export interface NearHit {
  id: number;
  distance: number;
}

/**
 * Places within `within` metres of `origin`, nearest first (ties by id), after `after`; with
 * `covering`, only those whose own radius reaches the origin.
 */
export interface NearestOptions {
  origin: LatLng;
  within: number;
  covering?: boolean | undefined;
  after?: NearHit | undefined;
  limit: number;
}

/** Degrees between two longitudes the short way round, 0…180. */
function lngApart(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

function haversine(dLat: number, dLng: number, cosOrigin: number, cosOther: number): number {
  const a = Math.sin((dLat * RAD) / 2) ** 2 + cosOrigin * cosOther * Math.sin((dLng * RAD) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * A distance no position at latitude `lat` is nearer to a point at `originLat` than: the haversine
 * is at least the earth's radius times the latitudes apart (in radians); widened against rounding.
 * A test this cheap spares measuring the places that cannot be near enough.
 */
export function latitudeLeast(originLat: number, lat: number): number {
  return Math.max(
    0,
    EARTH_RADIUS_M * Math.abs(lat - originLat) * RAD * (1 - RELATIVE_SLACK) - ABSOLUTE_SLACK_M,
  );
}

/**
 * The least and the greatest distance from `origin` any position in the box can have. Each term
 * of the haversine grows with the latitude and longitude apart and with the cosine of the other
 * latitude, so the box's nearest and farthest of each bound it; widened against rounding.
 */
export function distanceBounds(
  origin: LatLng,
  south: number,
  north: number,
  west: number,
  east: number,
): { least: number; most: number } {
  const inLat = origin.lat >= south && origin.lat <= north;
  const latLeast = inLat ? 0 : Math.min(Math.abs(south - origin.lat), Math.abs(north - origin.lat));
  const latMost = Math.max(Math.abs(south - origin.lat), Math.abs(north - origin.lat));
  const inLng = origin.lng >= west && origin.lng <= east;
  const lngLeast = inLng ? 0 : Math.min(lngApart(west, origin.lng), lngApart(east, origin.lng));
  // Across the box's span the longitude apart can reach 180° when the box holds the antipode's meridian.
  const opposite = origin.lng > 0 ? origin.lng - 180 : origin.lng + 180;
  const lngMost =
    opposite >= west && opposite <= east
      ? 180
      : Math.max(lngApart(west, origin.lng), lngApart(east, origin.lng));
  const cosSouth = Math.cos(south * RAD);
  const cosNorth = Math.cos(north * RAD);
  const cosLeast = Math.max(0, Math.min(cosSouth, cosNorth));
  const cosMost = south <= 0 && north >= 0 ? 1 : Math.max(cosSouth, cosNorth);
  const cosOrigin = Math.cos(origin.lat * RAD);
  const least = haversine(latLeast, lngLeast, cosOrigin, cosLeast);
  const most = haversine(latMost, lngMost, cosOrigin, cosMost);
  return {
    least: Math.max(0, least * (1 - RELATIVE_SLACK) - ABSOLUTE_SLACK_M),
    most: most * (1 + RELATIVE_SLACK) + ABSOLUTE_SLACK_M,
  };
}

/** A node of a base's implicit quadtree: level, column, row, first code, and its positions [lo, hi). */
interface QuadNode {
  base: SortedBase;
  level: number;
  cx: number;
  cy: number;
  start: number;
  lo: number;
  hi: number;
}

/** Degrees a cell's edges are widened by against rounding between positions and units (about 1 cm). */
const CELL_SLACK_DEG = 1e-7;

/**
 * The bounds of a node's places, from its cell: the square of the world its level, column and row
 * name, which holds every position whose unit falls in it. Cheaper than the extremes of the places
 * themselves (four range lookups per node), and as sound: the cells of the top and bottom rows
 * reach the poles, since latitudes beyond the square world's edge are clamped into them. Positions
 * are those of the store, within ±90° and ±180°.
 */
function nodeBounds(node: QuadNode, origin: LatLng) {
  const { level, cx, cy } = node;
  const side = 2 ** level;
  const west = unitXToLng(cx / side) - CELL_SLACK_DEG;
  const east = unitXToLng((cx + 1) / side) + CELL_SLACK_DEG;
  const north = cy === 0 ? 90 : unitYToLat(cy / side) + CELL_SLACK_DEG;
  const south = cy === side - 1 ? -90 : unitYToLat((cy + 1) / side) - CELL_SLACK_DEG;
  return distanceBounds(origin, south, north, west, east);
}

/**
 * What a walk keeps: places within `within` metres and, `covering`, within their own radius; and
 * whether a node, whose places are at least `least` metres away, may hold one.
 */
function reach(store: PlaceStore, distanceOf: DistanceOf, { origin, within, covering }: NearestOptions) {
  return {
    /** The place's distance when it is kept, else undefined. */
    place(slot: number): number | undefined {
      const lat = store.lat[slot] as number;
      if (latitudeLeast(origin.lat, lat) > within) return undefined;
      const distance = distanceOf(origin, lat, store.lng[slot] as number);
      if (distance > within || (covering && !(distance <= store.radiusOf(slot)))) return undefined;
      return distance;
    },
    mayHold(node: QuadNode, least: number): boolean {
      if (least > within) return false;
      return !covering || least <= node.base.maxReach(store, node.lo, node.hi);
    },
  };
}

/** A node's four children in Morton order (empty ones left out): each a quarter of its codes. */
function children(node: QuadNode): QuadNode[] {
  const { base, level, cx, cy, start, hi } = node;
  const quarter = 4 ** (UNIT_BITS - level - 1);
  const found: QuadNode[] = [];
  let from = node.lo;
  for (let k = 0; k < 4; k++) {
    const to = k === 3 ? hi : base.lowerBound(start + (k + 1) * quarter, from, hi);
    if (from < to) {
      const [x, y] = [2 * cx + (k & 1), 2 * cy + (k >> 1)];
      found.push({ base, level: level + 1, cx: x, cy: y, start: start + k * quarter, lo: from, hi: to });
    }
    from = to;
  }
  return found;
}

/** The node of a whole base. */
const rootOf = (base: SortedBase): QuadNode => ({
  base,
  level: 0,
  cx: 0,
  cy: 0,
  start: 0,
  lo: 0,
  hi: base.length,
});

const isLeaf = (node: QuadNode) => node.level === UNIT_BITS || node.hi - node.lo <= SMALL_RANGE;

/** A heap entry: a node by the least distance its places can have, or a place by its own. */
type Entry = { key: number; node: QuadNode; id?: undefined } | { key: number; id: number; node?: undefined };

/** Nodes before places at the same key (a node may hold a place of that distance and a lower id), places by id. */
function before(a: Entry, b: Entry): boolean {
  if (a.key !== b.key) return a.key < b.key;
  if (a.id === undefined) return b.id !== undefined;
  return b.id !== undefined && a.id < b.id;
}

/** A binary min-heap of entries. */
class EntryHeap {
  private readonly items: Entry[] = [];

  get size(): number {
    return this.items.length;
  }

  push(entry: Entry): void {
    const items = this.items;
    items.push(entry);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i] as Entry, items[parent] as Entry)) break;
      [items[i], items[parent]] = [items[parent] as Entry, items[i] as Entry];
      i = parent;
    }
  }

  pop(): Entry | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < items.length && before(items[left] as Entry, items[best] as Entry)) best = left;
      if (right < items.length && before(items[right] as Entry, items[best] as Entry)) best = right;
      if (best === i) return top;
      [items[i], items[best]] = [items[best] as Entry, items[i] as Entry];
      i = best;
    }
  }
}

/** Whether a place at `distance` with `id` comes after the cursor in (distance, id) order. */
const afterCursor = (distance: number, id: number, after: NearHit | undefined) =>
  !after || distance > after.distance || (distance === after.distance && id > after.id);

/**
 * One page of the layers' places within `within` metres of the origin, nearest first (ties by id),
 * after the cursor, and whether more follow. Best-first over each base's implicit quadtree: a
 * node waits in the heap under the least distance its places can have, so places come out in
 * order and only the nodes nearer than the page's last place are opened (plus those before the
 * cursor: a later page walks past the earlier ones, as any keyset on distance does). Nodes wholly
 * before the cursor or wholly beyond `within` are never opened.
 */
export function nearestPage(
  layers: readonly Layer[],
  store: PlaceStore,
  distanceOf: DistanceOf,
  options: NearestOptions,
): { hits: NearHit[]; more: boolean } {
  const { origin, after, limit } = options;
  const keeps = reach(store, distanceOf, options);
  const heap = new EntryHeap();
  const pushPlace = (slot: number) => {
    const distance = keeps.place(slot);
    const id = store.ids[slot] as number;
    if (distance !== undefined && afterCursor(distance, id, after)) heap.push({ key: distance, id });
  };
  const pushNode = (node: QuadNode) => {
    const { least, most } = nodeBounds(node, origin);
    if (!keeps.mayHold(node, least) || (after && most < after.distance)) return;
    heap.push({ key: least, node });
  };
  for (const layer of layers) {
    if (layer.base.length > 0) {
      pushNode(rootOf(layer.base));
    }
    for (const slot of layer.delta) pushPlace(slot);
  }
  const hits: NearHit[] = [];
  while (heap.size > 0 && hits.length <= limit) {
    const entry = heap.pop() as Entry;
    if (entry.id !== undefined) {
      hits.push({ id: entry.id, distance: entry.key });
    } else if (isLeaf(entry.node)) {
      const { base, lo, hi } = entry.node;
      for (let i = lo; i < hi; i++) if (!base.dead[i]) pushPlace(base.slots[i] as number);
    } else {
      for (const child of children(entry.node)) pushNode(child);
    }
  }
  return { hits: hits.slice(0, limit), more: hits.length > limit };
}

/**
 * Whether the place in a slot lies within the distance of the origin (and, `covering`, its own
 * radius reaches the origin): the rule every walk here keeps places by.
 */
export function withinReach(
  store: PlaceStore,
  distanceOf: DistanceOf,
  options: Omit<NearestOptions, 'after' | 'limit'>,
): (slot: number) => boolean {
  const keeps = reach(store, distanceOf, { ...options, limit: 0 });
  return (slot) => keeps.place(slot) !== undefined;
}

/** What a walk of the places within reach is told: whole live ranges of a base, and single places. */
interface WithinVisitor {
  range(base: SortedBase, lo: number, hi: number): void;
  place(slot: number): void;
  /** Whether the walk may stop now (it has seen enough). */
  done?(): boolean;
}

/**
 * Visits the places `nearestPage` would give in all: nodes wholly within the distance as their
 * range (unless each place's own radius decides), nodes that can hold none skipped, and the places
 * of the rest measured one by one; so the cost grows with the circle's edge (or with the places
 * whose radius might reach the origin), not with the places inside. Level by level, each level's
 * nodes wholly within given before any node is opened further, and the leaves measured last: a
 * walk that may stop (a bounded count) stops at a wide circle's inner nodes, without going down
 * its edge.
 */
function visitWithin(
  layers: readonly Layer[],
  store: PlaceStore,
  distanceOf: DistanceOf,
  options: Omit<NearestOptions, 'after' | 'limit'>,
  visitor: WithinVisitor,
): void {
  const keeps = reach(store, distanceOf, { ...options, limit: 0 });
  const done = () => visitor.done?.() === true;
  let opening: QuadNode[] = [];
  const leaves: QuadNode[] = [];
  const sort = (node: QuadNode) => {
    const { least, most } = nodeBounds(node, options.origin);
    if (!keeps.mayHold(node, least)) return;
    if (!options.covering && most <= options.within) visitor.range(node.base, node.lo, node.hi);
    else if (isLeaf(node)) leaves.push(node);
    else opening.push(node);
  };
  for (const layer of layers) if (layer.base.length > 0) sort(rootOf(layer.base));
  while (opening.length > 0) {
    const level = opening;
    opening = [];
    for (const node of level) {
      if (done()) return;
      for (const child of children(node)) sort(child);
    }
  }
  for (const { base, lo, hi } of leaves) {
    if (done()) return;
    for (let i = lo; i < hi; i++) {
      const slot = base.slots[i] as number;
      if (!base.dead[i] && keeps.place(slot) !== undefined) visitor.place(slot);
    }
  }
  for (const layer of layers) {
    for (const slot of layer.delta) {
      if (done()) return;
      if (keeps.place(slot) !== undefined) visitor.place(slot);
    }
  }
}

/**
 * How many places `nearestPage` would give in all, counting whole nodes from their range; with
 * `upTo`, the count stops once it reaches that many (and is then at least `upTo`), so a wide
 * circle's count costs no more than its first `upTo` places.
 */
export function countWithin(
  layers: readonly Layer[],
  store: PlaceStore,
  distanceOf: DistanceOf,
  options: Omit<NearestOptions, 'after' | 'limit'>,
  upTo = Number.POSITIVE_INFINITY,
): number {
  let total = 0;
  visitWithin(layers, store, distanceOf, options, {
    range: (base, lo, hi) => {
      total += base.liveIn(lo, hi);
    },
    place: () => {
      total += 1;
    },
    done: () => total >= upTo,
  });
  return total;
}

/** The slots of every place `nearestPage` would give, in no set order. */
export function slotsWithin(
  layers: readonly Layer[],
  store: PlaceStore,
  distanceOf: DistanceOf,
  options: Omit<NearestOptions, 'after' | 'limit'>,
): Int32Array {
  const found: number[] = [];
  visitWithin(layers, store, distanceOf, options, {
    range: (base, lo, hi) => {
      for (let i = lo; i < hi; i++) if (!base.dead[i]) found.push(base.slots[i] as number);
    },
    place: (slot) => found.push(slot),
  });
  return Int32Array.from(found);
}
