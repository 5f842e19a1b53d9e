import { describe, expect, it } from 'vitest';
import { highlightMatches } from './highlight-matches.ts';

function marked(text: string, query: string): string {
  return highlightMatches(text, query)
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join('');
}

describe('highlightMatches', () => {
  it('marks a match whatever its case and diacritics, on both sides', () => {
    expect(marked('Cvjetni trg', 'cvjetni')).toBe('[Cvjetni] trg');
    expect(marked('Željeznički kolodvor', 'zeljeznicki')).toBe('[Željeznički] kolodvor');
    expect(marked('Zeljeznicki kolodvor', 'Željez')).toBe('[Zeljez]nicki kolodvor');
    expect(marked('Đurđevac', 'djur')).toBe('Đurđevac');
    expect(marked('Đurđevac', 'durd')).toBe('[Đurđ]evac');
  });

  it('marks every word of the search, wherever it occurs', () => {
    expect(marked('Ljekarna Ilica, Ilica 12', 'ilica lje')).toBe('[Lje]karna [Ilica], [Ilica] 12');
  });

  it('keeps the text whole when nothing matches, and markup as plain text', () => {
    expect(highlightMatches('<b>Park</b>', 'zoo')).toEqual([{ text: '<b>Park</b>', match: false }]);
    expect(highlightMatches('Park', '  ,. ')).toEqual([{ text: 'Park', match: false }]);
  });
});
