/**
 * `npm run admin -- create --email … [--name …]`: creates an admin account, or
 * makes an existing account an admin, in the database the server is configured with (the same
 * environment variables), then exits. Exit codes: 0 done, 1 failed, 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import { DisplayName, EmailAddress } from '@karta/contracts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { checkNewPassword } from '../config/password-rules.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { createOrPromoteAdmin } from './admin-bootstrap.ts';
import { PASSWORD_VARIABLE, readNewPassword } from './read-password.ts';

const USAGE = `Usage: npm run admin -- create --email <address> [--name <display name>]

Creates an admin account with that e-mail, or, when the e-mail already has an account, makes it
an admin (its password is not changed, and no password is needed). The new account's password is
asked for on the terminal, or read from the first line of standard input, or from the
environment variable ${PASSWORD_VARIABLE}; never from the command line, where other users can
see it and the shell keeps it.
Uses the database the server is configured with (DATA_DIR or DATABASE_URL); with PGlite, stop
the server first (only one process may open its folder).`;

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

function readArguments(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        // Only to refuse it with a reason: see USAGE.
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`, 2);
  }
}

async function main(argv: string[]) {
  const parsed = readArguments(argv);
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length !== 1 || positionals[0] !== 'create') fail(USAGE, 2);

  const email = EmailAddress.safeParse(values.email ?? '');
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? 'not valid'}`, 2);
  const name = values.name === undefined ? undefined : DisplayName.safeParse(values.name);
  if (name && !name.success) fail(`--name: ${name.error.issues[0]?.message ?? 'not valid'}`, 2);
  if (values.password !== undefined) {
    fail(
      `--password is not accepted: other users can see a command line, and the shell keeps it. ` +
        `Type the password when asked, pipe it on standard input, or set ${PASSWORD_VARIABLE}.`,
      2,
    );
  }
  const password = await readNewPassword();
  if (password !== undefined) {
    const problems = checkNewPassword(password, email.data);
    if (problems.length > 0) fail(`The password: ${problems.map((p) => p.message).join('; ')}`, 2);
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 1);
    throw error;
  }

  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    await migrate(database);
    const result = await createOrPromoteAdmin(database, {
      email: email.data,
      password,
      displayName: name?.data,
    });
    switch (result.outcome) {
      case 'created':
        console.log(`Created the admin account ${result.user.email} (id ${result.user.id}).`);
        break;
      case 'promoted':
        console.log(
          `${result.user.email} (id ${result.user.id}, registered ${result.user.createdAt.toISOString()}) is now an admin. ` +
            'Its password was not changed.' +
            (result.user.disabled
              ? ' The account is disabled, so it cannot sign in until it is enabled.'
              : ''),
        );
        break;
      case 'already-admin':
        console.log(`${result.user.email} is already an admin. Nothing changed.`);
        break;
      case 'password-needed':
        process.exitCode = 1;
        console.error(
          `There is no account for ${email.data}: give a password (on standard input or in ${PASSWORD_VARIABLE}) to create one.`,
        );
        break;
    }
  } catch (error) {
    process.exitCode = 1;
    console.error(`Could not create the admin: ${(error as Error).message}`);
  } finally {
    await database?.close();
  }
}

await main(process.argv.slice(2));
