import { MapResponse } from '@karta/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The map's answer at the highest zoom in a small box around a spot, through HTTP. */
async function mapAround(app: FastifyInstance, spot: { lat: number; lng: number }): Promise<MapResponse> {
  const d = 0.002;
  const bbox = [spot.lng - d, spot.lat - d, spot.lng + d, spot.lat + d].join(',');
  const response = await app.inject({ method: 'GET', url: `/api/v1/map?bbox=${bbox}&zoom=18` });
  expect(response.statusCode, response.body).toBe(200);
  return MapResponse.parse(response.json());
}

/** The ids of the single places an app draws around a spot at the highest zoom. */
export async function placesAround(
  app: FastifyInstance,
  spot: { lat: number; lng: number },
): Promise<number[]> {
  return (await mapAround(app, spot)).places.map((place) => place.id);
}

/** How many places an app shows around a spot at the highest zoom, single or clustered. */
export async function countAround(app: FastifyInstance, spot: { lat: number; lng: number }): Promise<number> {
  const body = await mapAround(app, spot);
  return body.places.length + body.clusters.reduce((sum, cluster) => sum + cluster.count, 0);
}

/** Waits until `condition` holds, for at most `ms`; returns how long it took. */
export async function within(ms: number, condition: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`Not on the map within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

/** Published exact places with no other place within ~300 m: single markers at zoom 18. */
export const LONELY_PLACES_SQL = `SELECT id, lat, lng FROM places p WHERE status = 'published' AND location_privacy = 'exact'
  AND NOT EXISTS (SELECT 1 FROM places q WHERE q.id <> p.id AND abs(q.lat - p.lat) < 0.003 AND abs(q.lng - p.lng) < 0.003)
  ORDER BY id`;
