/** A run of a name: the part the search matched, or the text between matches. */
export interface TextPart {
  text: string;
  match: boolean;
}

/** The letters the server's search compares: lower case, without accents (Đ has none to strip, so it is mapped). */
function foldCharacter(character: string): string {
  return character
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/đ/gi, 'd')
    .toLowerCase();
}

/**
 * Splits `text` into the parts that match a word of `query` and the rest, ignoring case and
 * diacritics as the search does ("cvjetni" marks "Cvjetni" in "Cvjetni trg", "zeljez" marks
 * "Željez"). Returns plain strings, to be rendered as text.
 */
export function highlightMatches(text: string, query: string): TextPart[] {
  // Fold the text character by character, remembering where each folded character came from.
  const characters = Array.from(text);
  let folded = '';
  const origin: number[] = [];
  characters.forEach((character, index) => {
    const part = foldCharacter(character);
    folded += part;
    for (let i = 0; i < part.length; i += 1) origin.push(index);
  });

  const marked = new Array<boolean>(characters.length).fill(false);
  const words = foldCharacter(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  for (const word of words) {
    for (let at = folded.indexOf(word); at !== -1; at = folded.indexOf(word, at + word.length)) {
      for (let i = at; i < at + word.length; i += 1) marked[origin[i] as number] = true;
    }
  }

  const parts: TextPart[] = [];
  characters.forEach((character, index) => {
    const match = marked[index] as boolean;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += character;
    else parts.push({ text: character, match });
  });
  return parts;
}
