import type { Readable } from 'node:stream';
import type { signedInUser } from './auth.ts';
import { nextAddress } from './auth.ts';
import type { TestApp } from './test-app.ts';

export type User = Awaited<ReturnType<typeof signedInUser>>;
export type Format = 'csv' | 'geojson';

/** The content type each import format is sent with. */
export const TYPES: Record<Format, string> = { csv: 'text/csv', geojson: 'application/geo+json' };

/** `POST /api/v1/import` of `body` as `user` (a dry run unless `dryRun: false`). */
export function importInto(
  t: TestApp,
  user: User | null,
  format: Format,
  body: string | Buffer | Readable,
  options: { dryRun?: boolean; status?: string; type?: string } = {},
) {
  const query = new URLSearchParams({ format });
  if (options.dryRun !== undefined) query.set('dryRun', String(options.dryRun));
  if (options.status) query.set('status', options.status);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/import?${query}`,
    payload: body,
    remoteAddress: nextAddress(),
    headers: { 'content-type': options.type ?? TYPES[format], ...(user?.headers ?? {}) },
  });
}

/** The body of `GET /api/v1/export.<format>` (which must answer 200). */
export async function exportFrom(t: TestApp, format: Format, query = ''): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/export.${format}${query}`,
    remoteAddress: nextAddress(),
  });
  if (response.statusCode !== 200)
    throw new Error(`export answered ${response.statusCode}: ${response.body}`);
  return response.body;
}
