import { searchWords } from '../search-words.ts';
import { compareCodePoints, similarity, trigrams } from '../trigrams.ts';
import { editDistance, MAX_EDITS, TYPO_MIN_WORD } from '../typo-rank.ts';
import { foldedWords, typoAlternatives } from '../typo-spellings.ts';
import { folds, writtenMatch } from '../written-match.ts';
import { KeptAnswers } from './kept-answers.ts';
import { AFTER_SPACE, BEGINS_NAME, IN_NAMES, placeWords, WHOLE_NAME } from './place-words.ts';
import { TypoWords } from './typo-words.ts';
import { WordPostings, WordPostingsBuilder, type WordPostingsImage } from './word-postings.ts';

/**
 * One change of a shared word index, as its followers apply it (`WordIndex.apply`): a place's
 * texts set, a place removed, or the postings rebuilt with the changes so far (with their typo
 * index's keys).
 */
export type WordChange =
  | { kind: 'set'; slot: number; names: string; text: string }
  | { kind: 'remove'; slot: number }
  | { kind: 'rebuilt'; postings: WordPostingsImage; typos: Float64Array };

/** What a follower starts from (`WordIndex.follow`): the postings, their typo keys, and the changes since they were built. */
export interface WordIndexImage {
  postings: WordPostingsImage;
  typos: Float64Array;
  highest: number;
  changes: WordChange[];
}

/** The places a search matches as written, each with its rank (0–4, written-match.ts). */
export interface WordMatches {
  readonly slots: Int32Array;
  readonly ranks: Uint8Array;
}

/**
 * The places whose names hold a spelling of every word of a search that matched nothing as
 * written, and the folded words (`phrase`) that typo-rank.ts ranks their names against.
 */
export interface TypoCandidates {
  readonly slots: Int32Array;
  readonly phrase: string;
}

/** Words of the names shorter than this are not corrected towards (the vocabulary's `length(w) >= 3`). */
const MIN_VOCABULARY_WORD = 3;

/** How a word of the index stands to a folded query word. */
const EQUAL = 0;
const STARTS_WITH = 1;
const HOLDS = 2;

/** Places changed since the postings were built are kept aside up to this many words, then built in. */
const REBUILD_AFTER = 65_536;
/** Answers kept until the index changes (kept-answers.ts), and the places they may hold together (5 bytes each). */
const KEPT_ANSWERS = 64;
const KEPT_PLACES = 4_000_000;

/**
 * Every word of every place's names, descriptions and address with the places that hold it, so a
 * search finds the places matching it as written, and ranks them, without reading their texts:
 * the same places and ranks as the database's `LIKE` patterns (search-sql.ts) and the browser's
 * written-match.ts. Places are known by slot (a small integer the caller gives). Changes are kept
 * aside as each place's words and built in once they add up.
 *
 * `namesOf(slot)` gives a place's `search_name`; it is read only to rank a query of several
 * words among the places whose names hold all of them (whether the names hold the phrase).
 *
 * Built `shared`, the postings and their typo keys are in shared memory and the changes are
 * recorded, so that other threads answer the same searches from the same memory: each `follow`s
 * an `image` and `apply`s the changes `takeChanges` gives, keeping its own changed places and
 * kept answers. Postings are never written once built: a rebuild makes new ones.
 */
export class WordIndex {
  private built = WordPostings.EMPTY;
  /** The words of the names in `built`, by deletion, for typos: made at the first search that needs them. */
  private typoWords: TypoWords | undefined;
  /** 1 for a slot whose postings in `built` no longer hold. */
  private outdated = new Uint8Array(0);
  /** Places changed since `built`: their words and roles, by slot. */
  private readonly changed = new Map<number, Map<string, number>>();
  /** Words of the changed places plus places removed since `built`: when to build them in. */
  private changes = 0;
  /** Answers of searches as written, and of typo candidates, since the index last changed. */
  private readonly matches: KeptAnswers<WordMatches | null>;
  private readonly typos: KeptAnswers<TypoCandidates | null>;
  /** Per search: which word of it a slot last matched (see `match`). */
  private stamps = new Uint32Array(0);
  private best = new Uint8Array(0);
  private worst = new Uint8Array(0);
  private stamp = 0;
  /** A shared index's changes not taken yet, and those since its postings were built; null when not shared. */
  private journal: { pending: WordChange[]; sinceBuild: WordChange[] } | null = null;
  /** Whether this index follows a shared one (and changes only by its changes). */
  private following = false;

  constructor(
    private readonly namesOf: (slot: number) => string,
    private readonly rebuildAfter = REBUILD_AFTER,
  ) {
    const sizeOf = (answer: { slots: Int32Array } | null) => answer?.slots.length ?? 0;
    this.matches = new KeptAnswers<WordMatches | null>(sizeOf, KEPT_ANSWERS, KEPT_PLACES);
    this.typos = new KeptAnswers<TypoCandidates | null>(sizeOf, KEPT_ANSWERS, KEPT_PLACES);
  }

