import type { InjectOptions } from 'fastify';
import { nextAddress, signedInUser } from './auth.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export type User = Awaited<ReturnType<typeof signedInUser>>;

/**
 * The whole server without demo data, with one category (`water`) and a signed-in contributor,
 * moderator and admin: for tests of what staff do.
 */
export async function startStaffApp(env: Record<string, string> = {}) {
  const t = await startTestApp({ demo: false, env });
  await t.database.query(
    `INSERT INTO categories (slug, name, color, icon) VALUES ('water', '{"en": "Water"}', '#0369a1', 'droplet')`,
  );
  return {
    t,
    author: await signedInUser(t.app),
    moderator: await signedInUser(t.app, 'moderator'),
    admin: await signedInUser(t.app, 'admin'),
  };
}

/** A request to `t` as `user` (or signed out), JSON when it has a body. */
export function sendAs(
  t: TestApp,
  user: { headers: Record<string, string> } | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(user?.headers ?? {}) },
    ...(payload ? { payload: payload as object } : {}),
  });
}
