/**
 * Which words of a sorted vocabulary hold a piece of text: the words holding each three letters
 * in a row of it are listed once, so a search reads only the words of its rarest three letters
 * and checks them (as pg_trgm narrows a `LIKE '%…%'` before checking it).
 */
export class WordsContaining {
  private readonly byGram: Map<string, Int32Array>;

  constructor(private readonly words: readonly string[]) {
    const lists = new Map<string, number[]>();
    words.forEach((word, id) => {
      for (const gram of gramsOf(word)) {
        const list = lists.get(gram);
        if (list) list.push(id);
        else lists.set(gram, [id]);
      }
    });
    this.byGram = new Map([...lists].map(([gram, ids]) => [gram, Int32Array.from(ids)]));
  }

  /** The ids of the words holding `piece`, in no set order; `visit` is called once for each. */
  forEach(piece: string, visit: (id: number) => void): void {
    const candidates = this.candidates(piece);
    if (candidates === 'all') {
      this.words.forEach((word, id) => {
        if (word.includes(piece)) visit(id);
      });
      return;
    }
    for (const id of candidates) {
      if ((this.words[id] as string).includes(piece)) visit(id);
    }
  }

  /** The ids that may hold `piece`: those of its rarest three letters, or all for a shorter piece. */
  private candidates(piece: string): Int32Array | 'all' {
    if (piece.length < 3) return 'all';
    let rarest: Int32Array | undefined;
    for (const gram of gramsOf(piece)) {
      const ids = this.byGram.get(gram);
      if (!ids) return EMPTY;
      if (!rarest || ids.length < rarest.length) rarest = ids;
    }
    return rarest ?? EMPTY;
  }
}

const EMPTY = new Int32Array(0);

/** Every distinct three code units in a row of `text`. */
function gramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i += 1) grams.add(text.slice(i, i + 3));
  return grams;
}