  /** Builds the index of many places at once (faster than setting each); shared, for followers, when `shared`. */
  static of(
    places: Iterable<{ slot: number; names: string; text: string }>,
    namesOf: (slot: number) => string,
    rebuildAfter = REBUILD_AFTER,
    shared = false,
  ): WordIndex {
    const builder = new WordPostingsBuilder();
    let highest = -1;
    for (const place of places) {
      for (const [word, roles] of placeWords(place.names, place.text)) builder.add(word, place.slot, roles);
      highest = Math.max(highest, place.slot);
    }
    return WordIndex.built(builder.build(undefined, shared), highest, namesOf, rebuildAfter);
  }

  /**
   * An index of postings built elsewhere (WordIndexLoader), of slots up to `highest`; shared (its
   * changes recorded for followers) when the postings were built in shared memory.
   */
  static built(
    postings: WordPostings,
    highest: number,
    namesOf: (slot: number) => string,
    rebuildAfter = REBUILD_AFTER,
  ): WordIndex {
    const index = new WordIndex(namesOf, rebuildAfter);
    index.built = postings;
    index.fit(highest);
    if (postings.shared) {
      index.journal = { pending: [], sinceBuild: [] };
      index.prepareTypos();
    }
    return index;
  }

  /** The place in `slot` now has these texts (`search_name`, `search_text`). */
  set(slot: number, names: string, text: string): void {
    this.journal?.pending.push({ kind: 'set', slot, names, text });
    this.journal?.sinceBuild.push({ kind: 'set', slot, names, text });
    this.forgetAnswers();
    this.fit(slot);
    this.outdated[slot] = 1;
    const words = placeWords(names, text);
    this.changes += words.size;
    this.changed.set(slot, words);
    if (this.changes > this.rebuildAfter && !this.following) this.rebuild();
  }

  /** The place in `slot` is gone (its slot may be given to another place later). */
  remove(slot: number): void {
    if (slot >= this.outdated.length) return;
    this.journal?.pending.push({ kind: 'remove', slot });
    this.journal?.sinceBuild.push({ kind: 'remove', slot });
    this.forgetAnswers();
    this.outdated[slot] = 1;
    this.changed.delete(slot);
    this.changes += 1;
    if (this.changes > this.rebuildAfter && !this.following) this.rebuild();
  }

  /** A shared index as a follower starts from it: its postings, typo keys and changes since. */
  image(): WordIndexImage {
    if (!this.journal) throw new Error('Only an index built shared has followers');
    return {
      postings: this.built.image(),
      typos: this.typoWordsOfNames().keys,
      highest: this.outdated.length - 1,
      changes: [...this.journal.sinceBuild],
    };
  }

  /** A shared index's changes since they were last taken, for the followers' `apply`. */
  takeChanges(): WordChange[] {
    if (!this.journal) throw new Error('Only an index built shared has followers');
    const { pending } = this.journal;
    this.journal.pending = [];
    return pending;
  }

  /** An index that answers as the shared index of `image` does, once given its later changes (`apply`). */
  static follow(image: WordIndexImage, namesOf: (slot: number) => string): WordIndex {
    const index = new WordIndex(namesOf);
    index.following = true;
    index.adopt(image.postings, image.typos);
    index.fit(image.highest);
    index.apply(image.changes);
    return index;
  }

  /** In a follower: applies the shared index's changes, in the order it made them. */
  apply(changes: readonly WordChange[]): void {
    if (!this.following) throw new Error('Only a follower applies changes');
    for (const change of changes) {
      if (change.kind === 'set') this.set(change.slot, change.names, change.text);
      else if (change.kind === 'remove') this.remove(change.slot);
      else this.adopt(change.postings, change.typos);
    }
  }

  /** Reads from now on these postings (with every change so far in them) and typo keys. */
  private adopt(postings: WordPostingsImage, typos: Float64Array): void {
    this.built = WordPostings.adopt(postings);
    this.typoWords = TypoWords.adopt(this.built.words, typos);
    this.rebuilt();
  }

  /**
   * The places matching `q` as written (every word somewhere in the texts) with their ranks, in
   * no set order; `null` when the index cannot tell: a word that folds to nothing or to several
   * words (`st.mark`), which the database's patterns match across words. The answer is kept
   * until the index changes (callers must not change it).
   */
  match(q: string): WordMatches | null {
    return this.matches.answer(q, () => this.matchAnew(q));
  }

