import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './paths.ts';
import { booleanFlag, integer, optionalText } from './values.ts';

/** How long one statement may run by default (`STATEMENT_TIMEOUT_MS`; decision 018). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * The database and its folder. `cwd` is where a relative DATA_DIR resolves (see `loadConfig`);
 * unset, it is `data` in the repository.
 */
export const databaseEnv = (cwd: string) =>
  z
    .object({
      DATA_DIR: optionalText,
      DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
        message: 'Expected a postgres:// or postgresql:// URL',
      }),
      DEMO_DATA: booleanFlag(true),
      MIN_FREE_DISK_MB: integer(100, 0, 10_000_000),
      STATEMENT_TIMEOUT_MS: integer(DEFAULT_STATEMENT_TIMEOUT_MS, 0, 3_600_000),
    })
    .transform((e) => ({
      /** Absolute path of the PGlite folder (also where the lock file lives). */
      dataDir:
        e.DATA_DIR === undefined
          ? resolve(REPO_ROOT, 'data')
          : isAbsolute(e.DATA_DIR)
            ? e.DATA_DIR
            : resolve(cwd, e.DATA_DIR),
      /** PostgreSQL URL; when set, PGlite is not used. */
      databaseUrl: e.DATABASE_URL ?? null,
      demoData: e.DEMO_DATA,
      minFreeDiskMb: e.MIN_FREE_DISK_MB,
      /** How long one database read may take, in ms (0: unbounded; decision 018). */
      statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    }));

export type DatabaseConfig = z.output<ReturnType<typeof databaseEnv>>;
