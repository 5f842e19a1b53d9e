import { grown } from './grow-array.ts';

/**
 * Where each member of a layer set sits in the set's two bases (every place's, its category's),
 * so that a change can tombstone it there; −1 for a slot in no base (a delta place, a stranger).
 */
export interface SlotPositions {
  all(slot: number): number;
  category(slot: number): number;
  setAll(slot: number, position: number): void;
  setCategory(slot: number, position: number): void;
  /** The slot is in no base any more (it comes back in a delta): both positions −1. */
  forget(slot: number): void;
}

/** A set with at least 1/DENSE_SHARE of the store's slots keeps a column per slot. */
const DENSE_SHARE = 4;

/**
 * Positions for a set whose bases hold `members`: a column per store slot when the set holds a
 * good share of the store (8 bytes a slot, so at most 32 a member); else the members sorted with
 * their positions beside (12 bytes a member, a binary search a change), so that a narrow set, such
 * as one value filter's, costs memory by its own size and not the store's.
 */
export function slotPositions(used: number, members: Int32Array): SlotPositions {
  return members.length * DENSE_SHARE >= used ? new DensePositions(used) : new SparsePositions(members);
}

class DensePositions implements SlotPositions {
  private allPosition: Int32Array;
  private categoryPosition: Int32Array;

  constructor(used: number) {
    this.allPosition = new Int32Array(used).fill(-1);
    this.categoryPosition = new Int32Array(used).fill(-1);
  }

  all(slot: number): number {
    return this.allPosition[slot] ?? -1;
  }

  category(slot: number): number {
    return this.categoryPosition[slot] ?? -1;
  }

  setAll(slot: number, position: number): void {
    this.allPosition[slot] = position;
  }

  setCategory(slot: number, position: number): void {
    this.categoryPosition[slot] = position;
  }

  forget(slot: number): void {
    // A slot handed out since the build: grow, so that a later change of it finds −1.
    this.allPosition = grown(this.allPosition, slot + 1);
    this.categoryPosition = grown(this.categoryPosition, slot + 1);
    this.allPosition[slot] = -1;
    this.categoryPosition[slot] = -1;
  }
}

class SparsePositions implements SlotPositions {
  /** The members' slots, ascending; positions by the same index. */
  private readonly slots: Int32Array;
  private readonly allPosition: Int32Array;
  private readonly categoryPosition: Int32Array;

  constructor(members: Int32Array) {
    this.slots = Int32Array.from(members).sort();
    this.allPosition = new Int32Array(members.length).fill(-1);
    this.categoryPosition = new Int32Array(members.length).fill(-1);
  }

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
    const at = this.indexOf(slot);
    if (at < 0) return;
    this.allPosition[at] = -1;
    this.categoryPosition[at] = -1;
  }

  /** The index of `slot` among the members, or −1. */
  private indexOf(slot: number): number {
    const slots = this.slots;
    let lo = 0;
    let hi = slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((slots[mid] as number) < slot) lo = mid + 1;
      else hi = mid;
    }
    return lo < slots.length && slots[lo] === slot ? lo : -1;
  }
}
