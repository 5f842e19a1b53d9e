import { grown } from './grow-array.ts';
import { NameStore } from './name-store.ts';
import { resolveName } from './resolve-name.ts';
import type { ClusterQuery, IndexedPlace, LocationPrivacy, PlaceValue, ResultPlace } from './types.ts';
import { unitX, unitY } from './units.ts';
import { NO_VALUES, ValueSets } from './value-sets.ts';

const PRIVACY: readonly LocationPrivacy[] = ['exact', '100m', '1km'];
const FREE = -1;
const NO_HOURS = -1;

/** The highest hours id: ids are kept in an Int32Array. */
export const MAX_HOURS_ID = 0x7fff_ffff;

/**
 * The one copy of every place's attributes, in columns indexed by a slot, shared by every layer
 * that holds the place (all places, its category's, and their open-now twins). A removed place's
 * slot is reused by a later insert. Names are kept as bytes (name-store.ts); values are one shared
 * copy per distinct combination, named by an id per place; everything else is typed arrays.
 */
export class PlaceStore {
  private readonly slotById = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  /** Slots handed out so far, live or free: every column holds at least this many. */
  used = 0;
  ids = new Float64Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  /** When the place was last confirmed (ms since the epoch); Infinity when not known. */
  private confirmedAt = new Float64Array(0);
  /** Unit coordinates (see units.ts). */
  x = new Int32Array(0);
  y = new Int32Array(0);
  /** Index into `categories`; FREE for a free slot. */
  category = new Int32Array(0);
  /** Metres; NaN for none. */
  private radius = new Float64Array(0);
  private privacy = new Uint8Array(0);
  private readonly names = new NameStore();
  /** Index into `languages`. */
  private primaryLanguage = new Int32Array(0);
  /** Every primary language seen, by index (a few for a million places). */
  private readonly languages: string[] = [];
  private readonly languageIndex = new Map<string, number>();
  /** The place's hours id; NO_HOURS for none (never open). */
  private hoursId = new Int32Array(0);
  /** 1 when the place's hours id is in `openHours`. */
  open = new Uint8Array(0);
  private openHours: ReadonlySet<number> = new Set();
  /** The id of the place's combination of values in `valueSets`; NO_VALUES for none. */
  valueSet = new Int32Array(0);
  private readonly valueSets = new ValueSets();
  /** Every category slug seen, by index; a category stays known while the store lives. */
  readonly categories: string[] = [];
  private readonly categoryIndex = new Map<string, number>();

  get size(): number {
    return this.slotById.size;
  }

  /** The place's radius in metres; NaN for none. */
  radiusOf(slot: number): number {
    return this.radius[slot] as number;
  }

  slotOf(id: number): number | undefined {
    return this.slotById.get(id);
  }

  /** The names of the place in a live slot, by language. */
  namesAt(slot: number): Readonly<Record<string, string>> {
    return this.names.get(slot);
  }

  /** The index of `slug`, or undefined when no place ever had it. */
  categoryOf(slug: string): number | undefined {
    return this.categoryIndex.get(slug);
  }

  /** Stores `place` in a free slot (its id must not be stored) and returns the slot. */
  add(place: IndexedPlace): number {
    const slot = this.freeSlots.pop() ?? this.grow();
    this.slotById.set(place.id, slot);
    let category = this.categoryIndex.get(place.category);
    if (category === undefined) {
      category = this.categories.length;
      this.categories.push(place.category);
      this.categoryIndex.set(place.category, category);
    }
    this.ids[slot] = place.id;
    this.lat[slot] = place.lat;
    this.lng[slot] = place.lng;
    this.x[slot] = unitX(place.lng);
    this.y[slot] = unitY(place.lat);
    this.category[slot] = category;
    this.radius[slot] = place.radius ?? Number.NaN;
    this.privacy[slot] = Math.max(0, PRIVACY.indexOf(place.locationPrivacy));
    this.names.set(slot, place.name);
    this.primaryLanguage[slot] = this.languageOf(place.primaryLanguage);
    this.confirmedAt[slot] = place.confirmedAt ?? Number.POSITIVE_INFINITY;
    const hours = place.hoursId ?? NO_HOURS;
    this.hoursId[slot] = hours;
    this.open[slot] = this.isOpen(hours);
    this.valueSet[slot] = this.valueSets.acquire(place.values);
    return slot;
  }

