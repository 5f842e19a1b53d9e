import type { Database } from '../db/database.ts';
import type { HeardChanges } from './change-listener.ts';

/**
 * Whether the change log may have moved since a moment: `mark()` grows whenever a change may
 * have been committed, and is undefined when that cannot be known now. The map index notes the
 * mark as each read of the log begins; a read of the index under the same mark needs no new look
 * at the log (MapIndexService.watchChanges).
 */
export interface ChangeWatch {
  mark(): number | undefined;
}

/**
 * The changes this process can know of: every write through `database` (it counts them, see
 * db/write-count.ts), and on PostgreSQL, where other instances and scripts write too, every
 * notification `listener` heard, while it listens. PGlite's data folder is held by this process
 * alone, so its own writes are every write there is. On PostgreSQL without a listener, nothing
 * can be known: every read looks at the log, as without a watch.
 */
export function watchOf(database: Database, listener?: HeardChanges): ChangeWatch {
  return {
    mark() {
      const written = database.writesEnded;
      if (written === undefined) return undefined;
      if (database.kind === 'pglite') return written;
      return listener?.listening ? written + listener.heard : undefined;
    },
  };
}
