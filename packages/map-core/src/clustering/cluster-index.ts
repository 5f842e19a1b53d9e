import { clusterTier } from '../cluster-style.ts';
import { mergeOverlapping } from './merge-overlapping.ts';
import { type IndexHit, type PlaceFeature, PointIndex } from './point-index.ts';
import { resolveName } from './resolve-name.ts';
import type { ClusterIndexOptions, ClusterQuery, ClusterResult, IndexedPlace } from './types.ts';

/** The map's highest zoom: co-located places must still form a cluster there. */
const DEFAULT_MAX_ZOOM = 18;

/**
 * Every published place clustered for every zoom, once for all categories and once per category,
 * so a viewport with any category filter is answered from ready indexes in well under 1 ms.
 * Immutable once built: rebuild it (off the request path) when places change. It keeps references
 * to the given places, which must not be changed afterwards.
 */
export class ClusterIndex {
  /** Number of places in the index. */
  readonly size: number;

  private constructor(
    /** Null when built with scope `categories`. */
    private readonly all: PointIndex | null,
    /** Null when built with scope `all`. */
    private readonly byCategory: ReadonlyMap<string, PointIndex> | null,
    private readonly maxZoom: number,
    size: number,
  ) {
    this.size = size;
  }

  /** Clusters `places` for zooms 0…`maxZoom` (default 18), for all of them and per category. */
  static build(places: readonly IndexedPlace[], options: ClusterIndexOptions = {}): ClusterIndex {
    const maxZoom = options.maxZoom ?? DEFAULT_MAX_ZOOM;
    if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > 30) {
      throw new RangeError(`maxZoom must be an integer from 0 to 30, got ${maxZoom}`);
    }
    // One feature per place, shared by the all-places index and its category's index.
    const features: PlaceFeature[] = new Array(places.length);
    const featuresByCategory = new Map<string, PlaceFeature[]>();
    for (let i = 0; i < places.length; i++) {
      const place = places[i] as IndexedPlace;
      if (!Number.isFinite(place.lat) || !Number.isFinite(place.lng)) {
        throw new RangeError(`Place ${place.id} has no finite position`);
      }
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
    const scope = options.scope ?? 'both';
    const all = scope === 'categories' ? null : PointIndex.build(features, 'all:', maxZoom);
    let byCategory: Map<string, PointIndex> | null = null;
    if (scope !== 'all') {
      byCategory = new Map();
      for (const [slug, inCategory] of featuresByCategory) {
        byCategory.set(slug, PointIndex.build(inCategory, `cat:${slug}:`, maxZoom));
      }
    }
    return new ClusterIndex(all, byCategory, maxZoom, places.length);
  }

  /** The clusters and single places of one viewport, with names in `lang`. */
  query(q: ClusterQuery): ClusterResult {
    if (!Number.isFinite(q.zoom)) throw new RangeError(`zoom must be finite, got ${q.zoom}`);
    // Above maxZoom nothing splits further: co-located places stay one cluster to open as a list.
    const zoom = Math.max(0, Math.min(this.maxZoom, Math.floor(q.zoom)));
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
