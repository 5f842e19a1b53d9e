import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, sha256, signedInUser } from './support/auth.ts';
import { databaseAvailable, dbKind, startTestApp, type TestApp } from './support/test-app.ts';

describe.skipIf(!databaseAvailable)(`the absolute session lifetime (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Moves a session's creation and last use into the past, as if it had been used daily since. */
  const age = (token: string, createdDaysAgo: number, lastUsedDaysAgo: number) =>
    t.database.query(
      `UPDATE sessions SET created_at = now() - make_interval(days => $2),
         last_used_at = now() - make_interval(days => $3), expires_at = now() + interval '29 days'
       WHERE token_hash = $1`,
      [sha256(token), createdDaysAgo, lastUsedDaysAgo],
    );

  it('ends a session 90 days after sign-in however often it was used', async () => {
    const user = await signedInUser(t.app);
    await age(user.token, 91, 0);
    // Ended: "who am I" answers nobody.
    expect((await me(t.app, user.token)).json()).toBeNull();
    const { rows } = await t.database.query('SELECT 1 FROM sessions WHERE token_hash = $1', [
      sha256(user.token),
    ]);
    expect(rows).toHaveLength(0);
  });

  it('slides a used session by 30 days, but never past 90 days from sign-in', async () => {
    const user = await signedInUser(t.app);
    await age(user.token, 80, 2);
    expect((await me(t.app, user.token)).statusCode).toBe(200);
    const { rows } = await t.database.query<{ left: number }>(
      `SELECT extract(epoch FROM (expires_at - created_at)) / 86400 AS left FROM sessions WHERE token_hash = $1`,
      [sha256(user.token)],
    );
    expect(Number(rows[0]?.left)).toBeCloseTo(90, 3);
  });
});
