type TypedArray = Float64Array | Int32Array | Uint8Array | Uint16Array;

/**
 * A zeroed array of `length` items, in a SharedArrayBuffer when `shared` (for other threads to
 * read, see WordIndex.follow), else in this thread's own memory.
 */
export function newArray<T extends TypedArray>(
  Type: { new (length: number): T; new (buffer: SharedArrayBuffer): T; readonly BYTES_PER_ELEMENT: number },
  length: number,
  shared: boolean,
): T {
  return shared ? new Type(new SharedArrayBuffer(length * Type.BYTES_PER_ELEMENT)) : new Type(length);
}

/** A copy of `array` in shared memory when `shared` (the array itself when it is already). */
export function placed<T extends TypedArray>(array: T, shared: boolean): T {
  if (!shared || isShared(array)) return array;
  const copy = newArray(array.constructor as Parameters<typeof newArray<T>>[0], array.length, true);
  copy.set(array);
  return copy;
}

/**
 * Whether the array is in shared memory. A browser page that is not cross-origin isolated has no
 * SharedArrayBuffer at all (the offline search runs this index there), so it is looked up first.
 */
export function isShared(array: TypedArray): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && array.buffer instanceof SharedArrayBuffer;
}
