import { z } from 'zod';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth.ts';
import { type Endpoint, endpoints } from './endpoints.ts';
import { ErrorBody } from './errors.ts';
import { TOKEN_SCOPE_OF } from './token-scopes.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request (`validation_error`, with `[{path, message}]` details for fields)',
  401: 'Not signed in, or an `Authorization: Bearer` API token that is unknown, revoked or expired (`token_invalid`)',
  403: 'Not allowed: a role the user lacks (`forbidden`), a write from another site (`forbidden_origin`), or an API token without the scope this needs or used where tokens may not go (`token_not_allowed`)',
  404: 'Not found',
  408: 'The request took too long to arrive',
  409: 'Conflict or stale version',
  413: 'Payload too large',
  414: 'URL too long',
  415: 'Unsupported content type (send application/json)',
  422: 'Not allowed in this state, a real import with refused rows, or an `Idempotency-Key` sent again with another request (`idempotency_key_reused`)',
  429: 'Rate limited (see `Retry-After`)',
  431: 'Request headers too large',
  500: 'Unexpected error (reported to the maintainers)',
  501: 'Not offered by this site: an oEmbed answer as XML (`oembed_format_unsupported`)',
  503: 'Database or map index unavailable, or the server is shutting down: try again shortly',
  507: 'Insufficient storage: changes are refused until space is freed',
};

/**
 * Answers any request can get before or beside its handler: a malformed or oversized request, a
 * refused API token, a fault.
 */
const EVERY_REQUEST = [400, 401, 403, 408, 414, 431, 500, 503];
/**
 * Answers any write can get from the server's guards: another site's Origin, a body too large or
 * not JSON, the per-user write limit, a disk running out of space.
 */
const EVERY_WRITE = [403, 413, 415, 429, 507];

/** Every error status of an endpoint: its own and the guards', in order. */
function errorStatuses(endpoint: Endpoint): number[] {
  const guards = endpoint.method === 'GET' ? EVERY_REQUEST : [...EVERY_REQUEST, ...EVERY_WRITE];
  return [...new Set([...endpoint.errors, ...guards])].sort((a, b) => a - b);
}

/** JSON Schema of a payload as the client sends it (`input`) or receives it (`output`). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parametersOf(location: 'query' | 'path' | 'header', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description } = field as z.ZodType;
    return {
      name,
      in: location,
      ...(description ? { description } : {}),
      required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
      schema: schemaOf(field as z.ZodType, 'input'),
    };
  });
}

const SUCCESS_TEXT = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Found: a redirect to `Location`',
  303: 'See other: a redirect to `Location`',
} as const;
const SESSION_SCHEME = 'sessionCookie';
const TOKEN_SCHEME = 'apiToken';

/**
 * Who may call an endpoint: a session cookie where one is required, or an API token with the
 * scope it needs (OpenAPI lists the scope; `[]` means any token); `{}` makes it optional.
 */
function securityOf(name: string, endpoint: Endpoint) {
  const token = Object.hasOwn(TOKEN_SCOPE_OF, name)
    ? [{ [TOKEN_SCHEME]: [TOKEN_SCOPE_OF[name as keyof typeof TOKEN_SCOPE_OF]].filter((s) => s !== null) }]
    : [];
  if (endpoint.session === 'required') return [{ [SESSION_SCHEME]: [] }, ...token];
  return token.length > 0 ? [{}, ...token] : [];
}

function operationOf(name: string, endpoint: Endpoint) {
  const success = endpoint.status ?? 200;
  const responses: Record<string, unknown> = {
    [String(success)]: {
      description: SUCCESS_TEXT[success],
      ...(endpoint.download
        ? { content: { [endpoint.download.type]: { schema: schemaOf(endpoint.download.schema, 'output') } } }
        : endpoint.response
          ? { content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } } }
          : {}),
      ...(endpoint.session === 'sets' || endpoint.session === 'ends'
        ? {
            headers: {
              'Set-Cookie': {
                description:
                  endpoint.session === 'sets'
                    ? `The new session: ${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax; Path=/ (over HTTPS: ${SECURE_SESSION_COOKIE}=…; Secure)`
                    : `Clears the session cookie`,
                schema: { type: 'string' },
              },
            },
          }
        : {}),
    },
  };
  if (endpoint.accepted) {
    responses['202'] = {
      description: 'Accepted: it finishes when the link e-mailed is followed (no session is set)',
      content: { 'application/json': { schema: schemaOf(endpoint.accepted, 'output') } },
    };
  }
  for (const status of errorStatuses(endpoint)) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(securityOf(name, endpoint).length > 0 ? { security: securityOf(name, endpoint) } : {}),
    parameters: [
      ...parametersOf('path', endpoint.params),
      ...parametersOf('query', endpoint.query),
      ...parametersOf('header', endpoint.headers),
    ],
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } },
          },
        }
      : endpoint.bodyTypes
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                endpoint.bodyTypes.map((type) => [type, { schema: { type: 'string' } }]),
              ),
            },
          }
        : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the whole API, generated from the zod schemas. */
export function buildOpenApiDocument(info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, unknown>)[endpoint.method.toLowerCase()] = operationOf(
      name,
      endpoint,
    );
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Karta API',
      version: info.version,
      description: 'A self-hostable community map of places.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { ErrorBody: schemaOf(ErrorBody, 'output') },
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `${SESSION_COOKIE} over plain HTTP; ${SECURE_SESSION_COOKIE} when the site is HTTPS`,
        },
        [TOKEN_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'karta_<prefix>_<secret>',
          description:
            'An API token made with POST /api/v1/tokens, acting as its user within its scopes (places:read, places:propose, moderate, import)',
        },
      },
    },
  };
}