  private matchAnew(q: string): WordMatches | null {
    const words = searchWords(q).map(folds);
    if (
      words.length === 0 ||
      words.some((wordForms) => wordForms.some((form) => form === '' || form.includes(' ')))
    ) {
      return null;
    }
    const found = this.slotsOfEveryWord(words);
    const ranks = new Uint8Array(found.length);
    const phrase = words.length === 1 ? null : writtenMatch(q);
    for (let i = 0; i < found.length; i += 1) {
      const slot = found[i] as number;
      if (!phrase) ranks[i] = this.best[slot] as number;
      else ranks[i] = (this.worst[slot] as number) <= 3 ? phrase.rank({ names: this.namesOf(slot) }) : 4;
    }
    return { slots: found, ranks };
  }

  /**
   * The places whose names hold a spelling of every word of `q` (folded; a word of TYPO_MIN_WORD
   * letters or more may be any of the names' words within two edits of it, see `spellingsOf`),
   * as the database's typo search finds its candidates (typo-search.ts); `null` when a word folds
   * to several words.
   */
  typoCandidates(q: string): TypoCandidates | null {
    return this.typos.answer(q, () => this.typoCandidatesAnew(q));
  }

  private typoCandidatesAnew(q: string): TypoCandidates | null {
    const words = foldedWords(q);
    if (words.some((word) => word.includes(' '))) return null;
    const phrase = words.join(' ');
    const spellings = words.map((word) => this.spellingsOf(word));
    if (spellings.length === 0 || spellings.some((each) => each.length === 0)) {
      return { slots: new Int32Array(0), phrase };
    }
    // Ranks 0–3 are the names': the places whose names hold a spelling of every word.
    const slots = this.slotsOfEveryWord(spellings).filter((slot) => (this.worst[slot] as number) <= 3);
    return { slots, phrase };
  }

  /**
   * The spellings a folded query word may stand for: itself when shorter than TYPO_MIN_WORD, else
   * the words of the names with the fewest edits from it (two at most, found by deletion), up to
   * TYPO_ALTERNATIVES of them, the most alike by trigrams first (as pg_trgm's similarity, ties by
   * code point), picked by typoAlternatives as among the database's most alike words.
   */
  spellingsOf(word: string): string[] {
    if ([...word].length < TYPO_MIN_WORD) return [word];
    const close = new Set<string>();
    this.typoWordsOfNames().near(word, (id) => close.add(this.built.words[id] as string));
    for (const words of this.changed.values()) {
      for (const [changedWord, roles] of words) {
        if ((roles & IN_NAMES) === 0 || [...changedWord].length < MIN_VOCABULARY_WORD) continue;
        if (editDistance(word, changedWord, MAX_EDITS) <= MAX_EDITS) close.add(changedWord);
      }
    }
    const own = trigrams(word);
    const alike = (other: string) => {
      const theirs = trigrams(other);
      const shared = theirs.filter((gram) => own.includes(gram)).length;
      return similarity(shared, own.length, theirs.length);
    };
    const similar = [...close]
      .map((spelling) => ({ spelling, score: alike(spelling) }))
      .sort((a, b) => b.score - a.score || compareCodePoints(a.spelling, b.spelling))
      .map(({ spelling }) => spelling);
    return typoAlternatives({ folded: word, similar });
  }

  /**
   * Builds the deletion index of the names' words now rather than at the first search with a
   * typo (at 135 000 city names about a second and a half), as after the first build.
   */
  prepareTypos(): void {
    this.typoWordsOfNames();
  }

  /** The built words that some place's names hold, of three letters or more, by deletion. */
  private typoWordsOfNames(): TypoWords {
    if (!this.typoWords) {
      const { words, roles } = this.built;
      const named: number[] = [];
      for (let id = 0; id < words.length; id += 1) {
        if (
          ((roles[id] as number) & IN_NAMES) !== 0 &&
          [...(words[id] as string)].length >= MIN_VOCABULARY_WORD
        ) {
          named.push(id);
        }
      }
      this.typoWords = TypoWords.of(words, named, this.built.shared);
    }
    return this.typoWords;
  }

  /**
   * The slots holding every word (each given by its folded forms), rarest word first; each slot's
   * best rank for the last word in `best` and its worst word's best rank in `worst`.
   */
  private slotsOfEveryWord(words: readonly string[][]): Int32Array {
    // A stamp a word: start again before they would run out.
    if (this.stamp > 0xffffffff - words.length) {
      this.stamps.fill(0);
      this.stamp = 0;
    }
    const byCost = words
      .map((wordForms) => this.wordsHolding(wordForms))
      .sort((a, b) => a.postings - b.postings);
    let found: Int32Array | null = null;
    for (const word of byCost) {
      const previous = this.stamp;
      const current = this.nextStamp();
      const matched: number[] = [];
      const visit = (slot: number, rank: number) => {
        const seen = this.stamps[slot];
        if (seen === current) {
          if (rank < (this.best[slot] as number)) this.best[slot] = rank;
        } else if (found === null || seen === previous) {
          this.stamps[slot] = current;
          this.best[slot] = rank;
          matched.push(slot);
        }
      };
      this.visitPostings(word.relations, visit);
      for (const slot of matched) {
        const rank = this.best[slot] as number;
        this.worst[slot] = found === null ? rank : Math.max(this.worst[slot] as number, rank);
      }
      found = Int32Array.from(matched);
      if (found.length === 0) break;
    }
    return found ?? new Int32Array(0);
  }

