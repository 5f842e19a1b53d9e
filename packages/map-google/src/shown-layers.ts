/**
 * Layers keep what they show in a `Map` by id, so showing a new set diffs against the old one
 * instead of redrawing (and keyboard focus stays on buttons that remain).
 */

/** Takes off the map, and forgets, every shown item whose id is not among `items`. */
export function removeAbsent<Id>(
  shown: Map<Id, unknown>,
  items: readonly { id: Id }[],
  drawn: { remove(id: Id): void },
): void {
  const wanted = new Set(items.map((item) => item.id));
  for (const id of shown.keys()) {
    if (!wanted.has(id)) {
      drawn.remove(id);
      shown.delete(id);
    }
  }
}
