import { isIP } from 'node:net';

/** Who can administer the site, as found once the server has started. */
export type AdminAtStart =
  /** ADMIN_EMAIL's account is an admin. */
  | { kind: 'from-env'; email: string }
  /** An admin exists (made with `npm run admin`, or earlier), and ADMIN_EMAIL does not name it. */
  | { kind: 'exists' }
  /** No admin at all; `adminEmail` when ADMIN_EMAIL was set but could not be used. */
  | { kind: 'none'; adminEmail?: string };

/** Where a browser reaches the server: PUBLIC_URL when set, else the address it listens on. */
export function siteUrl(listening: { host: string; port: number; publicUrl: string | null }): string {
  if (listening.publicUrl) return listening.publicUrl;
  // Every address of the machine: this one is always among them.
  const anyAddress = listening.host === '0.0.0.0' || listening.host === '::';
  const host = anyAddress ? 'localhost' : isIP(listening.host) === 6 ? `[${listening.host}]` : listening.host;
  return `http://${host}:${listening.port}`;
}

/**
 * The plain lines `npm start` ends with, for a person rather than a log reader: where Karta is,
 * and where its admin comes from (or how to make one). Nothing about an admin that exists
 * without ADMIN_EMAIL: there is nothing to do.
 */
export function startupLines(start: {
  host: string;
  port: number;
  publicUrl: string | null;
  database: 'pglite' | 'postgresql';
  admin: AdminAtStart;
}): string[] {
  const lines = [`Karta is running at ${siteUrl(start)}`];
  const { admin } = start;
  if (admin.kind === 'from-env') lines.push(`Admin: ${admin.email} (from ADMIN_EMAIL)`);
  if (admin.kind === 'none') {
    // Only one process may open a PGlite folder: the command needs the server stopped.
    const run = `${start.database === 'pglite' ? 'stop Karta and run' : 'run'} \`npm run admin -- create --email ${admin.adminEmail ?? '<your e-mail>'}\``;
    lines.push(
      admin.adminEmail
        ? `No admin yet: ADMIN_EMAIL ${admin.adminEmail} already has an account whose password is not ADMIN_PASSWORD. If it is yours, ${run}.`
        : `No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or ${run}.`,
    );
  }
  return lines;
}
