import { type Endpoint, type EndpointName, endpoints, type FieldIssue } from '@karta/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteOptions,
} from 'fastify';
import type { z } from 'zod';
import { fieldIssues, validationError } from './errors.ts';
import { isLimitedRead, readLimitHook } from './read-limits.ts';

type Parsed<E, K extends string> = E extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
type Answer<E> =
  | (E extends { response: infer S extends z.ZodType } ? z.input<S> : undefined)
  | (E extends { accepted: infer A extends z.ZodType } ? z.input<A> : never);

/** A request whose params, query, headers and body were parsed by the endpoint's contract schemas. */
export type ContractRequest<E> = Omit<FastifyRequest, 'params' | 'query' | 'headers' | 'body'> & {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  /**
   * Every header as Node gives it (lower-case names), plus the endpoint's declared ones parsed,
   * under the names its contract gives them (`Idempotency-Key`).
   */
  headers: FastifyRequest['headers'] & (E extends { headers: z.ZodType } ? Parsed<E, 'headers'> : unknown);
  /** A file body (`bodyTypes`) is what the route's content-type parser gave, unparsed. */
  body: E extends { bodyTypes: readonly string[] } ? unknown : Parsed<E, 'body'>;
};

/** A handler returns the success body (checked against the contract), or the reply it sent itself. */
export type ContractHandler<E> = (
  request: ContractRequest<E>,
  reply: FastifyReply,
) => Answer<E> | FastifyReply | Promise<Answer<E> | FastifyReply>;

export interface ContractRouteExtras {
  /** Fastify route options that are the server's business (rate limits, write guard, body limit). */
  options?: Pick<RouteOptions, 'config' | 'bodyLimit'>;
  /**
   * Rewrites a body's issues before they are answered, given the raw body: codes for translation
   * and checks the contract cannot make (the server's password list). Runs on success too.
   */
  bodyIssues?: (input: Record<string, unknown>, issues: FieldIssue[]) => FieldIssue[];
  /** False skips the response check for a hot route; say why where it is used. */
  checkResponse?: boolean;
}

const PART_NAMES: Record<string, string> = {
  params: 'path',
  querystring: 'query',
  headers: 'header',
  body: 'body',
};

/**
 * The declared headers of a request, by the names the contract gives them: Node hands them over
 * with lower-case names, and HTTP names are case-insensitive.
 */
function declaredHeaders(schema: z.ZodType, data: unknown): Record<string, unknown> {
  const headers = (data ?? {}) as Record<string, unknown>;
  const names = Object.keys((schema as z.ZodObject).shape);
  return Object.fromEntries(names.map((name) => [name, headers[name.toLowerCase()]]));
}

/**
 * Parses a request part with its zod schema. A failure is our 400 `validation_error` with
 * `[{path, message, code?, params?}]` details; Fastify passes an Error through as it is.
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // Parsed headers join the request's own (Fastify adds them), under their contract names.
    const result = schema.safeParse(httpPart === 'headers' ? declaredHeaders(schema, data) : (data ?? {}));
    if (result.success) return { value: result.data };
    const where = PART_NAMES[httpPart ?? ''] ?? 'input';
    return { error: validationError(fieldIssues(result.error), `The request ${where} is not valid`) };
  };

/** The route-level compiler of a route with `bodyIssues`: the body's issues go through it. */
function bodyIssuesCompiler(rewrite: NonNullable<ContractRouteExtras['bodyIssues']>) {
  const plain = validatorCompiler;
  return ((route) => {
    if (route.httpPart !== 'body') return plain(route);
    return (data: unknown) => {
      const input = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      const result = route.schema.safeParse(input);
      const issues = rewrite(input, result.success ? [] : fieldIssues(result.error));
      if (result.success && issues.length === 0) return { value: result.data };
      return { error: validationError(issues, 'The request body is not valid') };
    };
  }) satisfies FastifySchemaCompiler<z.ZodType>;
}

/**
 * Writes a success body after checking it against the contract; unknown fields are left out. A
 * body that breaks it is our bug: a plain Error (a 500, logged and reported), never a ZodError,
 * which the error handler would answer as the client's 400.
 */
const serializerCompiler = ({ schema, url }: { schema: z.ZodType; url: string }) => {
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return JSON.stringify(result.data);
    throw new Error(`The answer of ${url} breaks its contract: ${result.error.message}`);
  };
};

/** `/api/v1/places/{id}` (OpenAPI) as Fastify writes it: `/api/v1/places/:id`. */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Registers the route of one endpoint of the contracts' table: its method, path, the schemas that
 * parse its params, query, headers and body, and the one that checks its success body. The handler sees
 * parsed input and never parses by hand, so the server checks exactly what the document says.
 */
export function defineRoute<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: ContractHandler<(typeof endpoints)[N]>,
  extras: ContractRouteExtras = {},
) {
  const endpoint: Endpoint = endpoints[name];
  const status = endpoint.status ?? 200;
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.headers) schema.headers = endpoint.headers;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response && extras.checkResponse !== false) {
    // A handler that takes the request for later sets 202 itself and answers `accepted`.
    schema.response = {
      [status]: endpoint.response,
      ...(endpoint.accepted ? { 202: endpoint.accepted } : {}),
    };
  }
  const handle = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown;
  // Fastify types its compilers for JSON Schema; ours take the zod schemas of the table.
  const validator = extras.bodyIssues ? bodyIssuesCompiler(extras.bodyIssues) : validatorCompiler;
  // The expensive reads are limited per client here, by endpoint name, before anything else runs.
  const limit = isLimitedRead(name)
    ? { onRequest: readLimitHook(name, () => app.appConfig?.readRateLimitScale ?? 1) }
    : {};
  app.route({
    ...extras.options,
    ...limit,
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema,
    validatorCompiler: validator as unknown as RouteOptions['validatorCompiler'],
    serializerCompiler: serializerCompiler as unknown as RouteOptions['serializerCompiler'],
    handler:
      status === 200
        ? handle
        : (request, reply) => {
            reply.code(status);
            return handle(request, reply);
          },
  });
}
