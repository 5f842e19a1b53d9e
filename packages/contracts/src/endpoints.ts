import type { z } from 'zod';
import { CurrentUser, LoginBody, RegisterBody } from './auth.ts';
import { CategoryList } from './categories.ts';
import { ErrorBody } from './errors.ts';
import { MapQuery, MapResponse } from './map.ts';
import { OwnPlace, PlaceHistory, PlaceInput, PlacePatch, PlaceTransition } from './place-writes.ts';
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
  /** The success status: 200 unless said otherwise. */
  status?: 200 | 201 | 204;
  /** The success body; absent for 204. */
  response?: z.ZodType;
  /** `required`: answers 401 without a session cookie; `sets`: starts a session (sets the cookie). */
  session?: 'required' | 'sets' | 'ends';
  /** Statuses other than the success one this endpoint is documented to answer, with the error body. */
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
  register: {
    method: 'POST',
    path: '/api/v1/auth/register',
    summary: 'Create an account and sign in (sets the session cookie)',
    body: RegisterBody,
    status: 201,
    response: CurrentUser,
    session: 'sets',
    errors: [400, 403, 415, 429],
  },
  login: {
    method: 'POST',
    path: '/api/v1/auth/login',
    summary: 'Sign in with e-mail and password (sets a new session cookie)',
    body: LoginBody,
    response: CurrentUser,
    session: 'sets',
    errors: [400, 401, 403, 415, 429],
  },
  logout: {
    method: 'POST',
    path: '/api/v1/auth/logout',
    summary: 'Sign out: ends the session and clears its cookie',
    status: 204,
    session: 'ends',
    errors: [403],
  },
  me: {
    method: 'GET',
    path: '/api/v1/auth/me',
    summary: 'The signed-in user (401 when not signed in)',
    response: CurrentUser,
    session: 'required',
    errors: [401],
  },
  createPlace: {
    method: 'POST',
    path: '/api/v1/places',
    summary: 'Propose a place: it is pending until a moderator publishes it',
    body: PlaceInput,
    status: 201,
    response: OwnPlace,
    session: 'required',
    errors: [400, 401, 403, 413, 415, 429],
  },
  updatePlace: {
    method: 'PATCH',
    path: '/api/v1/places/{id}',
    summary: 'Edit a place, naming the version the edit is based on (409 when it is stale)',
    params: PlaceIdParams,
    body: PlacePatch,
    response: OwnPlace,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 413, 415, 429],
  },
  transitionPlace: {
    method: 'POST',
    path: '/api/v1/places/{id}/transition',
    summary: 'Publish, reject (with a reason), archive, restore or resubmit a place',
    params: PlaceIdParams,
    body: PlaceTransition,
    response: OwnPlace,
    session: 'required',
    errors: [400, 401, 403, 404, 409, 415, 422, 429],
  },
  placeHistory: {
    method: 'GET',
    path: '/api/v1/places/{id}/history',
    summary: 'Every change of a place: who, when, what (its author and moderators only)',
    params: PlaceIdParams,
    response: PlaceHistory,
    session: 'required',
    errors: [400, 401, 403, 404],
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;

export { ErrorBody };
