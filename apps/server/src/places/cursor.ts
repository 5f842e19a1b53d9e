import { z } from 'zod';

/** Where the previous page ended: its last distance (when sorted by distance) and id. */
export interface PageCursor {
  distance: number | null;
  id: number;
}

const CursorJson = z.object({
  d: z.number().min(0).nullable(),
  i: z.number().int().positive(),
});

/** Opaque to clients: base64url of a small JSON object. */
export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ d: cursor.distance, i: cursor.id })).toString('base64url');
}

/** The cursor, or undefined when it is not one of ours (the caller answers 400). */
export function decodeCursor(text: string): PageCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined;
  try {
    const parsed = CursorJson.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? { distance: parsed.data.d, id: parsed.data.i } : undefined;
  } catch {
    return undefined;
  }
}
