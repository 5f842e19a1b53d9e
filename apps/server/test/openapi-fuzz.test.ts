import { ErrorBody } from '@karta/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, nextAddress, signedInUser } from './support/auth.ts';
import {
  encodeComponent,
  everyNodeReplaced,
  hostileStrings,
  type JsonSchema,
  jsonBody,
  mutated,
  POISONS,
  plausibleFor,
  queryTexts,
  type Seeds,
  useKnownIntegers,
} from './support/hostile-arbitraries.ts';
import { insertPlace } from './support/places.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Fuzzes every operation of the OpenAPI document the server serves, anonymously and as each role,
 * with requests shaped by the document's own schemas and mixed with hostile values. Whatever
 * arrives: never a 5xx, always the error shape (docs/product-rules.md §Errors), and a refused write
 * changes nothing.
 */

/** Requests per operation; every run of the suite draws new ones (the seed is printed on failure). */
const RUNS_PER_OPERATION = Number(process.env.KARTA_FUZZ_RUNS ?? 150);
/**
 * The same requests on every run unless `KARTA_FUZZ_SEED` says otherwise (`random` draws anew), so
 * a landing is never failed by luck; run it with other seeds to look further.
 */
const SEED =
  process.env.KARTA_FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.KARTA_FUZZ_SEED ?? 20261123);
/** `KARTA_FUZZ_TRACE=1` prints the first requests of each status and a tally, to see how deep it gets. */
const TRACE = process.env.KARTA_FUZZ_TRACE === '1';
/** Several accounts per role, so the per-user write limit (60 a minute) leaves most requests through. */
const ACCOUNTS_PER_ROLE = 4;
const ROLES = ['anonymous', 'contributor', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

let t: TestApp;
let app: FastifyInstance;
let operations: Operation[] = [];
const sessions: Record<Role, string[]> = {
  anonymous: [],
  contributor: [],
  moderator: [],
  admin: [],
};
/** Ids that exist (places of every status, categories, flags, users), so paths reach real rows. */
const knownIds: number[] = [];

/** A digest of everything a write may change; sessions and sign-in times are left out. */
async function stateDigest(): Promise<string> {
  const { rows } = await app.database.query<{ digest: string }>(
    `SELECT md5(concat_ws('#',
       (SELECT string_agg(p::text, '|' ORDER BY id) FROM places p),
       (SELECT string_agg(c::text, '|' ORDER BY id) FROM categories c),
       (SELECT string_agg(f::text, '|' ORDER BY id) FROM flags f),
       (SELECT string_agg(concat_ws(',', id, email, display_name, role, disabled, password_hash), '|' ORDER BY id)
          FROM users),
       (SELECT count(*) FROM place_history)::text)) AS digest`,
  );
  return rows[0]?.digest ?? '';
}

/** Plausible query values whose wire form the schemas cannot tell (a box, a point, a slug list). */
const querySeeds: Seeds = {
  bbox: fc.constantFrom('15.9,45.7,16.1,45.9', '-180,-90,180,90', '15.99,45.79,16.01,45.81'),
  zoom: fc.constantFrom('3', '10', '15', '18'),
  near: fc.constantFrom('45.8,16', '45.81,15.98'),
  covers: fc.constantFrom('45.8,16', '45.81,15.98'),
  origin: fc.constantFrom('45.8,16', '45.81,15.98'),
  radius: fc.constantFrom('500', '5000'),
  category: fc.constantFrom('market', 'pharmacy', 'market,pharmacy'),
  q: fc.constantFrom('fixture', 'market', 'zag', 'place'),
  name: fc.constantFrom('Fixture place', 'Market'),
  lang: fc.constantFrom('hr', 'en'),
  limit: fc.constantFrom('1', '5', '50'),
  status: fc.constantFrom('pending', 'published', 'pending,rejected'),
  // A cursor comes from an answer; made-up ones are the hostile values' job.
  cursor: fc.constant(undefined),
};

/** Plausible body values the schemas cannot tell (a free e-mail, a password that passes the rules). */
const bodySeeds: Seeds = {
  email: fc.nat().map((n) => `fuzz.${process.pid}.${n}@example.org`),
  password: fc.constant(GOOD_PASSWORD),
  displayName: fc.constant('Fuzz Tester'),
  phone: fc.constantFrom('+385 1 234 5678', '01 4567 890'),
  website: fc.constantFrom('https://example.org/place', 'http://karta.example.org'),
  address: fc.constantFrom('Ilica 1, Zagreb', 'Trg bana Jelačića 3'),
  lat: fc.double({ min: 45.7, max: 45.9, noNaN: true }),
  lng: fc.double({ min: 15.9, max: 16.1, noNaN: true }),
  $recordKey: fc.constantFrom('en', 'hr'),
};

/** Import files: CSV and GeoJSON shaped like real ones, with hostile cells. */
const importText = fc.oneof(
  fc
    .array(fc.constantFrom(...hostileStrings, 'Fuzz place', '45.8', '16', 'pharmacy', '100m'), {
      minLength: 5,
      maxLength: 5,
    })
    .map(
      (cells) =>
        `name_en,lat,lng,category,location_privacy\n${cells.map((c) => JSON.stringify(c)).join(',')}\n`,
    ),
  fc
    .record({
      name: fc.constantFrom(...hostileStrings, 'Fuzz place'),
      lat: fc.constantFrom(45.8, 5e-324, 1e308, -91, 0),
      lng: fc.constantFrom(16, 5e-324, -181, 0),
      category: fc.constantFrom('pharmacy', '', '\u0000'),
      external_id: fc.constantFrom(...hostileStrings, 'ext-1'),
    })
    .map(({ name, lat, lng, category, external_id }) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [lng, lat] },
            properties: { name_en: name, category, external_id },
          },
        ],
      }),
    ),
);

