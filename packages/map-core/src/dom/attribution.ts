/**
 * Tile sources whose name in an attribution becomes a link to their terms. The links are ours:
 * the operator's `TILE_ATTRIBUTION` is text, never markup, so a mistyped or hostile value cannot
 * put elements or scripts on every map.
 */
const KNOWN_SOURCES = [{ name: 'OpenStreetMap', href: 'https://www.openstreetmap.org/copyright' }] as const;

/**
 * The attribution as nodes to put in the engine's attribution box: the operator's text as text,
 * with each mention of a known tile source linked to its copyright page.
 */
export function attributionNodes(text: string): Node[] {
  const nodes: Node[] = [];
  let rest = text;
  for (;;) {
    const next = KNOWN_SOURCES.map((source) => ({ source, at: rest.indexOf(source.name) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    if (next.at > 0) nodes.push(document.createTextNode(rest.slice(0, next.at)));
    const link = document.createElement('a');
    link.href = next.source.href;
    link.textContent = next.source.name;
    nodes.push(link);
    rest = rest.slice(next.at + next.source.name.length);
  }
  if (rest) nodes.push(document.createTextNode(rest));
  return nodes;
}

/** The same as markup with the text escaped, for engines whose attribution box takes HTML. */
export function attributionHtml(text: string): string {
  const holder = document.createElement('span');
  holder.append(...attributionNodes(text));
  return holder.innerHTML;
}
