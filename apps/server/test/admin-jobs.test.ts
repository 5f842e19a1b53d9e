import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../src/jobs/job-queue.ts';
import { signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`background jobs for admins (${dbKind})`, () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    admin = (await signedInUser(t.app, 'admin')).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function dead(kind: string, lastError: string): Promise<number> {
    const id =
      (await enqueueJob(t.database, { kind, payload: { secret: 'ana@example.org' }, maxAttempts: 1 })) ?? 0;
    await t.database.query(
      `UPDATE jobs SET state = 'dead', attempts = 1, last_error = $2, finished_at = now() WHERE id = $1`,
      [id, lastError],
    );
    return id;
  }

  it('lists jobs by state with the counts, never their payloads, and pages on', async () => {
    const queued =
      (await enqueueJob(t.database, {
        kind: 'later',
        runAt: new Date(Date.now() + 3_600_000),
        maxAttempts: 3,
      })) ?? 0;
    const first = await dead('partner.call', 'connection refused');
    const second = await dead('partner.call', 'timed out');
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs', headers: admin });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.body).not.toContain('ana@example.org');
    const body = all.json() as { items: { id: number; state: string }[]; counts: Record<string, number> };
    expect(body.counts).toMatchObject({ queued: 1, dead: 2 });
    expect(body.items.slice(0, 3).map((job) => [job.id, job.state])).toEqual([
      [second, 'dead'],
      [first, 'dead'],
      [queued, 'queued'],
    ]);

    const deadOnes = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/jobs?state=dead&limit=1',
      headers: admin,
    });
    expect((deadOnes.json() as { items: { id: number; lastError: string }[] }).items).toMatchObject([
      { id: second, lastError: 'timed out' },
    ]);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/jobs?state=dead&limit=1&before=${second}`,
      headers: admin,
    });
    expect((next.json() as { items: { id: number }[] }).items.map((job) => job.id)).toEqual([first]);

    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs?state=lost', headers: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('runs a dead job again, and refuses to for one that is not dead or failing', async () => {
    const id = await dead('partner.call', 'connection refused');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/jobs/${id}/retry`,
      headers: admin,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id, state: 'failing', attempts: 0 });
    const { rows } = await t.database.query<{ state: string }>('SELECT state FROM jobs WHERE id = $1', [id]);
    expect(rows[0]?.state).toBe('queued');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/jobs/${id}/retry`,
      headers: admin,
    });
    expect(again.statusCode).toBe(200);
    await t.database.query(
      `UPDATE jobs SET state = 'done', last_error = NULL, finished_at = now() WHERE id = $1`,
      [id],
    );
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/jobs/${id}/retry`,
      headers: admin,
    });
    expect(done.statusCode).toBe(409);
    expect((done.json() as { error: { code: string } }).error.code).toBe('conflict');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/jobs/999999/retry',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
