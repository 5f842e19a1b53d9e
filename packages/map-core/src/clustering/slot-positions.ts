import { newArray } from './grow-array.ts';

/**
 * Where each member of a layer set sits in the set's two bases (every place's, its category's),
 * so that a change can tombstone it there; −1 for a slot in no base (a delta place, a stranger).
 * The positions are written while the set is built and never after (they may be shared with
 * other threads, see `image`); a slot forgotten since is kept aside, in this thread only.
 */
export interface SlotPositions {
  all(slot: number): number;
  category(slot: number): number;
  setAll(slot: number, position: number): void;
  setCategory(slot: number, position: number): void;
  /** The slot is in no base any more (it comes back in a delta): both positions −1. */
  forget(slot: number): void;
  /** The written positions, for another thread's `adoptPositions`. */
  image(): SlotPositionsImage;
}

/** The arrays of a set's positions: by slot (`members` null), or by member, the members ascending. */
export interface SlotPositionsImage {
  members: Int32Array | null;
  all: Int32Array;
  category: Int32Array;
}

/** A set with at least 1/DENSE_SHARE of the store's slots keeps a column per slot. */
const DENSE_SHARE = 4;

/**
 * Positions for a set whose bases hold `members`: a column per store slot when the set holds a
 * good share of the store (8 bytes a slot, so at most 32 a member); else the members sorted with
 * their positions beside (12 bytes a member, a binary search a change), so that a narrow set, such
 * as one value filter's, costs memory by its own size and not the store's. In shared memory when
 * `shared`.
 */
export function slotPositions(used: number, members: Int32Array, shared = false): SlotPositions {
  if (members.length * DENSE_SHARE >= used) {
    return new Positions(null, filled(used, shared), filled(used, shared));
  }
  const sorted = newArray(Int32Array, members.length, shared);
  sorted.set(members);
  sorted.sort();
  return new Positions(sorted, filled(members.length, shared), filled(members.length, shared));
}

/** The positions of an image, none forgotten. */
export function adoptPositions({ members, all, category }: SlotPositionsImage): SlotPositions {
  return new Positions(members, all, category);
}

function filled(length: number, shared: boolean): Int32Array {
  return newArray(Int32Array, length, shared).fill(-1);
}

class Positions implements SlotPositions {
  /** Slots forgotten since the set was built. */
  private readonly forgotten = new Set<number>();

  constructor(
    /** Null: the arrays are by slot. Else the members' slots, ascending, and the arrays by their index. */
    private readonly members: Int32Array | null,
    private readonly allPosition: Int32Array,
    private readonly categoryPosition: Int32Array,
  ) {}

  all(slot: number): number {
    const at = this.indexOf(slot);
    return at < 0 ? -1 : (this.allPosition[at] as number);
  }

  category(slot: number): number {
    const at = this.indexOf(slot);
    return at < 0 ? -1 : (this.categoryPosition[at] as number);
  }

  setAll(slot: number, position: number): void {
    this.allPosition[this.indexOf(slot)] = position;
  }

  setCategory(slot: number, position: number): void {
    this.categoryPosition[this.indexOf(slot)] = position;
  }

  forget(slot: number): void {
    this.forgotten.add(slot);
  }

  image(): SlotPositionsImage {
    return { members: this.members, all: this.allPosition, category: this.categoryPosition };
  }

  /** Where `slot`'s positions are kept, or −1 when it has none. */
  private indexOf(slot: number): number {
    const members = this.members;
    if (!members) {
      return slot < this.allPosition.length && !this.forgotten.has(slot) ? slot : -1;
    }
    let lo = 0;
    let hi = members.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((members[mid] as number) < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo < members.length && members[lo] === slot && !this.forgotten.has(slot) ? lo : -1;
  }
}
