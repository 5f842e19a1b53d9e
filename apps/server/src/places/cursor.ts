import { z } from 'zod';

/** Where the previous page ended: its search rank (when searching), distance (when sorted by distance) and id. */
export interface PageCursor {
  /** Search rank of the last row (0 best); absent when the list is not a search. */
  rank?: number;
  distance: number | null;
  id: number;
}

const CursorJson = z.object({
  r: z.number().int().min(0).max(30).optional(),
  d: z.number().min(0).nullable(),
  i: z.number().int().positive(),
});

/** Opaque to clients: base64url of a small JSON object. */
export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ r: cursor.rank, d: cursor.distance, i: cursor.id })).toString(
    'base64url',
  );
}

/** The cursor, or undefined when it is not one of ours (the caller answers 400). */
export function decodeCursor(text: string): PageCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  try {
    const parsed = CursorJson.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (!parsed.success) return undefined;
    const { r, d, i } = parsed.data;
    return r === undefined ? { distance: d, id: i } : { rank: r, distance: d, id: i };
  } catch {
    return undefined;
  }
}
