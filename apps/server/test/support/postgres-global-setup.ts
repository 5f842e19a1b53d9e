import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres, whyNoThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL the server suite runs on, or '' when it must be skipped. */
    postgresUrl: string;
  }
}

function loudSkip(reason: string) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! SKIPPING THE POSTGRESQL SERVER SUITE: ${reason}\n!! Set TEST_DATABASE_URL or install PostgreSQL 15 to run it.\n${line}\n`,
  );
}

/**
 * Gives the `server-postgres` project a PostgreSQL: TEST_DATABASE_URL when set, otherwise a
 * throw-away PostgreSQL 15 cluster in a temp folder on a free port, stopped and removed at the
 * end. Without either the suite is skipped loudly, except on CI where that is a failure.
 */
export default async function setup(project: TestProject) {
  const fromEnv = process.env.TEST_DATABASE_URL;
  if (fromEnv) {
    project.provide('postgresUrl', fromEnv);
    return;
  }

  const missing = whyNoThrowawayPostgres();
  if (missing) {
    if (process.env.CI === 'true') throw new Error(`PostgreSQL server suite cannot run on CI: ${missing}`);
    loudSkip(missing);
    project.provide('postgresUrl', '');
    return;
  }

  let cluster: Awaited<ReturnType<typeof startThrowawayPostgres>>;
  try {
    cluster = await startThrowawayPostgres();
  } catch (error) {
    const reason = `could not start a throw-away PostgreSQL: ${(error as Error).message}`;
    if (process.env.CI === 'true') throw new Error(reason);
    loudSkip(reason);
    project.provide('postgresUrl', '');
    return;
  }

  const url: ProvidedContext['postgresUrl'] = cluster.url;
  project.provide('postgresUrl', url);
  return () => cluster.stop();
}
