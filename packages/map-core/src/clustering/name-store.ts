import { grown, newArray } from './grow-array.ts';

type Names = Readonly<Record<string, string>>;

const NO_NAMES: Names = Object.freeze({});
const MIN_BYTES = 1 << 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A name store's arrays (NameStore.image): each slot's names at bytes[start, start + length). */
export interface NameStoreImage {
  bytes: Uint8Array;
  start: Int32Array;
  length: Int32Array;
}

/**
 * Every place's names by slot, kept as UTF-8 JSON in one growing byte array: at a million places
 * they took 31 MB there against 83 MB as an object and strings each. A name is decoded when asked
 * (an answer's places, a search's ranks). The bytes of names replaced or removed stay until the
 * array is full, or the index compacts, when the live ones are written into new arrays.
 *
 * Once `share`d, other threads read the names through an `image`: the store only
 * ever writes bytes and offsets no image has shown yet (past the end, or of a slot never set or
 * freed since), and rewriting makes new arrays, so an image stays true for the slots it held.
 */
export class NameStore {
  private bytes: Uint8Array = new Uint8Array(MIN_BYTES);
  /** Bytes written so far, live or not. */
  private end = 0;
  /** Of those, the bytes of names replaced or removed. */
  private unused = 0;
  private start: Int32Array = new Int32Array(0);
  private length: Int32Array = new Int32Array(0);
  /** 1 for a slot that holds names; null in a store adopted from an image, which reads what it is asked. */
  private holds: Uint8Array | null = new Uint8Array(0);
  /** Whether rewrites make shared arrays (`share`). */
  private shared = false;

  /** Keeps the names in shared memory from the next rewrite (`compact`) on. */
  share(): void {
    this.shared = true;
  }

  /** A store that reads the names of an image (another thread's store), for the slots it held. */
  static adopt(image: NameStoreImage): NameStore {
    const store = new NameStore();
    store.show(image);
    store.holds = null;
    return store;
  }

  /** Reads from now on the names of a later image of the same store. */
  show({ bytes, start, length }: NameStoreImage): void {
    this.bytes = bytes;
    this.start = start;
    this.length = length;
  }

  /** The arrays the names are in now, for another thread's `adopt` or `show`. */
  image(): NameStoreImage {
    return { bytes: this.bytes, start: this.start, length: this.length };
  }

  /** The size of the byte array the names are kept in. */
  get byteLength(): number {
    return this.bytes.length;
  }

  /** The names in `slot`, by language (none: an empty object). */
  get(slot: number): Names {
    if (this.holds && this.holds[slot] !== 1) return NO_NAMES;
    const length = slot < this.length.length ? (this.length[slot] as number) : 0;
    if (length === 0) return NO_NAMES;
    const from = this.start[slot] as number;
    return JSON.parse(decoder.decode(this.bytes.subarray(from, from + length))) as Names;
  }

  /** `slot` now holds these names. */
  set(slot: number, names: Names): void {
    const holds = this.ownHolds();
    this.delete(slot);
    const text = JSON.stringify(names);
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    this.makeRoom(text.length * 3);
    this.start = grown(this.start, slot + 1);
    this.length = grown(this.length, slot + 1);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.end));
    this.start[slot] = this.end;
    this.length[slot] = written;
    this.end += written;
    this.holds = grown(holds, slot + 1);
    this.holds[slot] = 1;
  }

  /** `slot` holds no names. */
  delete(slot: number): void {
    const holds = this.ownHolds();
    if (holds[slot] !== 1) return;
    this.unused += this.length[slot] as number;
    holds[slot] = 0;
  }

  /**
   * Writes the live names into an array of their size and an eighth more: after a build, or a
   * compaction, the room left by growing (up to as much again) is given back.
   */
  compact(): void {
    this.rewrite(Math.max(MIN_BYTES, Math.ceil((this.end - this.unused) * 1.125)));
  }

  /** Room for `size` more bytes at the end: the live names written into an array twice their size. */
  private makeRoom(size: number): void {
    if (this.end + size <= this.bytes.length) return;
    this.rewrite(Math.max(this.bytes.length, 2 * (this.end - this.unused + size)));
  }

  /** Writes the live names, in slot order, into new arrays (`size` bytes). */
  private rewrite(size: number): void {
    const holds = this.ownHolds();
    const next = newArray(Uint8Array, size, this.shared);
    const start = newArray(Int32Array, this.start.length, this.shared);
    const length = newArray(Int32Array, this.length.length, this.shared);
    let at = 0;
    for (let slot = 0; slot < this.length.length; slot += 1) {
      if (holds[slot] !== 1) continue;
      const bytes = this.length[slot] as number;
      const from = this.start[slot] as number;
      next.set(this.bytes.subarray(from, from + bytes), at);
      start[slot] = at;
      length[slot] = bytes;
      at += bytes;
    }
    this.bytes = next;
    this.start = start;
    this.length = length;
    this.end = at;
    this.unused = 0;
  }

  private ownHolds(): Uint8Array {
    if (!this.holds) throw new Error('A store adopted from an image only reads');
    return this.holds;
  }
}
