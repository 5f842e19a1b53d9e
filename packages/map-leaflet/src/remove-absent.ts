import type L from 'leaflet';

/**
 * Takes off the map, and forgets, every shown layer whose id is not among `items`: the first half
 * of showing exactly a new set of clusters, markers or circles while keeping the ones that stay.
 */
export function removeAbsent<Id, Entry>(
  shown: Map<Id, Entry>,
  items: readonly { id: Id }[],
  layerOf: (entry: Entry) => L.Layer,
): void {
  const wanted = new Set(items.map((item) => item.id));
  for (const [id, entry] of shown) {
    if (!wanted.has(id)) {
      layerOf(entry).remove();
      shown.delete(id);
    }
  }
}
