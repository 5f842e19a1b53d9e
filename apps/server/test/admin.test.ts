import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrPromoteAdmin, ensureFirstAdmin } from '../src/accounts/admin-bootstrap.ts';
import { hashPassword, verifyPassword } from '../src/accounts/password-hashing.ts';
import { createUserRepository } from '../src/accounts/user-repository.ts';
import { REPO_ROOT } from '../src/config/paths.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { GOOD_PASSWORD, uniqueEmail } from './support/auth.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { createTestDatabase, databaseAvailable, dbKind, type TestDatabase } from './support/test-app.ts';

const run = promisify(execFile);

/** Only what a child process needs: no ADMIN_* or DATABASE_URL leaking in from this shell. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...extra };
}

/**
 * An empty database that another process can open: a temp folder for PGlite (left closed, as
 * only one process may open it), a new database on the test server for PostgreSQL.
 */
async function closedDatabase() {
  if (dbKind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'karta-admin-'));
    return {
      env: { DATA_DIR: dataDir } as Record<string, string>,
      open: () => openDatabase({ dataDir, databaseUrl: null }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const db = await createTestDatabase();
  await db.database.close();
  return {
    env: { DATABASE_URL: db.config.databaseUrl as string },
    open: () => openDatabase(db.config),
    dispose: () => db.dispose(),
  };
}

async function adminsIn(database: Database) {
  const { rows } = await database.query<{ email: string; password_hash: string }>(
    `SELECT email, password_hash FROM users WHERE role = 'admin' ORDER BY id`,
  );
  return rows;
}

describe.skipIf(!databaseAvailable)(`first admin from ADMIN_EMAIL / ADMIN_PASSWORD (${dbKind})`, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.database);
  });
  beforeEach(async () => {
    await db.database.query('DELETE FROM users');
  });
  afterAll(async () => {
    await db?.dispose();
  });

  const contributor = async (email: string, password: string) =>
    createUserRepository(db.database).insert({
      email,
      displayName: 'Registered first',
      passwordHash: await hashPassword(password),
    });

  it('creates the admin once; later starts change nothing, not even with another password', async () => {
    const email = uniqueEmail('first-admin');
    const first = await ensureFirstAdmin(db.database, { email, password: GOOD_PASSWORD });
    expect(first).toMatchObject({ outcome: 'created', user: { email, role: 'admin', displayName: 'Admin' } });
    expect(await ensureFirstAdmin(db.database, { email, password: GOOD_PASSWORD })).toEqual({
      outcome: 'admin-exists',
    });
    expect(await ensureFirstAdmin(db.database, { email, password: 'a-different-password-9' })).toEqual({
      outcome: 'admin-exists',
    });
    const admins = await adminsIn(db.database);
    expect(admins).toHaveLength(1);
    expect(await verifyPassword(admins[0]?.password_hash as string, GOOD_PASSWORD)).toBe(true);

    // Another e-mail on a later start: there is an admin already, so no second one.
    expect(await ensureFirstAdmin(db.database, { email: uniqueEmail(), password: GOOD_PASSWORD })).toEqual({
      outcome: 'admin-exists',
    });
    expect(await adminsIn(db.database)).toHaveLength(1);
  });

  it('does not promote an account someone else may have registered with that e-mail', async () => {
    const email = uniqueEmail('squatted');
    await contributor(email, 'the-squatters-password-1');
    const result = await ensureFirstAdmin(db.database, {
      email: email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(result).toMatchObject({ outcome: 'email-taken', user: { email, role: 'contributor' } });
    expect(await adminsIn(db.database)).toHaveLength(0);
  });

  it('promotes the account when ADMIN_PASSWORD is its own password (the operator registered first)', async () => {
    const email = uniqueEmail('operator');
    await contributor(email, GOOD_PASSWORD);
    const result = await ensureFirstAdmin(db.database, { email, password: GOOD_PASSWORD });
    expect(result).toMatchObject({ outcome: 'promoted', user: { email, role: 'admin' } });
    expect((await adminsIn(db.database)).map((row) => row.email)).toEqual([email]);
  });

  it('the command promotes an existing account without touching its password, and creates one only with a password', async () => {
    const email = uniqueEmail('promote-me');
    await contributor(email, 'their-own-password-5');
    expect(await createOrPromoteAdmin(db.database, { email, password: GOOD_PASSWORD })).toMatchObject({
      outcome: 'promoted',
      user: { role: 'admin' },
    });
    const [admin] = await adminsIn(db.database);
    expect(await verifyPassword(admin?.password_hash as string, 'their-own-password-5')).toBe(true);
    expect(await createOrPromoteAdmin(db.database, { email })).toMatchObject({ outcome: 'already-admin' });
    expect(await createOrPromoteAdmin(db.database, { email: uniqueEmail('new') })).toEqual({
      outcome: 'password-needed',
    });
    expect(await adminsIn(db.database)).toHaveLength(1);
  });
});

