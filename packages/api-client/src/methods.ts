import type { EndpointName, endpoints } from '@karta/contracts';
import { type Route, routes } from '@karta/contracts/wire';
import type { z } from 'zod';
import type { Call, CallHeaders, CallOutput, RequestOptions } from './call.ts';

type Endpoints = typeof endpoints;
type Nothing = Record<never, never>;

/** Endpoints whose client call is a wrapper with behaviour of its own (see client.ts). */
const WRAPPED = [
  'importPlaces',
  'exportGeoJson',
  'exportCsv',
  'uploadPhoto',
  'photoThumb',
  'photoLarge',
] as const;
type Wrapped = (typeof WRAPPED)[number];

/**
 * A method's arguments, from its entry: the path's `id`, then the JSON body, then the query (left
 * out when every field is optional), then request options: `getPlace(7)`, `updatePlace(7, patch)`,
 * `listPlaces({ bbox })`, `health()`. The headers an endpoint declares go with the request
 * options, as they say how to send the call rather than what it asks:
 * `createPlace(input, { headers: { 'Idempotency-Key': key } })`.
 */
export type MethodArgs<E> = [
  ...(E extends { params: z.ZodObject<{ id: infer I extends z.ZodType }> } ? [id: z.output<I>] : []),
  ...(E extends { body: infer B extends z.ZodType } ? [body: z.input<B>] : []),
  ...(E extends { query: infer Q extends z.ZodType }
    ? Nothing extends z.output<Q>
      ? [query?: z.output<Q>]
      : [query: z.output<Q>]
    : []),
  request?: RequestOptions & CallHeaders<E>,
];

export type Methods = {
  [N in Exclude<EndpointName, Wrapped>]: (
    ...args: MethodArgs<Endpoints[N]>
  ) => Promise<CallOutput<Endpoints[N]>>;
};

/** Reads a method's arguments back into a call's input, in the order `MethodArgs` gives them. */
function inputOf(route: Route, args: unknown[]): [Record<string, unknown>, RequestOptions | undefined] {
  const input: Record<string, unknown> = {};
  route.args.forEach((arg, index) => {
    if (arg === 'id') input.params = { id: args[index] };
    else if (arg === 'body') input.body = args[index];
    else input.query = args[index] ?? {};
  });
  const { headers, ...request } = (args[route.args.length] ?? {}) as RequestOptions & {
    headers?: Record<string, string | undefined>;
  };
  if (headers) input.headers = headers;
  return [input, request];
}

/** One method per endpoint of the table, each a call of it, named as the table names it. */
export function methodsOf(call: Call): Methods {
  const names = (Object.keys(routes) as EndpointName[]).filter(
    (name): name is Exclude<EndpointName, Wrapped> => !(WRAPPED as readonly string[]).includes(name),
  );
  return Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => {
        const [input, request] = inputOf(routes[name], args);
        return call(name, input as never, request);
      },
    ]),
  ) as Methods;
}
