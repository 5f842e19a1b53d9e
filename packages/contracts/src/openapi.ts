import { z } from 'zod';
import { SESSION_COOKIE } from './auth.ts';
import { type Endpoint, endpoints } from './endpoints.ts';
import { ErrorBody } from './errors.ts';

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid request',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict or stale version',
  413: 'Payload too large',
  415: 'Unsupported content type (send application/json)',
  422: 'Transition not allowed',
  429: 'Rate limited',
  503: 'Database unavailable',
  507: 'Insufficient storage',
};

/** JSON Schema of a payload as the client sends it (`input`) or receives it (`output`). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parametersOf(location: 'query' | 'path', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: schemaOf(field as z.ZodType, 'input'),
  }));
}

const SUCCESS_TEXT = { 200: 'OK', 201: 'Created', 204: 'No content' } as const;
const SESSION_SCHEME = 'sessionCookie';

function operationOf(name: string, endpoint: Endpoint) {
  const success = endpoint.status ?? 200;
  const responses: Record<string, unknown> = {
    [String(success)]: {
      description: SUCCESS_TEXT[success],
      ...(endpoint.responseTypes
        ? {
            content: Object.fromEntries(
              endpoint.responseTypes.map((type) => [type, { schema: { type: 'string' } }]),
            ),
          }
        : endpoint.response
          ? { content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } } }
          : {}),
      ...(endpoint.session === 'sets' || endpoint.session === 'ends'
        ? {
            headers: {
              'Set-Cookie': {
                description:
                  endpoint.session === 'sets'
                    ? `The new session: ${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax; Path=/ (Secure over HTTPS)`
                    : `Clears ${SESSION_COOKIE}`,
                schema: { type: 'string' },
              },
            },
          }
        : {}),
    },
  };
  for (const status of [...endpoint.errors, 500]) {
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? 'Unexpected error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    ...(endpoint.session === 'required' ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    parameters: [...parametersOf('path', endpoint.params), ...parametersOf('query', endpoint.query)],
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
      securitySchemes: { [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}