  /** The index's words holding any of a query word's forms, how (EQUAL…), and how many postings they have. */
  private wordsHolding(wordForms: readonly string[]) {
    const built = new Map<number, number>();
    const changed = new Map<string, number>();
    let postings = 0;
    for (const form of wordForms) {
      this.built.containing.forEach(form, (id) => {
        const relation = relationOf(this.built.words[id] as string, form);
        const before = built.get(id);
        if (before === undefined) postings += this.built.counts[id] as number;
        if (before === undefined || relation < before) built.set(id, relation);
      });
      for (const words of this.changed.values()) {
        for (const word of words.keys()) {
          if (!word.includes(form)) continue;
          const relation = relationOf(word, form);
          const before = changed.get(word);
          if (before === undefined || relation < before) changed.set(word, relation);
        }
      }
    }
    return { relations: { built, changed }, postings };
  }

  /** Calls `visit(slot, rank)` for each posting of the given words, built and changed. */
  private visitPostings(
    relations: { built: Map<number, number>; changed: Map<string, number> },
    visit: (slot: number, rank: number) => void,
  ): void {
    for (const [id, relation] of relations.built) {
      this.built.forEach(id, (slot, roles) => {
        if (this.outdated[slot] !== 1) visit(slot, rankOf(roles, relation));
      });
    }
    if (relations.changed.size === 0) return;
    for (const [slot, words] of this.changed) {
      for (const [word, roles] of words) {
        const relation = relations.changed.get(word);
        if (relation !== undefined) visit(slot, rankOf(roles, relation));
      }
    }
  }

  /** Forgets the answers kept: the index changed. */
  private forgetAnswers(): void {
    this.matches.clear();
    this.typos.clear();
  }

  /** Builds the changed places' words into the postings. */
  private rebuild(): void {
    const shared = this.built.shared;
    const builder = new WordPostingsBuilder();
    const { words } = this.built;
    for (let id = 0; id < words.length; id += 1) {
      this.built.forEach(id, (slot, roles) => {
        if (this.outdated[slot] !== 1) builder.add(words[id] as string, slot, roles);
      });
    }
    for (const [slot, placeWordRoles] of this.changed) {
      for (const [word, roles] of placeWordRoles) builder.add(word, slot, roles);
    }
    this.built = builder.build(undefined, shared);
    this.typoWords = undefined;
    this.rebuilt();
    if (this.journal) {
      const change: WordChange = {
        kind: 'rebuilt',
        postings: this.built.image(),
        typos: this.typoWordsOfNames().keys,
      };
      this.journal.pending.push(change);
      this.journal.sinceBuild = [];
    }
  }

  /** The postings hold every change now. */
  private rebuilt(): void {
    this.outdated.fill(0);
    this.changed.clear();
    this.changes = 0;
  }

  private nextStamp(): number {
    this.stamp += 1;
    return this.stamp;
  }

  /** Makes room for slots up to `slot`. */
  private fit(slot: number): void {
    if (slot < this.outdated.length) return;
    const size = Math.max(slot + 1, this.outdated.length * 2, 1024);
    this.outdated = resized(this.outdated, size);
    this.stamps = resized(this.stamps, size);
    this.best = resized(this.best, size);
    this.worst = resized(this.worst, size);
  }
}

function relationOf(word: string, form: string): number {
  if (word === form) return EQUAL;
  return word.startsWith(form) ? STARTS_WITH : HOLDS;
}

/** A one-word query's rank at a place whose word with these roles stands so to the query. */
function rankOf(roles: number, relation: number): number {
  if (relation === EQUAL && (roles & WHOLE_NAME) !== 0) return 0;
  if (relation !== HOLDS && (roles & BEGINS_NAME) !== 0) return 1;
  if (relation !== HOLDS && (roles & AFTER_SPACE) !== 0) return 2;
  return (roles & IN_NAMES) !== 0 ? 3 : 4;
}

function resized<T extends Uint8Array | Uint32Array>(array: T, size: number): T {
  const larger = new (array.constructor as new (size: number) => T)(size);
  larger.set(array);
  return larger;
}
