import { copyOf, grown } from './grow-array.ts';
import { NameStore, type NameStoreImage } from './name-store.ts';
import { resolveName } from './resolve-name.ts';
import type { ClusterQuery, IndexedPlace, LocationPrivacy, PlaceValue, ResultPlace } from './types.ts';
import { unitX, unitY } from './units.ts';
import { NO_VALUES, ValueSets } from './value-sets.ts';

const PRIVACY: readonly LocationPrivacy[] = ['exact', '100m', '1km'];
const NO_HOURS = -1;

/** The highest hours id: ids are kept in an Int32Array. */
export const MAX_HOURS_ID = 0x7fff_ffff;

/**
 * The one copy of every place's attributes, in columns indexed by a slot, shared by every layer
 * that holds the place (all places, its category's, and their open-now twins). A removed place's
 * slot is reused by a later insert. Names are kept as bytes (name-store.ts); values are one shared
 * copy per distinct combination, named by an id per place; everything else is typed arrays.
 *
 * Once `share`d, the columns are in shared memory and other threads read them through an image
 * (`image`, `PlaceStore.adopt`): a place's columns are written when it is added and never after,
 * and a slot is given to a new place only when every reader is past its last place (`delete` with
 * `reuse` false, then `reuse`), so what a reader's layers hold is never written under it. Which
 * slots are live and which are open now are each thread's own.
 */
export class PlaceStore {
  private readonly slotById = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  /** Slots handed out so far, live or free: every column holds at least this many. */
  used = 0;
  /** Live places. */
  private live = 0;
  ids: Float64Array = new Float64Array(0);
  lat: Float64Array = new Float64Array(0);
  lng: Float64Array = new Float64Array(0);
  /** When the place was last confirmed (ms since the epoch); Infinity when not known. */
  private confirmedAt: Float64Array = new Float64Array(0);
  /** Unit coordinates (see units.ts). */
  x: Int32Array = new Int32Array(0);
  y: Int32Array = new Int32Array(0);
  /** Index into `categories`. */
  category: Int32Array = new Int32Array(0);
  /** Metres; NaN for none. */
  private radius: Float64Array = new Float64Array(0);
  private privacy: Uint8Array = new Uint8Array(0);
  private names = new NameStore();
  /** Index into `languages`. */
  private primaryLanguage: Int32Array = new Int32Array(0);
  /** Every primary language seen, by index (a few for a million places). */
  private languages: readonly string[] = [];
  private readonly languageIndex = new Map<string, number>();
  /** The place's hours id; NO_HOURS for none (never open). */
  private hoursId: Int32Array = new Int32Array(0);
  /** The id of the place's combination of values in `valueSets`; NO_VALUES for none. */
  valueSet: Int32Array = new Int32Array(0);
  /** 1 for a slot that holds a place (this thread's own). */
  private isLive: Uint8Array = new Uint8Array(0);
  /** 1 when the place's hours id is in `openHours` (this thread's own). */
  open: Uint8Array = new Uint8Array(0);
  private openHours: ReadonlySet<number> = new Set();
  private readonly valueSets = new ValueSets();
  /** Every category slug seen, by index; a category stays known while the store lives. */
  categories: readonly string[] = [];
  private readonly categoryIndex = new Map<string, number>();
  private isShared = false;

  /** Whether the columns are in shared memory (see `share`). */
  get shared(): boolean {
    return this.isShared;
  }

  /**
   * Moves the columns into shared memory, with room for an eighth more places, and the names at
   * their next rewrite (`compactNames`): a store filled in its own memory first (a build) makes
   * no shared garbage while it grows, which this thread's collector would be slow to free.
   */
  share(): void {
    if (this.isShared) return;
    this.isShared = true;
    const capacity = this.used + Math.max(1024, Math.ceil(this.used / 8));
    const inShared = <T extends Float64Array | Int32Array | Uint8Array>(column: T): T =>
      copyOf(column, capacity, true);
    this.ids = inShared(this.ids);
    this.lat = inShared(this.lat);
    this.lng = inShared(this.lng);
    this.confirmedAt = inShared(this.confirmedAt);
    this.x = inShared(this.x);
    this.y = inShared(this.y);
    this.category = inShared(this.category);
    this.radius = inShared(this.radius);
    this.privacy = inShared(this.privacy);
    this.primaryLanguage = inShared(this.primaryLanguage);
    this.hoursId = inShared(this.hoursId);
    this.valueSet = inShared(this.valueSet);
    this.isLive = grown(this.isLive, capacity);
    this.open = grown(this.open, capacity);
    this.names.share();
  }

  /**
   * A store that reads another thread's (a `shared` one's) columns through its image, with none
   * of its places live yet: `follow` makes them live as that store's changes say.
   */
  static adopt(image: PlaceStoreImage): PlaceStore {
    const store = new PlaceStore();
    store.names = NameStore.adopt(image.names);
    store.show(image);
    return store;
  }

