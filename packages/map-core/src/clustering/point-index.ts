import Supercluster, { type AnyProps, type ClusterProperties } from 'supercluster';
import { CLUSTER_GRID_SIZE_PX, MIN_CLUSTER_SIZE } from '../cluster-style.ts';
import { TILE_SIZE } from '../mercator.ts';
import type { Bounds } from '../types.ts';
import type { IndexedPlace } from './types.ts';

/** What one index finds in a viewport, before it is shaped into a response. */
export type IndexHit =
  | { kind: 'cluster'; id: string; lat: number; lng: number; count: number; bounds: Bounds }
  | { kind: 'place'; place: IndexedPlace };

/** The GeoJSON shape supercluster loads; built once and shared by every index a place is in. */
export interface PlaceFeature {
  type: 'Feature';
  properties: IndexedPlace;
  geometry: { type: 'Point'; coordinates: [number, number] };
}

// supercluster measures its radius on tiles of `extent` units; its zoom scale equals ours (256-px
// tiles), so the radius is our grid size scaled from 256 to the extent: 60 px → 120 on 512.
const EXTENT = 512;
const RADIUS = (CLUSTER_GRID_SIZE_PX * EXTENT) / TILE_SIZE;

/** A cluster's own properties: the box around its places (a type alias, as supercluster needs). */
type BoxProps = { west: number; south: number; east: number; north: number };

/** Points carry their place as properties; clusters carry the box around their places. */
type Engine = Supercluster<AnyProps, BoxProps>;

/** One supercluster hierarchy over a set of places, answering with ids under its own prefix. */
export class PointIndex {
  private constructor(
    private readonly engine: Engine,
    private readonly idPrefix: string,
  ) {}

  /** Clusters `features` for every zoom from 0 to `maxZoom`. */
  static build(features: readonly PlaceFeature[], idPrefix: string, maxZoom: number): PointIndex {
    const engine: Engine = new Supercluster<AnyProps, BoxProps>({
      minZoom: 0,
      maxZoom,
      minPoints: MIN_CLUSTER_SIZE,
      radius: RADIUS,
      extent: EXTENT,
      // A place's box is its own point; only called when the place joins a cluster.
      map: (props) => placeBox(props as IndexedPlace),
      reduce: extendBox,
    });
    // supercluster only reads the features while loading; typing them as its own input is safe.
    engine.load(features as PlaceFeature[]);
    return new PointIndex(engine, idPrefix);
  }

  /** Everything whose centre lies in `bbox` at an integer `zoom` (`west > east` crosses ±180°). */
  query(bbox: Bounds, zoom: number): IndexHit[] {
    const features = this.engine.getClusters([bbox.west, bbox.south, bbox.east, bbox.north], zoom);
    const hits: IndexHit[] = new Array(features.length);
    for (let i = 0; i < features.length; i++) {
      const feature = features[i] as (typeof features)[number];
      const props = feature.properties as Partial<ClusterProperties> & BoxProps;
      if (props.cluster) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        hits[i] = {
          kind: 'cluster',
          id: `${this.idPrefix}${props.cluster_id}`,
          lat,
          lng,
          count: props.point_count as number,
          bounds: { west: props.west, south: props.south, east: props.east, north: props.north },
        };
      } else {
        hits[i] = { kind: 'place', place: feature.properties as IndexedPlace };
      }
    }
    return hits;
  }
}

function placeBox(place: IndexedPlace): BoxProps {
  return { west: place.lng, south: place.lat, east: place.lng, north: place.lat };
}

function extendBox(box: BoxProps, other: Readonly<BoxProps>): void {
  if (other.west < box.west) box.west = other.west;
  if (other.south < box.south) box.south = other.south;
  if (other.east > box.east) box.east = other.east;
  if (other.north > box.north) box.north = other.north;
}
