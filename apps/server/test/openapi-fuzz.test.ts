import { ErrorBody } from '@karta/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, nextAddress, signedInUser } from './support/auth.ts';
import {
  encodeComponent,
  hostileStrings,
  type JsonSchema,
  jsonBody,
  mutated,
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
 * arrives: never a 5xx, always the §8 error shape, and a refused write changes nothing.
 */

/** Requests per operation; every run of the suite draws new ones (the seed is printed on failure). */
const RUNS_PER_OPERATION = Number(process.env.KARTA_FUZZ_RUNS ?? 150);
/** `KARTA_FUZZ_TRACE=1` prints the first requests of each status and a tally, to see how deep it gets. */
const TRACE = process.env.KARTA_FUZZ_TRACE === '1';
/** Several accounts per role, so the per-user write limit (60 a minute) leaves most requests through. */
const ACCOUNTS_PER_ROLE = 4;
const ROLES = ['anonymous', 'contributor', 'moderator', 'admin'] as const;

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
}

let t: TestApp;
let app: FastifyInstance;
let operations: Operation[] = [];
const sessions: Record<(typeof ROLES)[number], string[]> = {
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

function requestArbitrary(operation: Operation): fc.Arbitrary<InjectOptions & { url: string }> {
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const fileTypes = Object.keys(content).filter((type) => type !== 'application/json');
  const body: fc.Arbitrary<unknown> = jsonSchema
    ? plausibleFor(jsonSchema, bodySeeds)
    : fileTypes.length > 0
      ? importText
      : fc.constant(undefined);
  const plausible = fc.record({
    path: plausibleFor(parametersIn(operation, 'path'), { id: fc.constantFrom(...knownIds.map(String)) }),
    query: plausibleFor(parametersIn(operation, 'query'), querySeeds),
    body,
  });
  // Signing out ends the session it is sent with: fuzz it without the shared sessions.
  const roles = operation.operationId === 'logout' ? (['anonymous'] as const) : ROLES;
  return fc
    .record({
      role: fc.constantFrom(...roles),
      account: fc.nat(ACCOUNTS_PER_ROLE - 1),
      request: mutated(plausible),
      fileType: fc.constantFrom(...(fileTypes.length ? fileTypes : ['text/plain'])),
    })
    .map(({ role, account, request, fileType }) => {
      let url = operation.path;
      const values = (request.path && typeof request.path === 'object' ? request.path : {}) as Record<
        string,
        unknown
      >;
      for (const [name, value] of Object.entries(values)) {
        url = url.replace(`{${name}}`, encodeComponent(queryTexts(value)[0] ?? ''));
      }
      const query = (request.query && typeof request.query === 'object' ? request.query : {}) as Record<
        string,
        unknown
      >;
      const pairs = Object.entries(query).flatMap(([name, value]) =>
        queryTexts(value).map((text) => `${name}=${encodeComponent(text)}`),
      );
      if (pairs.length > 0) url += `?${pairs.join('&')}`;
      const token = sessions[role][account];
      const sent =
        request.body === undefined
          ? null
          : jsonSchema
            ? { type: 'application/json', payload: jsonBody(request.body) }
            : { type: fileType, payload: queryTexts(request.body)[0] ?? '' };
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
    });
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
    for (const operation of operations) {
      const isWrite = operation.method !== 'get';
      await fc
        .assert(
          fc.asyncProperty(requestArbitrary(operation), async (request) => {
            const before = isWrite ? await stateDigest() : '';
            const response = await app.inject(request);
            const key = `${operation.operationId} ${response.statusCode}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (TRACE && (statuses.get(key) ?? 0) <= 3)
              console.log(
                `${request.method} ${request.url} ${String(request.payload ?? '').slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`,
              );
            const where = `${request.method} ${request.url.slice(0, 300)} → ${response.statusCode}`;
            if (response.statusCode >= 500) {
              problems.push(`${where}: ${response.body.slice(0, 300)}`);
              return false;
            }
            if (response.statusCode >= 400) {
              let parsed: unknown;
              try {
                parsed = response.json();
              } catch {
                parsed = undefined;
              }
              if (!ErrorBody.safeParse(parsed).success) {
                problems.push(`${where}: not the error shape: ${response.body.slice(0, 300)}`);
                return false;
              }
              if (isWrite && (await stateDigest()) !== before) {
                problems.push(`${where}: a refused write changed the data`);
                return false;
              }
            }
            return true;
          }),
          { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        )
        .catch((error: Error) => {
          problems.push(`${operation.operationId}: ${error.message.split('\n').slice(0, 3).join(' ')}`);
        });
    }
    if (TRACE) console.log([...statuses].map(([key, count]) => `${key}: ${count}`).join('\n'));
    expect(problems).toEqual([]);
    // Most requests must get past the first check, or the hostile values never reach deeper code.
    const answered = [...statuses].reduce((sum, [key, count]) => sum + (/ 2\d\d$/.test(key) ? count : 0), 0);
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(answered / total).toBeGreaterThan(0.15);
  }, 600_000);
});
