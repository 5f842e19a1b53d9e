import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD } from './support/auth.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { dbKind } from './support/test-app.ts';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
  whyNoThrowawayPostgres,
} from './support/throwaway-postgres.ts';

/**
 * Three Karta processes on one PostgreSQL server, as a site that outgrew one machine runs them
 * (README, "Running several instances"): limits held as one, each job and webhook done once, a
 * change on every map within a second, a job of a killed instance finished by another, and no
 * acknowledged write lost when PostgreSQL restarts under load. Run once, in the PostgreSQL project,
 * on a cluster of its own (it is crashed on purpose).
 */
const ADMIN = { email: 'admin@several.example.org', password: GOOD_PASSWORD };

/** A person or script talking to one instance over HTTP, with its session cookie. */
class Client {
  cookie = '';
  constructor(readonly server: ServerProcess) {}

  async call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${this.server.base}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await response.text();
    return {
      status: response.status,
      json: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
    };
  }

  /** Signed in as `as` on the same database, through this instance. */
  async signIn(as: { email: string; password: string }) {
    const { status } = await this.call('POST', '/api/v1/auth/login', as);
    if (status !== 200) throw new Error(`sign-in failed: ${status}`);
    return this;
  }
}

/** A place proposed and published by a moderator through `client`'s instance; its id. */
async function publish(client: Client, place: Record<string, unknown>): Promise<number> {
  const made = await client.call('POST', '/api/v1/places', place);
  if (made.status !== 201) throw new Error(`proposal refused: ${made.status} ${JSON.stringify(made.json)}`);
  const id = Number(made.json?.id);
  const moved = await client.call('POST', `/api/v1/places/${id}/transition`, {
    to: 'published',
    version: made.json?.version,
  });
  if (moved.status !== 200) throw new Error(`not published: ${moved.status} ${JSON.stringify(moved.json)}`);
  return id;
}

