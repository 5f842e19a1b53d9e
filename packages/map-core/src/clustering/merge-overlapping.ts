import { CLUSTER_GRID_SIZE_PX } from '../cluster-style.ts';
import { project, unproject, wrapLng } from '../mercator.ts';
import type { Bounds } from '../types.ts';
import type { IndexHit } from './point-index.ts';

/**
 * Joins what several category indexes found in one viewport, so overlapping clusters of different
 * categories never show side by side: a greedy pass at the same 60-px radius as the indexes
 * (biggest first, weighted centroid, summed counts, union of boxes), repeated until no two items
 * are within the radius, since a merged centre can move close to a neighbour it did not absorb.
 */
export function mergeOverlapping(hits: readonly IndexHit[], bbox: Bounds, zoom: number): IndexHit[] {
  if (hits.length < 2) return [...hits];
  let nodes = hits.map((hit) => toNode(hit, bbox, zoom));
  for (;;) {
    const next = mergePass(nodes);
    if (next.length === nodes.length) break;
    nodes = next;
  }
  return nodes.map((node) => toHit(node, zoom));
}

/** An item in world pixels at the query's zoom; `west`/`east` are unwrapped like `x`. */
interface Node {
  x: number;
  y: number;
  count: number;
  box: Bounds;
  /** The item as found, while it has not been merged. */
  hit: IndexHit | null;
  /** Identifies the item; a merged node keeps its seed's key, so ids stay stable. */
  key: string;
}

const RADIUS = CLUSTER_GRID_SIZE_PX;
// Grid keys pack two cell numbers into one safe integer (cells stay below 2^22 up to zoom 22).
const ROW = 2 ** 24;

function toNode(hit: IndexHit, bbox: Bounds, zoom: number): Node {
  const position = hit.kind === 'cluster' ? hit : hit.place;
  // In a box across the antimeridian the western part lies to the right of the eastern one.
  const shift = bbox.west > bbox.east && position.lng <= bbox.east ? 360 : 0;
  const { x, y } = project({ lat: position.lat, lng: position.lng + shift }, zoom);
  const box =
    hit.kind === 'cluster'
      ? { ...hit.bounds, west: hit.bounds.west + shift, east: hit.bounds.east + shift }
      : { west: position.lng + shift, south: position.lat, east: position.lng + shift, north: position.lat };
  const key = hit.kind === 'cluster' ? hit.id : `place:${hit.place.id}`;
  return { x, y, count: hit.kind === 'cluster' ? hit.count : 1, box, hit, key };
}

function mergePass(input: readonly Node[]): Node[] {
  const nodes = [...input].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const grid = new Map<number, number[]>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as Node;
    const key = cellKey(Math.floor(node.x / RADIUS), Math.floor(node.y / RADIUS));
    const cell = grid.get(key);
    if (cell) cell.push(i);
    else grid.set(key, [i]);
  }

  const taken = new Uint8Array(nodes.length);
  const out: Node[] = [];
  const neighbours: number[] = [];
  for (let i = 0; i < nodes.length; i++) {
    if (taken[i]) continue;
    taken[i] = 1;
    const seed = nodes[i] as Node;
    neighbours.length = 0;
    const cx = Math.floor(seed.x / RADIUS);
    const cy = Math.floor(seed.y / RADIUS);
    for (let gx = cx - 1; gx <= cx + 1; gx++) {
      for (let gy = cy - 1; gy <= cy + 1; gy++) {
        for (const j of grid.get(cellKey(gx, gy)) ?? []) {
          if (taken[j]) continue;
          const other = nodes[j] as Node;
          const dx = other.x - seed.x;
          const dy = other.y - seed.y;
          // `<=` like supercluster, so a pair at exactly the radius behaves the same in both.
          if (dx * dx + dy * dy <= RADIUS * RADIUS) neighbours.push(j);
        }
      }
    }
    if (neighbours.length === 0) {
      out.push(seed);
      continue;
    }
    const members = [seed];
    for (const j of neighbours) {
      taken[j] = 1;
      members.push(nodes[j] as Node);
    }
    out.push(combine(members, seed.key));
  }
  return out;
}

function cellKey(cx: number, cy: number): number {
  return cx * ROW + cy;
}

function combine(members: readonly Node[], key: string): Node {
  let count = 0;
  let wx = 0;
  let wy = 0;
  const box = { ...(members[0] as Node).box };
  for (const member of members) {
    count += member.count;
    wx += member.x * member.count;
    wy += member.y * member.count;
    box.west = Math.min(box.west, member.box.west);
    box.south = Math.min(box.south, member.box.south);
    box.east = Math.max(box.east, member.box.east);
    box.north = Math.max(box.north, member.box.north);
  }
  return { x: wx / count, y: wy / count, count, box, hit: null, key };
}

function toHit(node: Node, zoom: number): IndexHit {
  if (node.hit) return node.hit;
  const { lat, lng } = unproject({ x: node.x, y: node.y }, zoom);
  return {
    kind: 'cluster',
    id: `m:${zoom}:${node.key}`,
    lat,
    lng,
    count: node.count,
    bounds: wrapBox(node.box),
  };
}

/** An unwrapped box back to −180…180; one that now spans ±180° gets `west > east`. */
function wrapBox(box: Bounds): Bounds {
  if (box.east - box.west >= 360) return { ...box, west: -180, east: 180 };
  return { ...box, west: wrapLng(box.west), east: wrapLng(box.east) };
}
