import { mapAsksForMatches } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/contract-route.ts';
import { NotReadyError, validationError } from '../http/errors.ts';
import { createMatchesMap } from '../map-index/matches-map.ts';
import { indexFilters } from '../places/field-filters.ts';
import { listFilterProblems } from '../places/list-filters.ts';
import { staleCutoff } from '../places/stale.ts';
import { fieldFiltersOf } from './field-filters.ts';

/**
 * Clusters and single places of a viewport, answered by the in-memory index (no database trip);
 * with a search, a circle or a spot, those of its matches alone, every one of them, from the same
 * index (select-matches.ts), or from the database where the index leaves the set to it
 * (matches-map.ts).
 */
export async function mapRoutes(app: FastifyInstance) {
  const matchesMap = createMatchesMap(app.placeRepository, {
    maxZoom: app.appConfig.map.maxZoom,
    origin: app.appConfig.map.defaultCenter,
  });

  defineRoute(
    app,
    'map',
    async ({ query }, reply) => {
      // The list's rules for its filters hold here too (a radius needs its point, and so on).
      const problems = listFilterProblems(query);
      if (problems.length > 0) throw validationError(problems);
      const fieldFilters = await fieldFiltersOf(app, query.f);
      const viewport = {
        bbox: query.bbox,
        zoom: query.zoom,
        categories: query.category,
        lang: query.lang,
        openNow: query.openNow,
        ...(fieldFilters.length > 0 ? { filters: indexFilters(fieldFilters) } : {}),
        staleBefore: staleCutoff(app.appConfig.staleAfterDays).getTime(),
      };
      // Already JSON (encoded by the index's worker): a string with a JSON type is sent as it is.
      const sendJson = (json: string) => reply.type('application/json; charset=utf-8').send(json);
      if (mapAsksForMatches(query)) {
        const { q, near, radius, covers } = query;
        const fromIndex = await app.mapIndex
          .matchesJson({ q, near, radius, covers }, viewport)
          .catch((error) => {
            if (error instanceof NotReadyError) return null;
            throw error;
          });
        if (fromIndex !== null) return sendJson(fromIndex);
        // The index's place in the change log names the data the set was read from.
        const version = app.mapIndex.lastBuild?.changeId ?? 0;
        return reply.send(await matchesMap.answer(query, fieldFilters, version));
      }
      return sendJson(await app.mapIndex.queryJson(viewport));
    },
    // The hottest route (decision 012): its answer is built by our own index, tested against the
    // contract in map.test.ts, so it is not parsed again on every request.
    { checkResponse: false },
  );
}
