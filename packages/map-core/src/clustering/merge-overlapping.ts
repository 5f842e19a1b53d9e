import { CLUSTER_GRID_SIZE_PX } from '../cluster-style.ts';
import { latToUnitY, lngToUnitX, unproject, worldSize, wrapLng } from '../mercator.ts';
import type { Bounds } from '../types.ts';
import type { IndexHit } from './point-index.ts';

/**
 * Joins what several category indexes found in one viewport, so overlapping clusters of different
 * categories never show side by side: greedy, biggest first, at the same 60-px radius as the
 * indexes (weighted centroid, summed counts, union of boxes). A merged centre can move within the
 * radius of an item it did not absorb, so merged items seed further passes until nothing moves.
 * `hits` must come in a fixed order (sources sorted by slug), which breaks ties between equal counts.
 */
export function mergeOverlapping(hits: readonly IndexHit[], bbox: Bounds, zoom: number): IndexHit[] {
  if (hits.length < 2) return [...hits];
  const scale = worldSize(zoom);
  let nodes = hits.map((hit, order) => toNode(hit, order, bbox, scale));
  let seeds = [...nodes].sort(heaviestFirst);
  for (let pass = 1; seeds.length > 0; pass++) {
    const merged = mergePass(nodes, seeds, pass);
    if (merged.length === 0) break;
    nodes = nodes.filter((node) => !node.absorbed).concat(merged);
    // Items left alone in a pass were farther than the radius from everything still free, so only
    // merged items can now be too close to something.
    seeds = merged.sort(heaviestFirst);
  }
  return nodes.map((node) => toHit(node, zoom));
}

/** An item in world pixels at the query's zoom; `west`/`east` are unwrapped like `x`. */
interface Node {
  x: number;
  y: number;
  count: number;
  west: number;
  south: number;
  east: number;
  north: number;
  /** The item as found, while it has not been merged. */
  hit: IndexHit | null;
  /** Identifies the item; a merged node keeps its seed's key and order, so ids stay stable. */
  key: string;
  order: number;
  /** The last pass that used this node (as a seed or absorbed). */
  takenIn: number;
  absorbed: boolean;
}

const RADIUS = CLUSTER_GRID_SIZE_PX;

function toNode(hit: IndexHit, order: number, bbox: Bounds, scale: number): Node {
  const position = hit.kind === 'cluster' ? hit : hit.place;
  // In a box across the antimeridian the western part lies to the right of the eastern one.
  const shift = bbox.west > bbox.east && position.lng <= bbox.east ? 360 : 0;
  const lng = position.lng + shift;
  const box =
    hit.kind === 'cluster'
      ? { ...hit.bounds, west: hit.bounds.west + shift, east: hit.bounds.east + shift }
      : { west: lng, south: position.lat, east: lng, north: position.lat };
  return {
    x: lngToUnitX(lng) * scale,
    y: latToUnitY(position.lat) * scale,
    count: hit.kind === 'cluster' ? hit.count : 1,
    ...box,
    hit,
    key: hit.kind === 'cluster' ? hit.id : `place:${hit.place.id}`,
    order,
    takenIn: 0,
    absorbed: false,
  };
}

function heaviestFirst(a: Node, b: Node): number {
  return b.count - a.count || a.order - b.order;
}

/** One greedy pass; returns the merged nodes and marks the ones they absorbed. */
function mergePass(nodes: readonly Node[], seeds: readonly Node[], pass: number): Node[] {
  const grid = new Map<number, Node[]>();
  for (const node of nodes) {
    const key = cellKey(Math.floor(node.x / RADIUS), Math.floor(node.y / RADIUS));
    const cell = grid.get(key);
    if (cell) cell.push(node);
    else grid.set(key, [node]);
  }

  const merged: Node[] = [];
  const members: Node[] = [];
  for (const seed of seeds) {
    if (seed.takenIn === pass) continue;
    seed.takenIn = pass;
    members.length = 0;
    const cx = Math.floor(seed.x / RADIUS);
    const cy = Math.floor(seed.y / RADIUS);
    for (let gx = cx - 1; gx <= cx + 1; gx++) {
      for (let gy = cy - 1; gy <= cy + 1; gy++) {
        const cell = grid.get(cellKey(gx, gy));
        if (!cell) continue;
        for (const other of cell) {
          if (other.takenIn === pass) continue;
          const dx = other.x - seed.x;
          const dy = other.y - seed.y;
          // `<=` like supercluster, so a pair at exactly the radius behaves the same in both.
          if (dx * dx + dy * dy <= RADIUS * RADIUS) members.push(other);
        }
      }
    }
    if (members.length === 0) continue;
    members.push(seed);
    for (const member of members) {
      member.takenIn = pass;
      member.absorbed = true;
    }
    merged.push(combine(members, seed));
  }
  return merged;
}

/**
 * Packs a cell's column and row into one number. Past zoom ~20 distinct cells may share a key;
 * that only adds candidates, since every candidate is checked by its exact distance.
 */
function cellKey(cx: number, cy: number): number {
  return cx * 67108864 + cy;
}

function combine(members: readonly Node[], seed: Node): Node {
  let count = 0;
  let wx = 0;
  let wy = 0;
  let { west, south, east, north } = seed;
  for (const member of members) {
    count += member.count;
    wx += member.x * member.count;
    wy += member.y * member.count;
    if (member.west < west) west = member.west;
    if (member.south < south) south = member.south;
    if (member.east > east) east = member.east;
    if (member.north > north) north = member.north;
  }
  return {
    x: wx / count,
    y: wy / count,
    count,
    west,
    south,
    east,
    north,
    hit: null,
    key: seed.key,
    order: seed.order,
    takenIn: 0,
    absorbed: false,
  };
}

function toHit(node: Node, zoom: number): IndexHit {
  if (node.hit) return node.hit;
  const { lat, lng } = unproject({ x: node.x, y: node.y }, zoom);
  return { kind: 'cluster', id: `m:${zoom}:${node.key}`, lat, lng, count: node.count, bounds: wrapBox(node) };
}

/** An unwrapped box back to −180…180; one that now spans ±180° gets `west > east`. */
function wrapBox({ west, south, east, north }: Node): Bounds {
  if (east - west >= 360) return { west: -180, south, east: 180, north };
  return { west: wrapLng(west), south, east: wrapLng(east), north };
}
