import type { OpenState, PlaceListItem } from '@karta/contracts';
import { placeOpenState } from '../opening-hours/open-state.ts';
import type { BoundedCount } from './bounded-count.ts';
import { encodeCursor, type PageCursor } from './cursor.ts';
import { type KeptListItem, listItemFromKept, roundedDistance } from './place-row.ts';
import type { PlaceSettings } from './place-settings.ts';
import type { KeptHit } from './rows-by-id.ts';
import { staleCutoff } from './stale.ts';

/**
 * A visitor's list page made of kept items, written as the list's JSON answer without making its
 * items: the hottest read (Near me, a search) spent most of its time making each item object, checking
 * the page against the contract and turning it into text. Each kept item's fixed fields are
 * written once (the text kept beside it); what the clock and the request change (open now, stale,
 * the distance) and what the caller adds (a status note) are written at each read.
 */
export interface KeptPageJson {
  /** The page's places, in order. */
  placeIds: number[];
  /**
   * The answer `{items, total, totalIsLowerBound, nextCursor}` as JSON in UTF-8; `fieldsOf` gives
   * more fields of a place's item, as JSON members in UTF-8 (`"a":1,"b":2`), or undefined.
   */
  json(fieldsOf: (placeId: number) => Buffer | undefined): Buffer;
}

/** The page's parts that are not its items. */
export interface PageRest extends BoundedCount {
  next: PageCursor | null;
}

/**
 * The list page of these kept hits (found in the caught-up map index): its items made when first
 * read, its JSON written from the kept items. Not to be spread: that would make the items.
 */
export function keptPage(
  hits: readonly KeptHit[],
  settings: PlaceSettings,
  rest: PageRest,
): PageRest & { items: PlaceListItem[]; caughtUp: true; kept: KeptPageJson } {
  let items: PlaceListItem[] | undefined;
  return {
    ...rest,
    caughtUp: true,
    get items() {
      items ??= hits.map(({ kept, distance }) => listItemFromKept(kept, distance, settings));
      return items;
    },
    kept: {
      placeIds: hits.map(({ kept }) => kept.item.id),
      json: (fieldsOf) => pageJson(hits, settings, rest, fieldsOf),
    },
  };
}

function pageJson(
  hits: readonly KeptHit[],
  settings: PlaceSettings,
  { total, totalIsLowerBound, next }: PageRest,
  fieldsOf: (placeId: number) => Buffer | undefined,
): Buffer {
  const now = new Date();
  const staleBefore = staleCutoff(settings.staleAfterDays, now.getTime()).getTime();
  // Bytes kept as they are, and the ASCII text written between them (numbers, booleans, a cursor).
  const parts: (Buffer | string)[] = ['{"items":['];
  hits.forEach(({ kept, distance }, i) => {
    const more = fieldsOf(kept.item.id);
    if (i > 0) parts.push(',');
    parts.push(
      fixedJsonOf(kept),
      stateJsonOf(placeOpenState(kept.hoursKey, settings.hours, now)),
      `,"stale":${kept.lastConfirmedAt.getTime() < staleBefore},"distance":${JSON.stringify(roundedDistance(distance))}`,
    );
    if (more) parts.push(',', more);
    parts.push('}');
  });
  const cursor = next === null ? null : encodeCursor(next);
  parts.push(
    `],"total":${total},"totalIsLowerBound":${totalIsLowerBound},"nextCursor":${JSON.stringify(cursor)}}`,
  );
  return joined(parts);
}

/** The parts in one buffer: one allocation, each part copied once. */
function joined(parts: readonly (Buffer | string)[]): Buffer {
  let length = 0;
  for (const part of parts) length += part.length;
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  for (const part of parts) {
    at += typeof part === 'string' ? bytes.write(part, at, 'latin1') : part.copy(bytes, at);
  }
  return bytes;
}

/**
 * `write` made into UTF-8 once per object and kept beside it for as long as the object lives: the
 * JSON of values that are kept and read again unchanged (a kept item's fixed fields, an open
 * state, a place's note facts).
 */
export function jsonOnce<T extends object>(write: (value: T) => string): (value: T) => Buffer {
  const written = new WeakMap<T, Buffer>();
  return (value) => {
    let json = written.get(value);
    if (json === undefined) {
      json = Buffer.from(write(value));
      written.set(value, json);
    }
    return json;
  };
}

/**
 * A kept item's fields that do not change while it is kept, as the start of its JSON object up to
 * `"openState":`.
 */
const fixedJsonOf = jsonOnce((kept: KeptListItem) => {
  const { openState: _state, stale: _stale, distance: _distance, ...fixed } = kept.item;
  return `${JSON.stringify(fixed).slice(0, -1)},"openState":`;
});

/** Open states are shared by every place with the same hours while they hold (open-state.ts). */
const stateJsonOf = jsonOnce((state: OpenState) => JSON.stringify(state));