  /** Frees the slot of a stored place. */
  delete(slot: number): void {
    this.slotById.delete(this.ids[slot] as number);
    this.valueSets.release(this.valueSet[slot] as number);
    this.valueSet[slot] = NO_VALUES;
    this.category[slot] = FREE;
    this.names.delete(slot);
    this.freeSlots.push(slot);
  }

  /**
   * Makes `open` the hours ids open now, setting every place's open bit, and returns the slots whose
   * bit flipped, ascending. The set is copied: the caller may change its own, and every bit must
   * follow the set of the last call, for places stored before it and after.
   */
  setOpenHours(open: ReadonlySet<number>): number[] {
    this.openHours = new Set(open);
    const flipped: number[] = [];
    for (let slot = 0; slot < this.used; slot++) {
      if (this.category[slot] === FREE) continue;
      const bit = this.isOpen(this.hoursId[slot] as number);
      if (bit === this.open[slot]) continue;
      this.open[slot] = bit;
      flipped.push(slot);
    }
    return flipped;
  }

  /** Value-set ids are below this. */
  get valueSetLimit(): number {
    return this.valueSets.idLimit;
  }

  /** Distinct combinations of values held. */
  get valueSetCount(): number {
    return this.valueSets.count;
  }

  /** The values of a value-set id held by a stored place. */
  valuesOf(valueSet: number): Readonly<Record<string, PlaceValue>> {
    return this.valueSets.valuesOf(valueSet);
  }

  /**
   * Forgets the combinations of values no stored place holds: a compaction's step, once nothing
   * remembers anything by value-set id (their ids may name other combinations later).
   */
  dropUnusedValueSets(): void {
    this.valueSets.dropUnused();
  }

  /** Gives back the bytes of names replaced or removed, and the room growing left: a compaction's step. */
  compactNames(): void {
    this.names.compact();
  }

  /** Every live slot, ascending. */
  liveSlots(): Int32Array {
    const slots = new Int32Array(this.size);
    let n = 0;
    for (let slot = 0; slot < this.used; slot++) if (this.category[slot] !== FREE) slots[n++] = slot;
    return slots;
  }

  /** The place in a slot as an answer shows it: its name in `lang`, stale if confirmed before `staleBefore`. */
  result(slot: number, { lang, staleBefore }: Pick<ClusterQuery, 'lang' | 'staleBefore'>): ResultPlace {
    const radius = this.radius[slot] as number;
    return {
      id: this.ids[slot] as number,
      lat: this.lat[slot] as number,
      lng: this.lng[slot] as number,
      category: this.categories[this.category[slot] as number] as string,
      name: resolveName(
        this.names.get(slot),
        this.languages[this.primaryLanguage[slot] as number] as string,
        lang,
      ),
      radius: Number.isNaN(radius) ? null : radius,
      locationPrivacy: PRIVACY[this.privacy[slot] as number] as LocationPrivacy,
      stale: staleBefore !== undefined && (this.confirmedAt[slot] as number) < staleBefore,
    };
  }

  /** A new slot at the end, doubling every column when full. */
  private grow(): number {
    if (this.used === this.ids.length) {
      const capacity = Math.max(1024, this.used + 1);
      this.ids = grown(this.ids, capacity);
      this.lat = grown(this.lat, capacity);
      this.confirmedAt = grown(this.confirmedAt, capacity);
      this.lng = grown(this.lng, capacity);
      this.x = grown(this.x, capacity);
      this.y = grown(this.y, capacity);
      this.category = grown(this.category, capacity);
      this.radius = grown(this.radius, capacity);
      this.privacy = grown(this.privacy, capacity);
      this.hoursId = grown(this.hoursId, capacity);
      this.open = grown(this.open, capacity);
      this.valueSet = grown(this.valueSet, capacity);
      this.primaryLanguage = grown(this.primaryLanguage, capacity);
    }
    return this.used++;
  }

  /** The index of a primary language, given one when new. */
  private languageOf(language: string): number {
    let index = this.languageIndex.get(language);
    if (index === undefined) {
      index = this.languages.length;
      this.languages.push(language);
      this.languageIndex.set(language, index);
    }
    return index;
  }

  /** The open bit of a place with hours id `hours`. */
  private isOpen(hours: number): number {
    return hours !== NO_HOURS && this.openHours.has(hours) ? 1 : 0;
  }
}
