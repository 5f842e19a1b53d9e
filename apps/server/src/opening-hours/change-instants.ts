const HOUR_MS = 60 * 60 * 1000;

/**
 * The instants (ms) in (`from`, `to`) at which `valueAt` changes, each the first millisecond of
 * the new value, for a value that changes rarely (a time zone's offsets): it is looked at hourly,
 * and each change found is narrowed down to the millisecond. A value that changes and changes
 * back within the hour would be missed; no time zone's offset does.
 */
export function changeInstants(valueAt: (at: number) => string, from: number, to: number): number[] {
  const changes: number[] = [];
  let before = from;
  let value = valueAt(from);
  while (before < to) {
    const after = Math.min(before + HOUR_MS, to);
    if (valueAt(after) === value) {
      before = after;
      continue;
    }
    let low = before;
    let high = after;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (valueAt(middle) === value) low = middle;
      else high = middle;
    }
    if (high < to) changes.push(high);
    // Looked at again from the change: another may follow within the hour.
    before = high;
    value = valueAt(high);
  }
  return changes;
}