/** A partner's endpoint: answers each request as `answer` says (or holds it, never answering). */
async function startReceiver(answer: (headers: IncomingHttpHeaders, count: number) => number | 'hold') {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const held: ServerResponse[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answer(request.headers, received.length);
      if (status === 'hold') held.push(response);
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A reverse proxy in front of the instances, as a site has one: each request to the next instance in
 * turn, with the client's address in `X-Forwarded-For` (the instances trust one proxy).
 */
async function startProxy(targets: () => ServerProcess[]) {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const live = targets().filter(
      (target) => target.child.exitCode === null && target.child.signalCode === null,
    );
    const target = live[next++ % live.length] as ServerProcess;
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The proxy as a `ServerProcess` a `Client` can talk to. */
    asServer: { base: `http://127.0.0.1:${port}` } as ServerProcess,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const skip = dbKind !== 'postgres' || whyNoThrowawayPostgres() !== undefined;

describe.skipIf(skip)('three instances on one PostgreSQL', () => {
  let cluster: ThrowawayPostgres;
  let sql: pg.Pool;
  const instances: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let categoryId = 0;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  /** Contributors registered in the first test, by instance. */
  const contributors: { email: string; password: string }[] = [];

  const start = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'karta-instance-'));
    dataDirs.push(dataDir);
    return startServerProcess({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOB_LEASE_SECONDS: '5',
      TRUST_PROXY: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  };

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    sql = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // Its idle connections are cut when PostgreSQL is crashed on purpose: the pool opens new ones.
    sql.on('error', () => undefined);
    // The first migrates and seeds; the other two start on the ready database together.
    instances.push(await start());
    instances.push(...(await Promise.all([start(), start()])));
    const { rows } = await sql.query<{ id: number }>('SELECT min(id) AS id FROM categories');
    categoryId = Number(rows[0]?.id);
    proxy = await startProxy(() => instances);
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await sql?.end();
    cluster?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const at = (i: number) => new Client(instances[i % instances.length] as ServerProcess);

  it('holds a limit of 5 as one behind the proxy: 5 registrations from an address, and no sixth', async () => {
    const statuses: number[] = [];
    const client = new Client(proxy.asServer);
    for (let i = 0; i < 6; i += 1) {
      const person = { email: `person${i}@several.example.org`, password: GOOD_PASSWORD };
      // The proxy sends each to the next instance: two each, had each counted alone.
      const { status } = await client.call('POST', '/api/v1/auth/register', {
        ...person,
        displayName: `Person ${i}`,
      });
      statuses.push(status);
      if (status === 201) contributors.push(person);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('lets a script propose places with a scoped token, through any instance', async () => {
    const person = contributors[0] as { email: string; password: string };
    const owner = await at(1).signIn(person);
    const made = await owner.call('POST', '/api/v1/tokens', {
      name: 'Partner sync',
      scopes: ['places:propose'],
      password: person.password,
    });
    expect(made.status).toBe(201);
    const token = String(made.json?.token);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${proxy.asServer.base}/api/v1/places`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          categoryId,
          name: { en: `From a script ${i}` },
          lat: 45.65,
          lng: 15.6 + i * 0.01,
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201]);
    // Its scope is a ceiling on every instance: it cannot read the account's tokens.
    const refused = await fetch(`${instances[2]?.base}/api/v1/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(403);
  });

  it('shows a place published through one instance on the others’ maps within a second', async () => {
    const admin = await at(0).signIn(ADMIN);
    const spot = { lat: 45.6012, lng: 15.4021 };
    const id = await publish(admin, { categoryId, name: { en: 'Seen everywhere' }, ...spot });
    const started = Date.now();
    const bbox = [spot.lng - 0.002, spot.lat - 0.002, spot.lng + 0.002, spot.lat + 0.002].join(',');
    for (const other of [1, 2]) {
      await until(
        async () => {
          const { json } = await at(other).call('GET', `/api/v1/map?bbox=${bbox}&zoom=18`);
          return (json?.places as { id: number }[] | undefined)?.some((place) => place.id === id)
            ? true
            : undefined;
        },
        1_000 - (Date.now() - started),
        `the place on instance ${other}'s map`,
      );
    }
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('delivers each webhook once, whichever instance runs its job', async () => {
    const receiver = await startReceiver(() => 204);
    try {
      const admin = await at(0).signIn(ADMIN);
      const hook = await admin.call('POST', '/api/v1/webhooks', {
        url: receiver.url,
        events: ['place.published'],
      });
      expect(hook.status).toBe(201);
      const ids: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const client = await at(i).signIn(ADMIN);
        ids.push(
          await publish(client, {
            categoryId,
            name: { en: `Announced ${i}` },
            lat: 45.7 + i * 0.01,
            lng: 15.5,
          }),
        );
      }
      await until(() => (receiver.received.length >= 6 ? true : undefined), 10_000, 'six deliveries');
      // Three runners polling the queue: still each delivery once.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(receiver.received).toHaveLength(6);
      const announced = receiver.received.map(
        (request) => (JSON.parse(request.body) as { data: { place: { id: number } } }).data.place.id,
      );
      expect(announced.toSorted((a, b) => a - b)).toEqual(ids.toSorted((a, b) => a - b));
      await admin.call('DELETE', `/api/v1/webhooks/${hook.json?.id}`);
    } finally {
      await receiver.close();
    }
  });

  it('finishes once, on another instance, the job of an instance killed while running it', async () => {
    // The first attempt is held unanswered; the killed instance never finishes it.
    const receiver = await startReceiver((_headers, count) => (count === 1 ? 'hold' : 204));
    try {
      const admin = await at(0).signIn(ADMIN);
      const hook = await admin.call('POST', '/api/v1/webhooks', {
        url: receiver.url,
        events: ['place.published'],
      });
      await publish(admin, { categoryId, name: { en: 'Outlives its instance' }, lat: 45.9, lng: 15.9 });
      await until(() => (receiver.received.length >= 1 ? true : undefined), 10_000, 'the first attempt');
      const { rows } = await sql.query<{ id: number; leased_by: string }>(
        `SELECT id, leased_by FROM jobs WHERE kind = 'webhook.deliver' AND state = 'running'`,
      );
      expect(rows).toHaveLength(1);
      const [job] = rows;
      const pid = Number(job?.leased_by.split(':').at(-1));
      const holder = instances.findIndex((instance) => instance.child.pid === pid);
      expect(holder).toBeGreaterThanOrEqual(0);
      const killed = instances[holder] as ServerProcess;
      const exited = new Promise((resolve) => killed.child.once('exit', resolve));
      killed.child.kill('SIGKILL');
      await exited;

      // Once its 5 s lease has run out, another instance runs it, and it is done once.
      await until(() => (receiver.received.length >= 2 ? true : undefined), 20_000, 'the second attempt');
      const done = await until(
        async () => {
          const { rows: now } = await sql.query<{ state: string; attempts: number; leased_by: string }>(
            'SELECT state, attempts, leased_by FROM jobs WHERE id = $1',
            [job?.id],
          );
          return now[0]?.state === 'done' ? now[0] : undefined;
        },
        10_000,
        'the job done',
      );
      expect(done.attempts).toBe(2);
      expect(done.leased_by).not.toBe(job?.leased_by);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);

      // The instance comes back, as its supervisor would restart it.
      instances[holder] = await start();
      await at(0)
        .signIn(ADMIN)
        .then((client) => client.call('DELETE', `/api/v1/webhooks/${hook.json?.id}`));
    } finally {
      await receiver.close();
    }
  });

  it('loses no acknowledged write when PostgreSQL restarts under load', async () => {
    expect(contributors).toHaveLength(5);
    const writers = await Promise.all(contributors.map((person, i) => at(i).signIn(person)));
    const acknowledged: number[] = [];
    let restartedAt = Number.POSITIVE_INFINITY;
    const acknowledgedAt: number[] = [];
    const write = async (writer: Client, w: number) => {
      // Each contributor may have 20 proposals waiting (the first has 3 from a script): 17 each.
      for (let n = 0; n < 17; n += 1) {
        const made = await writer
          .call('POST', '/api/v1/places', {
            categoryId,
            name: { en: `Under load ${w}.${n}` },
            lat: 45.5 + w * 0.01,
            lng: 15.2 + n * 0.001,
          })
          .catch(() => ({ status: 0, json: null }));
        if (made.status === 201) {
          acknowledged.push(Number(made.json?.id));
          acknowledgedAt.push(Date.now());
        } else {
          n -= 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
    };
    const load = Promise.all(writers.map((writer, w) => write(writer, w)));
    await until(() => (acknowledged.length >= 20 ? true : undefined), 20_000, 'writes before the restart');
    await cluster.crashAndRestart();
    restartedAt = Date.now();
    await load;

    expect(acknowledged).toHaveLength(85);
    // Writes went on after PostgreSQL came back, through the same instances.
    expect(acknowledgedAt.filter((time) => time > restartedAt).length).toBeGreaterThan(0);
    const { rows } = await sql.query<{ id: number }>('SELECT id FROM places WHERE id = ANY($1::int8[])', [
      acknowledged,
    ]);
    expect(rows.map((row) => Number(row.id)).toSorted((a, b) => a - b)).toEqual(
      acknowledged.toSorted((a, b) => a - b),
    );
  }, 120_000);
});
