import { clusterTier } from '../cluster-style.ts';
import { answerZoom } from './limits.ts';
import { mergeOverlapping } from './merge-overlapping.ts';
import { type IndexHit, type PlaceFeature, PointIndex } from './point-index.ts';
import { resolveName } from './resolve-name.ts';
import type { ClusterIndexOptions, ClusterQuery, ClusterResult, IndexedPlace } from './types.ts';

/** The map's highest zoom: co-located places must still form a cluster there. */
const DEFAULT_MAX_ZOOM = 18;

/**
 * Every published place clustered for every zoom, once for all categories and once per category,
 * so a viewport with any category filter is answered from ready indexes in well under 1 ms.
 * Follows changes: `upsert` inserts or moves a place by id, `remove` takes one out; a query after
 * any changes answers exactly as `build` over the same final places would. (For now a change marks
 * the index stale and the next query rebuilds it; an incremental engine replaces this.) It keeps
 * references to the given places, which must not be changed afterwards.
 */
export class ClusterIndex {
  /** The current places by id; the engines below were built from them unless `stale`. */
  private readonly places: Map<number, IndexedPlace>;
  private stale = false;

  private constructor(
    /** Null when built with scope `categories`. */
    private all: PointIndex | null,
    /** Null when built with scope `all`. */
    private byCategory: ReadonlyMap<string, PointIndex> | null,
    private readonly options: Required<ClusterIndexOptions>,
    places: Map<number, IndexedPlace>,
  ) {
    this.places = places;
  }

  /** Number of places in the index. */
  get size(): number {
    return this.places.size;
  }

  /** Inserts a place, or replaces (moves, renames, recategorises) the one with its id. */
  upsert(place: IndexedPlace): void {
    checkPlace(place);
    this.places.set(place.id, place);
    this.stale = true;
  }

  /** Takes the place with this id out; an unknown id changes nothing. */
  remove(id: number): void {
    if (this.places.delete(id)) this.stale = true;
  }

  /** Clusters `places` for zooms 0…`maxZoom` (default 18), for all of them and per category. */
  static build(places: readonly IndexedPlace[], options: ClusterIndexOptions = {}): ClusterIndex {
    const maxZoom = options.maxZoom ?? DEFAULT_MAX_ZOOM;
    if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > 30) {
      throw new RangeError(`maxZoom must be an integer from 0 to 30, got ${maxZoom}`);
    }
    const resolved = { maxZoom, scope: options.scope ?? 'both' } as const;
    const byId = new Map<number, IndexedPlace>();
    for (const place of places) {
      checkPlace(place);
      byId.set(place.id, place);
    }
    const { all, byCategory } = buildEngines([...byId.values()], resolved);
    return new ClusterIndex(all, byCategory, resolved, byId);
  }

  /** The clusters and single places of one viewport, with names in `lang`. */
  query(q: ClusterQuery): ClusterResult {
    if (!Number.isFinite(q.zoom)) throw new RangeError(`zoom must be finite, got ${q.zoom}`);
    if (this.stale) {
      ({ all: this.all, byCategory: this.byCategory } = buildEngines(
        [...this.places.values()],
        this.options,
      ));
      this.stale = false;
    }
    // Above maxZoom nothing splits further: co-located places stay one cluster to open as a list.
    // Past the size caps a coarser zoom answers, so no answer holds more than MAX_MAP_FEATURES.
    const zoom = answerZoom(q.bbox, q.zoom, this.options.maxZoom);
    const sources = this.sourcesFor(q.categories);
    let hits: IndexHit[];
    if (sources.length === 0) hits = [];
    else if (sources.length === 1) hits = (sources[0] as PointIndex).query(q.bbox, zoom);
    else
      hits = mergeOverlapping(
        sources.flatMap((source) => source.query(q.bbox, zoom)),
        q.bbox,
        zoom,
      );
    return toResult(hits, q.lang);
  }

  /** The indexes a filter reads: the all-places one, one category's, or several to merge. */
  private sourcesFor(categories: readonly string[] | undefined): PointIndex[] {
    if (categories === undefined || categories.length === 0) {
      if (!this.all) throw new Error('This index was built for category filters only (scope: categories)');
      return [this.all];
    }
    if (!this.byCategory) throw new Error('This index was built without category filters (scope: all)');
    // Sorted and deduplicated, so a filter's order or repeats never change the merged answer.
    const slugs = [...new Set(categories)].sort();
    const byCategory = this.byCategory;
    const sources = slugs.flatMap((slug) => byCategory.get(slug) ?? []);
    // Every category asked for is the same as no filter, and the all-places index is exact.
    if (this.all && sources.length === byCategory.size && sources.length > 1) return [this.all];
    return sources;
  }
}

/** The all-places engine and one engine per category over `places`, as `options.scope` asks. */
function buildEngines(
  places: readonly IndexedPlace[],
  { maxZoom, scope }: Required<ClusterIndexOptions>,
): { all: PointIndex | null; byCategory: Map<string, PointIndex> | null } {
  // One feature per place, shared by the all-places index and its category's index.
  const features: PlaceFeature[] = new Array(places.length);
  const featuresByCategory = new Map<string, PlaceFeature[]>();
  for (let i = 0; i < places.length; i++) {
    const place = places[i] as IndexedPlace;
    const feature: PlaceFeature = {
      type: 'Feature',
      properties: place,
      geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    };
    features[i] = feature;
    const inCategory = featuresByCategory.get(place.category);
    if (inCategory) inCategory.push(feature);
    else featuresByCategory.set(place.category, [feature]);
  }
  const all = scope === 'categories' ? null : PointIndex.build(features, 'all:', maxZoom);
  let byCategory: Map<string, PointIndex> | null = null;
  if (scope !== 'all') {
    byCategory = new Map();
    for (const [slug, inCategory] of featuresByCategory) {
      byCategory.set(slug, PointIndex.build(inCategory, `cat:${slug}:`, maxZoom));
    }
  }
  return { all, byCategory };
}

function checkPlace(place: IndexedPlace): void {
  if (!Number.isFinite(place.lat) || !Number.isFinite(place.lng)) {
    throw new RangeError(`Place ${place.id} has no finite position`);
  }
}

function toResult(hits: readonly IndexHit[], lang: string | undefined): ClusterResult {
  const result: ClusterResult = { clusters: [], places: [] };
  for (const hit of hits) {
    if (hit.kind === 'cluster') {
      result.clusters.push({
        id: hit.id,
        lat: hit.lat,
        lng: hit.lng,
        count: hit.count,
        tier: clusterTier(hit.count),
        bounds: hit.bounds,
      });
    } else {
      const { place } = hit;
      result.places.push({
        id: place.id,
        lat: place.lat,
        lng: place.lng,
        category: place.category,
        name: resolveName(place.name, place.primaryLanguage, lang),
        radius: place.radius,
        locationPrivacy: place.locationPrivacy,
      });
    }
  }
  return result;
}
