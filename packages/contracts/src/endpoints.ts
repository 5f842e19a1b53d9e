import type { z } from 'zod';
import { CategoryList } from './categories.ts';
import { ErrorBody } from './errors.ts';
import { MapQuery, MapResponse } from './map.ts';
import { Place, PlaceIdParams, PlaceList, PlaceListQuery } from './places.ts';
import { ClientConfig, Health } from './system.ts';

/** One HTTP endpoint: the single description that the server, the client and OpenAPI share. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
  /** Statuses other than 200 this endpoint is documented to answer, with the error body. */
  errors: readonly number[];
}

/** Every endpoint of `/api/v1`. Paths use OpenAPI's `{param}` form. */
export const endpoints = {
  health: {
    method: 'GET',
    path: '/api/v1/health',
    summary: 'Whether the service and its database answer (503 when not)',
    response: Health,
    errors: [503],
  },
  config: {
    method: 'GET',
    path: '/api/v1/config',
    summary: 'Runtime configuration for the web app',
    response: ClientConfig,
    errors: [],
  },
  categories: {
    method: 'GET',
    path: '/api/v1/categories',
    summary: 'All categories',
    response: CategoryList,
    errors: [],
  },
  map: {
    method: 'GET',
    path: '/api/v1/map',
    summary: 'Clusters and single published places of a viewport',
    query: MapQuery,
    response: MapResponse,
    errors: [400, 503],
  },
  listPlaces: {
    method: 'GET',
    path: '/api/v1/places',
    summary: 'Published places in a box, nearest first, paginated with a cursor',
    query: PlaceListQuery,
    response: PlaceList,
    errors: [400],
  },
  getPlace: {
    method: 'GET',
    path: '/api/v1/places/{id}',
    summary: 'One place',
    params: PlaceIdParams,
    response: Place,
    errors: [400, 404],
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export { ErrorBody };
