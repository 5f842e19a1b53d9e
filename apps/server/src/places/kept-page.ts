import type { OpenState, PlaceListItem } from '@karta/contracts';
import { placeOpenState } from '../opening-hours/open-state.ts';
import type { BoundedCount } from './bounded-count.ts';
import { encodeCursor, type PageCursor } from './cursor.ts';
import { type KeptListItem, listItemFromKept, roundedDistance } from './place-row.ts';
import type { PlaceSettings } from './place-settings.ts';
import type { KeptHit } from './rows-by-id.ts';
import { isStale } from './stale.ts';

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
   * The answer `{items, total, totalIsLowerBound, nextCursor}` as JSON text; `fieldsOf` gives
   * more fields of a place's item, as JSON members (`"a":1,"b":2`), or undefined.
   */
  json(fieldsOf: (placeId: number) => string | undefined): string;
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
  fieldsOf: (placeId: number) => string | undefined,
): string {
  const now = new Date();
  const items = hits.map(({ kept, distance }) => {
    const more = fieldsOf(kept.item.id);
    return (
      `${fixedJsonOf(kept)},"openState":${stateJsonOf(placeOpenState(kept.hoursKey, settings.hours, now))}` +
      `,"stale":${isStale(kept.lastConfirmedAt, settings.staleAfterDays, now.getTime())}` +
      `,"distance":${JSON.stringify(roundedDistance(distance))}${more === undefined ? '' : `,${more}`}}`
    );
  });
  const cursor = next === null ? null : encodeCursor(next);
  return `{"items":[${items.join(',')}],"total":${total},"totalIsLowerBound":${totalIsLowerBound},"nextCursor":${JSON.stringify(cursor)}}`;
}

/** A kept item's fields that do not change while it is kept, as the start of its JSON object. */
const fixedJson = new WeakMap<KeptListItem, string>();

function fixedJsonOf(kept: KeptListItem): string {
  let json = fixedJson.get(kept);
  if (json === undefined) {
    const { openState: _state, stale: _stale, distance: _distance, ...fixed } = kept.item;
    json = JSON.stringify(fixed).slice(0, -1);
    fixedJson.set(kept, json);
  }
  return json;
}

/** Open states are shared by every place with the same hours while they hold (open-state.ts). */
const stateJson = new WeakMap<OpenState, string>();

function stateJsonOf(state: OpenState): string {
  let json = stateJson.get(state);
  if (json === undefined) {
    json = JSON.stringify(state);
    stateJson.set(state, json);
  }
  return json;
}
