import type { FastifyInstance } from 'fastify';
import { GeocoderUnavailableError } from '../geocoding/geocode-source.ts';
import { defineRoute } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';

/**
 * Address search and the address at a point, through the site's geocoder (README, "Address
 * search"). What a visitor typed is never logged: request logs carry the route, not the URL.
 */
export async function geocodeRoutes(app: FastifyInstance) {
  const geocoderOrOff = () => {
    if (!app.geocoder) throw new GeocoderUnavailableError('Address search is off on this site');
    return app.geocoder;
  };

  defineRoute(app, 'geocode', async ({ query }) => geocoderOrOff().search(query));

  defineRoute(app, 'reverseGeocode', async ({ query }) => {
    const answer = await geocoderOrOff().reverse(query);
    if (!answer) throw new AppError('not_found', 'No address is known at this point');
    return answer;
  });
}
