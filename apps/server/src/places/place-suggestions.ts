import type { LatLng, PlaceListItem } from '@karta/contracts';
import type { Queryable } from '../db/database.ts';
import { fieldFiltersSql, type PlaceFieldFilter } from './field-filters.ts';
import type { Actor } from './place-rules.ts';
import { createPlaceSearch } from './place-search.ts';
import type { PlaceSettings } from './place-settings.ts';
import { Sql } from './place-sql.ts';

export interface SuggestQuery {
  q: string;
  origin?: LatLng;
  categories?: readonly string[];
  fieldFilters?: readonly PlaceFieldFilter[];
  limit: number;
}

/** The type-ahead's reader: a few published places for a search box, read with the app's `settings`. */
export function createPlaceSuggestions(db: Queryable, settings: PlaceSettings) {
  const search = createPlaceSearch(db, settings);
  return {
    /**
     * A few published places for a search box: the first page of the ranked search (exact name,
     * then names and words of names beginning with the text, then other matches, then typos),
     * nearest first within a rank, without a count; bounded however common the text (see
     * place-search.ts).
     */
    async suggest(query: SuggestQuery, viewer: Actor | null): Promise<PlaceListItem[]> {
      const sql = new Sql();
      const where = [`p.status = 'published'`];
      if (query.categories && query.categories.length > 0) {
        where.push(
          `p.category_id IN (SELECT id FROM categories WHERE slug = ANY(${sql.param(query.categories, 'text[]')}))`,
        );
      }
      if (query.fieldFilters) where.push(...fieldFiltersSql(query.fieldFilters, sql.param));
      const page = await search.search(
        {
          q: query.q,
          where,
          params: sql.params,
          origin: query.origin,
          limit: query.limit,
          withTotal: false,
        },
        viewer,
      );
      return page.items;
    },
  };
}
