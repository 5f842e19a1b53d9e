import { grown } from './grow-array.ts';
import type { PlaceValue } from './types.ts';

type Values = Readonly<Record<string, PlaceValue>>;

/** The id of no values: a place without any never matches a filter. */
export const NO_VALUES = -1;

/** A trie leaf not yet given an id. */
const UNSET = -2;

/**
 * A step of the trie that finds the id of a values object without building its canonical key: a
 * level per entry in the object's own key order, then one per value (a set's by its JSON).
 */
interface TrieNode {
  id: number;
  byKey?: Map<string, TrieNode>;
  byValue?: Map<string | number, TrieNode>;
  bySet?: Map<string, TrieNode>;
}

/**
 * Every distinct combination of values the places hold, each kept once under a small id, so a
 * place's values cost one 32-bit id in the store and a filter is tested once per combination, not
 * once per place. Two objects with the same entries in any key order, and sets with the same
 * elements in any order or repeated, are one combination: they match every filter alike. Ids stay
 * fixed between compactions; `dropUnused` frees those no place uses any more, for later reuse.
 */
export class ValueSets {
  private readonly idByKey = new Map<string, number>();
  /** By id: the combination (keys in order, sets sorted), its key, and how many places hold it. */
  private readonly values: (Values | undefined)[] = [];
  private readonly keys: (string | undefined)[] = [];
  private users = new Int32Array(0);
  private readonly freeIds: number[] = [];
  /**
   * Ids by the entries of objects already seen, as they come: places read alike share one key
   * order, so most are found here with a few map lookups and no allocation. Forgotten with the
   * dropped ids, so it holds only the forms seen since.
   */
  private trie: TrieNode = { id: UNSET };

  /** Ids handed out so far, in use or free: every id is below this. */
  get idLimit(): number {
    return this.values.length;
  }

  /** Ids that hold a combination (in use or not yet dropped). */
  get count(): number {
    return this.values.length - this.freeIds.length;
  }

  /** The id of `values`, made when new, with one more place holding it; NO_VALUES for none. */
  acquire(values: Values | undefined): number {
    if (values === undefined) return NO_VALUES;
    const leaf = leafOf(this.trie, values);
    if (leaf.id === UNSET) leaf.id = this.idOf(values);
    const id = leaf.id;
    if (id !== NO_VALUES) this.users[id] = (this.users[id] as number) + 1;
    return id;
  }

  /** The id of the canonical form of `values`, made when new (NO_VALUES for no entries). */
  private idOf(values: Values): number {
    const entries = canonicalEntries(values);
    if (entries.length === 0) return NO_VALUES;
    const key = JSON.stringify(entries);
    let id = this.idByKey.get(key);
    if (id === undefined) {
      id = this.freeIds.pop() ?? this.values.length;
      this.idByKey.set(key, id);
      this.values[id] = Object.fromEntries(entries);
      this.keys[id] = key;
      this.users = grown(this.users, id + 1);
    }
    return id;
  }

  /** One place less holds the combination `id` (NO_VALUES: nothing to do). */
  release(id: number): void {
    if (id !== NO_VALUES) this.users[id] = (this.users[id] as number) - 1;
  }

  /**
   * Knows `id` as the combination `values`, as another thread's sets name it (see
   * PlaceStore.follow): `values` is that thread's canonical copy, and an id is given a new
   * meaning only once no place holds the old one.
   */
  learn(id: number, values: Values): void {
    while (this.values.length <= id) {
      this.values.push(undefined);
      this.keys.push(undefined);
    }
    this.values[id] = values;
  }

  /** Every id that names a combination, with it. */
  entries(): [number, Values][] {
    const entries: [number, Values][] = [];
    this.values.forEach((values, id) => {
      if (values !== undefined) entries.push([id, values]);
    });
    return entries;
  }

  /** The combination of an id in use. */
  valuesOf(id: number): Values {
    return this.values[id] as Values;
  }

  /**
   * Frees the ids no place holds. Whoever remembers something per id (a filter's verdicts) must
   * forget it first, since a freed id may name another combination later.
   */
  dropUnused(): void {
    this.trie = { id: UNSET };
    for (let id = 0; id < this.values.length; id++) {
      if (this.values[id] === undefined || this.users[id] !== 0) continue;
      this.idByKey.delete(this.keys[id] as string);
      this.values[id] = undefined;
      this.keys[id] = undefined;
      this.freeIds.push(id);
    }
  }
}

/**
 * Why `values` cannot be indexed (a value that is not a string, a finite number or a list of
 * strings), or undefined when it can: the canonical key would not tell such values apart.
 */
export function valuesProblem(values: Values | undefined): string | undefined {
  if (values === undefined) return undefined;
  if (typeof values !== 'object' || values === null) return 'values that are not an object';
  for (const key in values) {
    if (!Object.hasOwn(values, key)) continue;
    const value = values[key];
    if (value === undefined || typeof value === 'string') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return `a value of "${key}" that is not a finite number`;
    } else if (!Array.isArray(value) || !value.every((element) => typeof element === 'string')) {
      return `a value of "${key}" that is not a string, a finite number or a list of strings`;
    }
  }
  return undefined;
}

/** The trie's leaf for the defined entries of `values` in their own order, made when new. */
function leafOf(root: TrieNode, values: Values): TrieNode {
  let node = root;
  for (const key in values) {
    if (!Object.hasOwn(values, key)) continue;
    const value = values[key];
    if (value === undefined) continue;
    node.byKey ??= new Map();
    node = step(node.byKey, key);
    if (typeof value === 'object') {
      node.bySet ??= new Map();
      node = step(node.bySet, JSON.stringify(value));
    } else {
      node.byValue ??= new Map();
      node = step(node.byValue, value);
    }
  }
  return node;
}

function step<K>(children: Map<K, TrieNode>, key: K): TrieNode {
  let child = children.get(key);
  if (!child) {
    child = { id: UNSET };
    children.set(key, child);
  }
  return child;
}

/** The defined entries of `values` by key, each set sorted without repeats. */
function canonicalEntries(values: Values): [string, PlaceValue][] {
  const entries: [string, PlaceValue][] = [];
  for (const key of Object.keys(values).sort()) {
    const value = values[key];
    if (value === undefined) continue;
    entries.push([key, typeof value === 'object' ? [...new Set(value)].sort() : value]);
  }
  return entries;
}
