import type { FastifyRequest } from 'fastify';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether the request matched one of the API's routes. Read from the route the router chose
 * (`routeOptions.url`, the pattern such as `/api/v1/places/:id`), never from the raw URL: the
 * router decodes `/%61pi/…` to `/api/…`, so a prefix test on `request.url` let such spellings
 * past every guard. A request no route matched has no pattern and gets the 404.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

/** Whether the request is a write (POST, PUT, PATCH, DELETE) to one of the API's routes. */
export function isApiWrite(request: FastifyRequest): boolean {
  return WRITE_METHODS.has(request.method) && isApiRoute(request);
}
