/** OpenStreetMap's credit, which its licence (the ODbL) asks for: used when an archive names none. */
export const DEFAULT_BASEMAP_ATTRIBUTION = '© OpenStreetMap contributors';

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
};

/**
 * An archive's `attribution` as text: a Protomaps build's is HTML (links to Protomaps and
 * OpenStreetMap), and the map shows the credit as text and links the names itself, as it does
 * TILE_ATTRIBUTION's.
 */
export function attributionText(metadata: unknown): string {
  const raw =
    metadata && typeof metadata === 'object' && 'attribution' in metadata ? metadata.attribution : undefined;
  if (typeof raw !== 'string') return DEFAULT_BASEMAP_ATTRIBUTION;
  const text = raw
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
      const hex = name[1] === 'x' || name[1] === 'X';
      const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return text || DEFAULT_BASEMAP_ATTRIBUTION;
}
