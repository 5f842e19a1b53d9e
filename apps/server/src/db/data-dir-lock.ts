import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { formatIdentity, isRunning, ownIdentity, parseIdentity } from './process-identity.ts';

/** Measured: two processes on one PGlite folder lost and duplicated rows. One owner at a time. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Karta process (PID ${pid}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirLockedError';
  }
}

export const LOCK_FILE_NAME = 'karta.lock';

/** Folders this process holds: a second open in the same process is refused as well. */
const heldHere = new Set<string>();

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function readIdentity(file: string) {
  try {
    return parseIdentity(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Takes the lock file of `dataDir`, creating the folder if needed. The file names the owner's PID
 * and start token (see process-identity.ts). A lock left by a process that is gone is taken over:
 * a dead PID, a PID now used by another process (its start token differs), or our own PID after a
 * container restart (PID 1 again).
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, process.pid);

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // 'wx' fails when the file exists, so two starting processes cannot both win.
      const fd = openSync(file, 'wx');
      writeSync(fd, formatIdentity(ownIdentity()));
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      return {
        path: file,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(file);
          if (readIdentity(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readIdentity(file);
      if (owner !== undefined && owner.pid !== process.pid && isRunning(owner))
        throw new DataDirLockedError(dataDir, owner.pid);
      // Stale (owner gone, PID reused, unreadable, or our own recycled PID): remove it and try again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${file}`);
}