describe.skipIf(!databaseAvailable)(`npm run admin -- create (${dbKind})`, () => {
  let target: Awaited<ReturnType<typeof closedDatabase>>;
  beforeAll(async () => {
    target = await closedDatabase();
  });
  afterAll(async () => {
    await target?.dispose();
  });

  /**
   * Runs the command as `npm run admin` does, but without its `.env` (a developer's own must not
   * change a test); `input` is its standard input (ended at once, empty when not given).
   */
  const admin = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) => {
    const running = run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/accounts/admin-cli.ts', ...args],
      {
        cwd: REPO_ROOT,
        env: { ...childEnv(target.env), ...options.env },
        timeout: 60_000,
      },
    );
    running.child.stdin?.end(options.input ?? '');
    return running.then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: error.code ?? -1,
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }),
    );
  };

  it('creates an admin in the configured database (migrating a new one), then says there is nothing to do', async () => {
    const email = uniqueEmail('cli-admin');
    const created = await admin(['create', '--email', email, '--name', 'Ana Admin'], {
      input: `${GOOD_PASSWORD}\n`,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(
      new RegExp(`Created the admin account ${email.replace('.', '\\.')} \\(id \\d+\\)`),
    );

    const again = await admin(['create', '--email', email.toUpperCase()], {
      env: { NEW_ADMIN_PASSWORD: 'another-password-entirely-7' },
    });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('is already an admin');

    const database = await target.open();
    try {
      const { rows } = await database.query<{ display_name: string; password_hash: string }>(
        `SELECT display_name, password_hash FROM users WHERE role = 'admin'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.display_name).toBe('Ana Admin');
      expect(await verifyPassword(rows[0]?.password_hash as string, GOOD_PASSWORD)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses a password on the command line, a weak password, a bad e-mail and wrong usage with exit code 2, changing nothing', async () => {
    const inArguments = await admin(['create', '--email', uniqueEmail(), '--password', GOOD_PASSWORD]);
    expect(inArguments.code).toBe(2);
    expect(inArguments.stderr).toContain('--password is not accepted');

    const weak = await admin(['create', '--email', uniqueEmail()], {
      env: { NEW_ADMIN_PASSWORD: 'password123' },
    });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/too common/);

    const badEmail = await admin(['create', '--email', 'nobody'], { input: GOOD_PASSWORD });
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('--email');

    const usage = await admin(['delete', '--email', uniqueEmail()]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin -- create');

    const noPassword = await admin(['create', '--email', uniqueEmail()]);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('give a password');

    const database = await target.open();
    try {
      expect(await adminsIn(database)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('is what `npm run admin` runs, with the arguments after --', async () => {
    // --help answers before any setting is read, so a `.env` npm reads does not matter here.
    const help = await run('npm', ['run', '--silent', 'admin', '--', '--help'], {
      cwd: REPO_ROOT,
      env: childEnv(target.env),
      timeout: 60_000,
    });
    expect(help.stdout).toContain('Usage: npm run admin -- create --email <address>');
  });
});

describe.skipIf(!databaseAvailable)(`the server creates the first admin at start (${dbKind})`, () => {
  let target: Awaited<ReturnType<typeof closedDatabase>>;
  let server: ServerProcess | undefined;
  const email = uniqueEmail('env-admin');

  beforeAll(async () => {
    target = await closedDatabase();
  });
  afterAll(async () => {
    await stop();
    await target?.dispose();
  });

  /** Starts the server as `npm start` does (without `.env`); `password` sets ADMIN_EMAIL and ADMIN_PASSWORD. */
  async function start(password?: string) {
    // One at a time (a failed test may have left one running): only one process may open PGlite.
    await stop();
    server = await startServerProcess({
      ...target.env,
      DEMO_DATA: 'false',
      // The level at which the plain start-up lines are printed (LOG_LEVEL's default).
      LOG_LEVEL: 'info',
      ...(password === undefined ? {} : { ADMIN_EMAIL: email, ADMIN_PASSWORD: password }),
    });
    return server;
  }

  /** The plain lines (not JSON log lines) the server printed, once `first` is among them. */
  async function plainLines(server: { output(): string }, first: string) {
    const plain = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('{'));
    const deadline = Date.now() + 10_000;
    while (!plain().includes(first) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return plain();
  }

  async function stop() {
    const running = server;
    server = undefined;
    await running?.stop();
  }

  const signIn = (base: string, password: string) =>
    fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('ends its start with where it is running and how to make the admin, when there is none', async () => {
    const server = await start();
    const running = `Karta is running at http://127.0.0.1:${server.port}`;
    expect(await plainLines(server, running)).toEqual([
      running,
      'No admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD and restart, or ' +
        `${dbKind === 'pglite' ? 'stop Karta and run' : 'run'} \`npm run admin -- create --email <your e-mail>\`.`,
    ]);
    await stop();
  });

  it('signs the admin in after the first start, and keeps the first password across restarts', async () => {
    const server = await start(GOOD_PASSWORD);
    const running = `Karta is running at http://127.0.0.1:${server.port}`;
    expect(await plainLines(server, running)).toEqual([running, `Admin: ${email} (from ADMIN_EMAIL)`]);
    let base = server.base;
    const response = await signIn(base, GOOD_PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email, role: 'admin' });
    await stop();

    // Restarted with another ADMIN_PASSWORD: an admin exists, so nothing changes.
    base = (await start('a-new-password-from-env-8')).base;
    expect((await signIn(base, GOOD_PASSWORD)).status).toBe(200);
    expect((await signIn(base, 'a-new-password-from-env-8')).status).toBe(401);
    await stop();

    const database = await target.open();
    try {
      expect(await adminsIn(database)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
