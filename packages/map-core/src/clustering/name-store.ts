import { grown } from './grow-array.ts';

type Names = Readonly<Record<string, string>>;

const NO_NAMES: Names = Object.freeze({});
const MIN_BYTES = 1 << 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Every place's names by slot, kept as UTF-8 JSON in one growing byte array: at a million places
 * they took 31 MB there against 83 MB as an object and strings each, and one byte array is what
 * threads could later share. A name is decoded when asked (an answer's places, a search's ranks).
 * The bytes of names replaced or removed stay until the array is full, or the index compacts, when
 * the live ones are written into a new one.
 */
export class NameStore {
  private bytes = new Uint8Array(MIN_BYTES);
  /** Bytes written so far, live or not. */
  private end = 0;
  /** Of those, the bytes of names replaced or removed. */
  private unused = 0;
  private start = new Int32Array(0);
  private length = new Int32Array(0);

  /** The size of the byte array the names are kept in. */
  get byteLength(): number {
    return this.bytes.length;
  }

  /** The names in `slot`, by language (none: an empty object). */
  get(slot: number): Names {
    const length = slot < this.length.length ? (this.length[slot] as number) : 0;
    if (length === 0) return NO_NAMES;
    const from = this.start[slot] as number;
    return JSON.parse(decoder.decode(this.bytes.subarray(from, from + length))) as Names;
  }

  /** `slot` now holds these names. */
  set(slot: number, names: Names): void {
    this.delete(slot);
    this.start = grown(this.start, slot + 1);
    this.length = grown(this.length, slot + 1);
    const text = JSON.stringify(names);
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    this.makeRoom(text.length * 3);
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.end));
    this.start[slot] = this.end;
    this.length[slot] = written;
    this.end += written;
  }

  /** `slot` holds no names. */
  delete(slot: number): void {
    if (slot >= this.length.length) return;
    this.unused += this.length[slot] as number;
    this.length[slot] = 0;
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

  /** Writes the live names, in slot order, into a new array of `size` bytes. */
  private rewrite(size: number): void {
    const next = new Uint8Array(size);
    let at = 0;
    for (let slot = 0; slot < this.length.length; slot += 1) {
      const length = this.length[slot] as number;
      if (length === 0) continue;
      const from = this.start[slot] as number;
      next.set(this.bytes.subarray(from, from + length), at);
      this.start[slot] = at;
      at += length;
    }
    this.bytes = next;
    this.end = at;
    this.unused = 0;
  }
}