function parametersIn(operation: Operation, where: 'path' | 'query'): JsonSchema {
  const parameters = operation.parameters.filter((parameter) => parameter.in === where);
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** A request's parts before they are written as HTTP: values by name, and the body. */
interface RequestParts {
  path: unknown;
  query: unknown;
  body: unknown;
}

const asRecord = (value: unknown) =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;

function fileTypesOf(operation: Operation): string[] {
  return Object.keys(operation.requestBody?.content ?? {}).filter((type) => type !== 'application/json');
}

/** Plausible parts of a request to `operation`: shaped by its schemas and the seeds. */
function plausibleParts(operation: Operation): fc.Arbitrary<RequestParts> {
  const jsonSchema = operation.requestBody?.content['application/json']?.schema;
  return fc.record({
    path: plausibleFor(parametersIn(operation, 'path'), { id: fc.constantFrom(...knownIds.map(String)) }),
    query: plausibleFor(parametersIn(operation, 'query'), querySeeds),
    body: jsonSchema
      ? plausibleFor(jsonSchema, bodySeeds)
      : fileTypesOf(operation).length > 0
        ? importText
        : fc.constant(undefined),
  });
}

/** Operations that end the session they are sent with. */
const SESSION_ENDING = new Set(['logout', 'login', 'register', 'confirmRegistration']);

/** The HTTP request of `parts`, sent as `role` (what ends a session is always sent anonymously). */
function toRequest(
  operation: Operation,
  parts: RequestParts,
  session: string | undefined,
  fileType: string | undefined,
): InjectOptions & { url: string } {
  let url = operation.path;
  for (const [name, value] of Object.entries(asRecord(parts.path))) {
    url = url.replace(`{${name}}`, encodeComponent(queryTexts(value)[0] ?? ''));
  }
  const pairs = Object.entries(asRecord(parts.query)).flatMap(([name, value]) =>
    queryTexts(value).map((text) => `${name}=${encodeComponent(text)}`),
  );
  if (pairs.length > 0) url += `?${pairs.join('&')}`;
  // Signing out ends the session it is sent with, and signing in or registering ends it too (a
  // new session replaces the one presented, against session fixation): the other requests still
  // need it, so these are sent anonymously.
  const token = SESSION_ENDING.has(operation.operationId) ? undefined : session;
  const isJson = operation.requestBody?.content['application/json'] !== undefined;
  const sent =
    parts.body === undefined
      ? null
      : isJson
        ? { type: 'application/json', payload: jsonBody(parts.body) }
        : { type: fileType ?? 'text/plain', payload: queryTexts(parts.body)[0] ?? '' };
  return {
    method: operation.method.toUpperCase() as InjectOptions['method'],
    url,
    remoteAddress: nextAddress(),
    headers: {
      ...(token ? { cookie: `karta_session=${token}` } : {}),
      ...(sent ? { 'content-type': sent.type } : {}),
    },
    ...(sent ? { payload: sent.payload } : {}),
  };
}

function requestArbitrary(operation: Operation): fc.Arbitrary<InjectOptions & { url: string }> {
  const fileTypes = fileTypesOf(operation);
  return fc
    .record({
      role: fc.constantFrom(...ROLES),
      account: fc.nat(ACCOUNTS_PER_ROLE - 1),
      parts: mutated(plausibleParts(operation)),
      fileType: fileTypes.length ? fc.constantFrom(...fileTypes) : fc.constant(undefined),
    })
    .map(({ role, account, parts, fileType }) =>
      toRequest(operation, parts, sessions[role][account], fileType),
    );
}

/** Requests the sweep sends per admin account, below the write limit (60 a minute per user). */
const SWEEP_REQUESTS_PER_ACCOUNT = 50;
let sweepSession: { token: string; used: number } | undefined;

/** The sweep's admin session, a new account every few dozen requests so no limit hides a poison. */
async function sweepAdmin(): Promise<string> {
  if (!sweepSession || sweepSession.used >= SWEEP_REQUESTS_PER_ACCOUNT) {
    sweepSession = { token: (await signedInUser(app, 'admin')).token, used: 0 };
  }
  sweepSession.used += 1;
  return sweepSession.token;
}

let emailCounter = 0;

/**
 * The same request with an e-mail of its own: sign-in attempts at one account slow down after a
 * few failures (by design), which would only make the sweep wait.
 */
function withFreshEmail(parts: RequestParts): RequestParts {
  const body = parts.body;
  if (!body || typeof body !== 'object' || typeof (body as { email?: unknown }).email !== 'string')
    return parts;
  emailCounter += 1;
  return { ...parts, body: { ...body, email: `sweep${emailCounter}.${(body as { email: string }).email}` } };
}

/**
 * Plausible parts of a request that the server accepts as an admin, so a poison put in any one
 * spot is the only thing wrong with it (the first of a few draws, when none is accepted).
 */
async function acceptedParts(operation: Operation): Promise<RequestParts> {
  const draws = fc.sample(plausibleParts(operation), { numRuns: 40, seed: 20261123 });
  for (const parts of draws) {
    const response = await app.inject(
      toRequest(operation, parts, await sweepAdmin(), fileTypesOf(operation)[0]),
    );
    if (response.statusCode < 300) return parts;
  }
  return draws[0] as RequestParts;
}

/**
 * Sends a request and checks what every answer must be; returns what was wrong, or null. `statuses`
 * tallies the answers by operation and status.
 */
async function check(
  operation: Operation,
  request: InjectOptions & { url: string },
  statuses: Map<string, number>,
): Promise<string | null> {
  const isWrite = operation.method !== 'get';
  const before = isWrite ? await stateDigest() : '';
  let response: Awaited<ReturnType<typeof app.inject>>;
  try {
    response = await app.inject(request);
  } catch (error) {
    // A 200 cut off mid-way (a truncated export that looks complete) ends up here.
    return `${request.method} ${request.url.slice(0, 300)}: the answer broke off: ${(error as Error).message}`;
  }
  const key = `${operation.operationId} ${response.statusCode}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const where = `${request.method} ${request.url.slice(0, 300)} ${String(request.payload ?? '').slice(0, 200)} → ${response.statusCode}`;
  if (TRACE && (statuses.get(key) ?? 0) <= 3) console.log(`${where} ${response.body.slice(0, 300)}`);
  // 501 is an answer an operation may document (oEmbed as XML): a refusal, not a fault.
  const documented501 = response.statusCode === 501 && operation.responses?.['501'] !== undefined;
  if (response.statusCode >= 500 && !documented501) return `${where}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return null;
  let parsed: unknown;
  try {
    parsed = response.json();
  } catch {
    parsed = undefined;
  }
  if (!ErrorBody.safeParse(parsed).success)
    return `${where}: not the error shape: ${response.body.slice(0, 300)}`;
  if (isWrite && (await stateDigest()) !== before) return `${where}: a refused write changed the data`;
  return null;
}

describe.skipIf(!databaseAvailable)(`every operation of the OpenAPI document, fuzzed (${dbKind})`, () => {
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    app = t.app;
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method,
        path,
        ...operation,
        parameters: operation.parameters ?? [],
      })),
    );
    for (const role of ROLES) {
      if (role === 'anonymous') continue;
      for (let i = 0; i < ACCOUNTS_PER_ROLE; i += 1) {
        const user = await signedInUser(app, role);
        sessions[role].push(user.token);
      }
    }
    const { rows } = await app.database.query<{ id: number }>(
      `INSERT INTO categories (slug, name, color, icon) VALUES
         ('market', '{"en": "Market", "hr": "Tržnica"}', '#6d28d9', 'store'),
         ('pharmacy', '{"en": "Pharmacy", "hr": "Ljekarna"}', '#15803d', 'pill')
       RETURNING id`,
    );
    knownIds.push(...rows.map((row) => Number(row.id)));
    for (const status of ['pending', 'published', 'rejected', 'archived'] as const) {
      knownIds.push(await insertPlace(app.database, { status, authorId: null, privacy: '100m' }));
    }
    // Accounts the admins may change (the fuzzing accounts themselves stay as they are).
    for (const role of ['contributor', 'moderator'] as const)
      knownIds.push((await signedInUser(app, role)).id);
    useKnownIntegers(knownIds);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  it('serves a document with every operation', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it('never answers 5xx, always in the error shape, and a refused write changes nothing', async () => {
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    for (const [index, operation] of operations.entries()) {
      await fc
        .assert(
          fc.asyncProperty(requestArbitrary(operation), async (request) => {
            const problem = await check(operation, request, statuses);
            if (problem) problems.push(problem);
            return problem === null;
          }),
          { numRuns: RUNS_PER_OPERATION, endOnFailure: true, seed: SEED + index },
        )
        .catch((error: Error) => {
          problems.push(
            `${operation.operationId} (KARTA_FUZZ_SEED=${SEED}): ${error.message.split('\n').slice(0, 3).join(' ')}`,
          );
        });
    }
    if (TRACE) console.log([...statuses].map(([key, count]) => `${key}: ${count}`).join('\n'));
    expect(problems).toEqual([]);
    // Enough requests must get past the first check, or the hostile values never reach deeper code
    // (a schema change that makes every draw a 400 fails here). Measured 15–16% answered 2xx over
    // random seeds at 300 draws an operation; most of the rest are refusals by role.
    const answered = [...statuses].reduce((sum, [key, count]) => sum + (/ 2\d\d$/.test(key) ? count : 0), 0);
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(answered / total).toBeGreaterThan(0.12);
  }, 600_000);

  it('survives each known poison in every spot of a plausible request, as an admin', async () => {
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    for (const operation of operations) {
      const parts = await acceptedParts(operation);
      const started = Date.now();
      for (const poison of POISONS) {
        for (const variant of everyNodeReplaced(parts, poison) as RequestParts[]) {
          const request = toRequest(
            operation,
            withFreshEmail(variant),
            await sweepAdmin(),
            fileTypesOf(operation)[0],
          );
          const problem = await check(operation, request, statuses);
          if (problem) problems.push(problem);
        }
      }
      if (TRACE) console.log(`sweep ${operation.operationId}: ${Date.now() - started} ms`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
