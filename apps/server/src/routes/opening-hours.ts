import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/contract-route.ts';
import { previewHours } from '../opening-hours/week.ts';

/** What opening hours mean, for the form's live preview and the place page's week. */
export async function openingHoursRoutes(app: FastifyInstance) {
  const { hours, map } = app.appConfig;
  defineRoute(app, 'previewHours', async ({ query }) => {
    const point = query.near ?? map.defaultCenter;
    return previewHours(
      query.value,
      new Date(),
      { ...hours, lat: point.lat, lng: point.lng },
      { locale: query.lang ?? 'en', picker: query.picker },
    );
  });
}
