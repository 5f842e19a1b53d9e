import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config/env.ts';
import { formatIdentity, isRunning, ownIdentity, parseIdentity } from '../db/process-identity.ts';

/** The file in each process's upload folder that names its owner (see process-identity.ts). */
const OWNER_FILE = 'owner';

/**
 * Where uploads are spooled: beside the PGlite database in `DATA_DIR/uploads`, whose disk the
 * storage guard already watches; with PostgreSQL (no DATA_DIR) in the system's temp folder.
 */
export function uploadRoot(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? join(tmpdir(), 'karta-uploads') : join(config.dataDir, 'uploads');
}

/** This process's folder under each root, made once (several apps of one test process share it). */
const ownFolders = new Map<string, Promise<string>>();

/**
 * This process's upload folder under `root`: one per process, named after it and holding an
 * owner file, so a later start can tell the uploads of a process that died (kill -9 during an
 * import left them behind every time) from those of another instance that still runs.
 */
export function ownUploadFolder(root: string): Promise<string> {
  let folder = ownFolders.get(root);
  if (!folder) {
    const identity = ownIdentity();
    const path = join(root, `${identity.pid}-${Date.now().toString(36)}`);
    folder = (async () => {
      await mkdir(path, { recursive: true });
      await writeFile(join(path, OWNER_FILE), formatIdentity(identity));
      return path;
    })();
    ownFolders.set(root, folder);
    folder.catch(() => ownFolders.delete(root));
  }
  return folder;
}

/**
 * Removes the upload folders under `root` whose process is gone (or whose PID now runs another
 * process), with what they hold; returns how many. Folders of running processes stay.
 */
export async function removeStaleUploads(root: string): Promise<number> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    const path = join(root, entry.name);
    const owner = await readFile(join(path, OWNER_FILE), 'utf8')
      .then(parseIdentity)
      .catch(() => undefined);
    if (owner && isRunning(owner)) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
