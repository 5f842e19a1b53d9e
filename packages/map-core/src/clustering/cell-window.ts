import { grown } from './grow-array.ts';
import type { SortedBase } from './sorted-base.ts';
import { morton, UNIT_BITS, WORLD_UNITS } from './units.ts';

/** Fine cells are 2^4 = 16 px: quadtree level zoom + 4. */
export const FINE_CELL_BITS = 4;

/** Windows start and end on multiples of this many fine cells: 64 px. */
const SNAP_CELLS = 4;

/** Up to this many places a quadtree node's places are binned in one pass instead of split. */
const SMALL_NODE = 64;

/** A run of cell columns in the world, drawn `turns` worlds to the east (−1 west of ±180°). */
interface Span {
  first: number;
  last: number;
  turns: number;
}

/**
 * The non-empty fine cells (16 screen pixels) of one query's window, with each cell's place count,
 * sums of unit x and y (unwrapped east across ±180° where the window crosses it) and the list of
 * base ranges and delta places it holds. Reused from query to query to spare allocations.
 */
export class CellWindow {
  /** Quadtree level of the fine cells and the unit bits below it. */
  level = 0;
  shift = 0;
  /** Cells per world side at `level`. */
  side = 0;
  colStart = 0;
  rowStart = 0;
  cols = 0;
  rows = 0;
  private spans: Span[] = [];
  /** Grid slot (row-major over the window) to cell, or −1. */
  cellOf = new Int32Array(0);

  cellCount = 0;
  count = new Float64Array(256);
  sumX = new Float64Array(256);
  sumY = new Float64Array(256);
  /** Column (unwrapped) and row of each cell at `level`. */
  col = new Int32Array(256);
  row = new Int32Array(256);
  /** Morton code of the cell's wrapped position: a tie-breaker and the cluster id's seed. */
  code = new Float64Array(256);
  /** First segment of the cell, −1 when none; segments chain through `segmentNext`. */
  head = new Int32Array(256);

  segmentCount = 0;
  /** Index into `bases`, or −1 for one delta place whose slot is in `segmentLo`. */
  segmentBase = new Int32Array(256);
  segmentLo = new Int32Array(256);
  segmentHi = new Int32Array(256);
  segmentNext = new Int32Array(256);
  bases: SortedBase[] = [];

  /**
   * Starts a window at `zoom` over unit box [x0, x1] × [y0, y1] (x1 may pass 2^26 across ±180°),
   * widened to a 64-px grid and then by `margin` units; a window as wide as the world holds each
   * cell once, unwrapped. The grid keeps the window, and so the clusters, the same for pans and
   * resizes of a few pixels (coarser grids cost more cells per query: 256 px cost 1.6×).
   */
  reset(zoom: number, x0: number, x1: number, y0: number, y1: number, margin: number): void {
    this.level = zoom + FINE_CELL_BITS;
    this.shift = UNIT_BITS - this.level;
    const side = 2 ** this.level;
    const cellUnits = 2 ** this.shift;
    const snap = cellUnits * SNAP_CELLS;
    this.side = side;
    x0 = Math.floor(x0 / snap) * snap;
    x1 = Math.ceil(x1 / snap) * snap;
    y0 = Math.floor(y0 / snap) * snap;
    y1 = Math.ceil(y1 / snap) * snap;
    let first = Math.floor((x0 - margin) / cellUnits);
    let last = Math.floor((x1 + margin) / cellUnits);
    if (last - first + 1 >= side) {
      first = 0;
      last = side - 1;
    }
    this.spans = [];
    for (let turns = Math.floor(first / side); turns * side <= last; turns++) {
      const offset = turns * side;
      this.spans.push({
        first: Math.max(first, offset) - offset,
        last: Math.min(last, offset + side - 1) - offset,
        turns,
      });
    }
    this.rowStart = Math.max(0, Math.floor((y0 - margin) / cellUnits));
    const rowEnd = Math.min(side - 1, Math.floor((y1 + margin) / cellUnits));
    this.colStart = first;
    this.cols = last - first + 1;
    this.rows = Math.max(0, rowEnd - this.rowStart + 1);
    const slots = this.cols * this.rows;
    this.cellOf = grown(this.cellOf, slots);
    this.cellOf.fill(-1, 0, slots);
    this.cellCount = 0;
    this.segmentCount = 0;
    this.bases = [];
  }

  /** Adds every live place of `base` in the window to its cell. */
  readBase(base: SortedBase): void {
    if (base.length === 0 || this.rows === 0) return;
    const b = this.bases.push(base) - 1;
    for (const span of this.spans) this.descend(b, base, span, 0, 0, 0, 0, 0, base.length);
  }

  /** Adds one delta place at unit position (x, y) when it lies in the window. */
  readPoint(slot: number, x: number, y: number): void {
    const col = x >> this.shift;
    const row = y >> this.shift;
    if (row < this.rowStart || row >= this.rowStart + this.rows) return;
    for (const span of this.spans) {
      if (col < span.first || col > span.last) continue;
      const cell = this.cellAt(col, span.turns, row);
      this.count[cell] = (this.count[cell] as number) + 1;
      this.sumX[cell] = (this.sumX[cell] as number) + x + span.turns * WORLD_UNITS;
      this.sumY[cell] = (this.sumY[cell] as number) + y;
      this.addSegment(cell, -1, slot, slot + 1);
    }
  }

