import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.ts';

describe('KeptAnswers', () => {
  /** Answers of `size` places, and how many times each question was read. */
  function answers(most: number, largest: number) {
    const reads = new Map<string, number>();
    const kept = new KeptAnswers<number[] | null>((answer) => answer?.length ?? 0, most, largest);
    const ask = (question: string, size: number | null) =>
      kept.answer(question, () => {
        reads.set(question, (reads.get(question) ?? 0) + 1);
        return size === null ? null : Array.from({ length: size }, (_, i) => i);
      });
    return { kept, ask, reads };
  }

  it('reads a question once until it is forgotten, null answers too', () => {
    const { kept, ask, reads } = answers(4, 100);
    expect(ask('a', 3)).toEqual([0, 1, 2]);
    expect(ask('a', 3)).toEqual([0, 1, 2]);
    ask('none', null);
    expect(ask('none', null)).toBeNull();
    expect(reads).toEqual(
      new Map([
        ['a', 1],
        ['none', 1],
      ]),
    );
    kept.clear();
    ask('a', 3);
    expect(reads.get('a')).toBe(2);
  });

  it('lets the least recently asked go first, past the number of answers or of places', () => {
    const { ask, reads } = answers(3, 10);
    ask('a', 1);
    ask('b', 1);
    ask('c', 1);
    ask('a', 1); // asked again: now the most recent
    ask('d', 1); // four answers: b goes
    ask('a', 1);
    ask('c', 1);
    ask('b', 1);
    expect(reads).toEqual(
      new Map([
        ['a', 1],
        ['b', 2],
        ['c', 1],
        ['d', 1],
      ]),
    );
    ask('big', 9); // 1 + 1 + 1 + 9 places: the oldest go until 10 or fewer are held
    ask('b', 1);
    ask('big', 9);
    expect(reads.get('big')).toBe(1);
    expect(reads.get('b')).toBe(2);
    ask('huge', 11); // more than the whole room: answered, never kept
    ask('huge', 11);
    expect(reads.get('huge')).toBe(2);
  });
});