  /** The columns, names, categories and languages as they are now, for another thread's store. */
  image(): PlaceStoreImage {
    const { used, ids, lat, lng, confirmedAt, x, y, category, radius, privacy, primaryLanguage } = this;
    const { hoursId, valueSet, categories, languages } = this;
    return {
      used,
      ids,
      lat,
      lng,
      confirmedAt,
      x,
      y,
      category,
      radius,
      privacy,
      primaryLanguage,
      hoursId,
      valueSet,
      names: this.names.image(),
      // Both lists are replaced, never changed in place, when they grow: an image may hold them.
      categories,
      languages,
    };
  }

  /** Reads from now on through a later image of the store adopted (its columns may have grown). */
  show(image: PlaceStoreImage): void {
    ({ used: this.used, ids: this.ids, lat: this.lat, lng: this.lng, x: this.x, y: this.y } = image);
    ({ confirmedAt: this.confirmedAt, category: this.category, radius: this.radius } = image);
    ({ privacy: this.privacy, primaryLanguage: this.primaryLanguage } = image);
    ({ hoursId: this.hoursId, valueSet: this.valueSet } = image);
    this.names.show(image.names);
    this.isLive = grown(this.isLive, this.used);
    this.open = grown(this.open, this.used);
    for (let index = this.categories.length; index < image.categories.length; index += 1) {
      this.categoryIndex.set(image.categories[index] as string, index);
    }
    this.categories = image.categories;
    this.languages = image.languages;
  }

  /**
   * In a store adopted from an image: the place its columns hold in `slot` is live, holding
   * `values` (as the image's store knows them, under the id in its column), if any.
   */
  follow(slot: number, values: Readonly<Record<string, PlaceValue>> | null): void {
    const id = this.valueSet[slot] as number;
    if (values && id !== NO_VALUES) this.valueSets.learn(id, values);
    this.live += 1;
    this.isLive[slot] = 1;
    this.open[slot] = this.isOpen(this.hoursId[slot] as number);
  }

  /** In a store adopted from an image: the place in `slot` is gone. */
  unfollow(slot: number): void {
    this.live -= 1;
    this.isLive[slot] = 0;
  }

  get size(): number {
    return this.live;
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
    this.live += 1;
    this.isLive[slot] = 1;
    let category = this.categoryIndex.get(place.category);
    if (category === undefined) {
      category = this.categories.length;
      this.categories = [...this.categories, place.category];
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

  /**
   * Frees the slot of a stored place, for the next place added unless `reuse` is false: then not
   * before `reuse(slot)` (when no reader of an image can be reading it any more).
   */
  delete(slot: number, reuse = true): void {
    this.slotById.delete(this.ids[slot] as number);
    this.valueSets.release(this.valueSet[slot] as number);
    this.live -= 1;
    this.isLive[slot] = 0;
    this.names.delete(slot);
    if (reuse) this.freeSlots.push(slot);
  }

  /** Every combination of values known, by id (for an image's reader, see `follow`). */
  valueEntries(): [number, Readonly<Record<string, PlaceValue>>][] {
    return this.valueSets.entries();
  }

  /** Knows `id` as the combination `values`, as the store whose image this store reads names it. */
  learnValues(id: number, values: Readonly<Record<string, PlaceValue>>): void {
    this.valueSets.learn(id, values);
  }

  /** The hours ids open now (the last `setOpenHours`). */
  get openHoursNow(): ReadonlySet<number> {
    return this.openHours;
  }

  /** A slot deleted without `reuse` may be given to the next place added. */
  reuse(slot: number): void {
    this.freeSlots.push(slot);
  }

  /** The values of the place in a live slot, or null. */
  valuesAt(slot: number): Readonly<Record<string, PlaceValue>> | null {
    const id = this.valueSet[slot] as number;
    return id === NO_VALUES ? null : this.valueSets.valuesOf(id);
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
      if (this.isLive[slot] !== 1) continue;
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
    for (let slot = 0; slot < this.used; slot++) if (this.isLive[slot] === 1) slots[n++] = slot;
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
      this.isLive = grown(this.isLive, capacity);
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
      this.languages = [...this.languages, language];
      this.languageIndex.set(language, index);
    }
    return index;
  }

  /** The open bit of a place with hours id `hours`. */
  private isOpen(hours: number): number {
    return hours !== NO_HOURS && this.openHours.has(hours) ? 1 : 0;
  }
}

/** A store's columns and names (PlaceStore.image), with its categories and languages by index. */
export interface PlaceStoreImage {
  used: number;
  ids: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  confirmedAt: Float64Array;
  x: Int32Array;
  y: Int32Array;
  category: Int32Array;
  radius: Float64Array;
  privacy: Uint8Array;
  primaryLanguage: Int32Array;
  hoursId: Int32Array;
  valueSet: Int32Array;
  names: NameStoreImage;
  categories: readonly string[];
  languages: readonly string[];
}