  /**
   * Walks the implicit quadtree of `base` down to the fine level: the node at `level`, column `cx`,
   * row `cy`, whose codes start at `start`, holds positions [lo, hi).
   */
  private descend(
    b: number,
    base: SortedBase,
    span: Span,
    level: number,
    cx: number,
    cy: number,
    start: number,
    lo: number,
    hi: number,
  ): void {
    if (lo >= hi) return;
    const cells = 2 ** (this.level - level);
    const left = cx * cells;
    const top = cy * cells;
    if (left + cells - 1 < span.first || left > span.last) return;
    if (top + cells - 1 < this.rowStart || top >= this.rowStart + this.rows) return;
    if (cells === 1) {
      this.addRange(b, base, span.turns, cx, cy, lo, hi);
      return;
    }
    if (hi - lo <= SMALL_NODE) {
      this.addRuns(b, base, span, lo, hi);
      return;
    }
    const quarter = 4 ** (UNIT_BITS - level - 1);
    const m1 = base.lowerBound(start + quarter, lo, hi);
    const m2 = base.lowerBound(start + 2 * quarter, m1, hi);
    const m3 = base.lowerBound(start + 3 * quarter, m2, hi);
    const x = 2 * cx;
    const y = 2 * cy;
    this.descend(b, base, span, level + 1, x, y, start, lo, m1);
    this.descend(b, base, span, level + 1, x + 1, y, start + quarter, m1, m2);
    this.descend(b, base, span, level + 1, x, y + 1, start + 2 * quarter, m2, m3);
    this.descend(b, base, span, level + 1, x + 1, y + 1, start + 3 * quarter, m3, hi);
  }

  /**
   * Adds the places of base positions [lo, hi) cell by cell: in Morton order the places of one
   * cell are consecutive, so each run of one cell is one range.
   */
  private addRuns(b: number, base: SortedBase, span: Span, lo: number, hi: number): void {
    let runStart = lo;
    let runCol = base.xAt(lo) >> this.shift;
    let runRow = base.yAt(lo) >> this.shift;
    for (let i = lo + 1; i <= hi; i++) {
      const col = i < hi ? base.xAt(i) >> this.shift : -1;
      const row = i < hi ? base.yAt(i) >> this.shift : -1;
      if (col === runCol && row === runRow) continue;
      const inWindow =
        runCol >= span.first &&
        runCol <= span.last &&
        runRow >= this.rowStart &&
        runRow < this.rowStart + this.rows;
      if (inWindow) this.addRange(b, base, span.turns, runCol, runRow, runStart, i);
      runStart = i;
      runCol = col;
      runRow = row;
    }
  }

  /** Adds the live places of base positions [lo, hi), all in the cell at (col, row). */
  private addRange(
    b: number,
    base: SortedBase,
    turns: number,
    col: number,
    row: number,
    lo: number,
    hi: number,
  ): void {
    let count = hi - lo;
    let sx = (base.sumX[hi] as number) - (base.sumX[lo] as number);
    let sy = (base.sumY[hi] as number) - (base.sumY[lo] as number);
    if (base.deadCount > 0) {
      for (let j = base.firstDeadFrom(lo), p = base.deadAt(j); p < hi; p = base.deadAt(++j)) {
        count -= 1;
        sx -= base.xAt(p);
        sy -= base.yAt(p);
      }
      if (count === 0) return;
    }
    const cell = this.cellAt(col, turns, row);
    this.count[cell] = (this.count[cell] as number) + count;
    this.sumX[cell] = (this.sumX[cell] as number) + sx + count * turns * WORLD_UNITS;
    this.sumY[cell] = (this.sumY[cell] as number) + sy;
    this.addSegment(cell, b, lo, hi);
  }

  /** The cell at wrapped column `col` drawn `turns` worlds east, and `row`; made when new. */
  private cellAt(col: number, turns: number, row: number): number {
    const unwrapped = col + turns * this.side;
    const slot = (row - this.rowStart) * this.cols + (unwrapped - this.colStart);
    const existing = this.cellOf[slot] as number;
    if (existing >= 0) return existing;
    const cell = this.cellCount++;
    if (cell === this.count.length) this.growCells(cell + 1);
    this.cellOf[slot] = cell;
    this.count[cell] = 0;
    this.sumX[cell] = 0;
    this.sumY[cell] = 0;
    this.col[cell] = unwrapped;
    this.row[cell] = row;
    this.code[cell] = morton(col, row);
    this.head[cell] = -1;
    return cell;
  }

  private addSegment(cell: number, b: number, lo: number, hi: number): void {
    const segment = this.segmentCount++;
    if (segment === this.segmentBase.length) this.growSegments(segment + 1);
    this.segmentBase[segment] = b;
    this.segmentLo[segment] = lo;
    this.segmentHi[segment] = hi;
    this.segmentNext[segment] = this.head[cell] as number;
    this.head[cell] = segment;
  }

  private growCells(n: number): void {
    this.count = grown(this.count, n);
    this.sumX = grown(this.sumX, n);
    this.sumY = grown(this.sumY, n);
    this.col = grown(this.col, n);
    this.row = grown(this.row, n);
    this.code = grown(this.code, n);
    this.head = grown(this.head, n);
  }

  private growSegments(n: number): void {
    this.segmentBase = grown(this.segmentBase, n);
    this.segmentLo = grown(this.segmentLo, n);
    this.segmentHi = grown(this.segmentHi, n);
    this.segmentNext = grown(this.segmentNext, n);
  }
}
