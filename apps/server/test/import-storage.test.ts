import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { formatIdentity, startToken } from '../src/db/process-identity.ts';
import { startStorageGuard } from '../src/db/storage-guard.ts';
import { uploadRoot } from '../src/import/upload-folder.ts';
import { signedInUser } from './support/auth.ts';
import { importInto, type User } from './support/import-files.ts';
import { insertPharmacyCategory } from './support/places.ts';
import { databaseAvailable, dbKind, startInstance, startTestApp, type TestApp } from './support/test-app.ts';

const HEADER = 'externalId,category,name_hr,lat,lng';
const csvOf = (rows: number) =>
  `${HEADER}\r\n${Array.from({ length: rows }, (_, i) => `s-${i},pharmacy,Mjesto ${i},45.8,15.9`).join('\r\n')}\r\n`;

/** The upload folders under `root` and what each holds. */
const uploadsIn = (root: string) =>
  Object.fromEntries(readdirSync(root).map((folder) => [folder, readdirSync(join(root, folder)).sort()]));

/** A process that ran and was killed with SIGKILL, as during an import. */
async function killedProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const identity = { pid: child.pid as number, token: startToken(child.pid as number) };
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  return identity;
}

describe.skipIf(!databaseAvailable)(`spooled uploads (${dbKind})`, () => {
  let t: TestApp;
  let moderator: User;
  let root: string;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await insertPharmacyCategory(t.database);
    moderator = await signedInUser(t.app, 'moderator');
    root = uploadRoot(t.config);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are removed after every import, whatever its answer', async () => {
    const answers = [
      await importInto(t, moderator, 'csv', csvOf(2), { dryRun: false }),
      await importInto(t, moderator, 'csv', `${HEADER}\r\nbad,nowhere,X,45.8,15.9\r\n`, { dryRun: false }),
      await importInto(t, moderator, 'csv', 'not,a,header\r\n'),
      await importInto(t, moderator, 'geojson', '{"type": "FeatureCollection", "features": ['),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 422, 400, 400]);
    const folders = Object.entries(uploadsIn(root)).filter(([folder]) =>
      folder.startsWith(`${process.pid}-`),
    );
    expect(folders.map(([, files]) => files)).toEqual([['owner']]);
  });

  it('a killed process left are removed at the next start; a running one keeps its own', async () => {
    const dead = join(root, 'killed-during-import');
    mkdirSync(join(dead, 'upload-x'), { recursive: true });
    writeFileSync(join(dead, 'owner'), formatIdentity(await killedProcess()));
    writeFileSync(join(dead, 'upload-x', 'upload'), csvOf(100));
    const alive = join(root, 'still-running');
    mkdirSync(alive, { recursive: true });
    writeFileSync(
      join(alive, 'owner'),
      formatIdentity({ pid: process.ppid, token: startToken(process.ppid) }),
    );

    const restarted = await startInstance(t);
    try {
      const left = uploadsIn(root);
      expect(left).not.toHaveProperty('killed-during-import');
      expect(left).toHaveProperty('still-running');
    } finally {
      await restarted.close();
    }
  });
});

describe.skipIf(dbKind !== 'pglite')('an import that could fill the disk (pglite)', () => {
  let t: TestApp;
  let tight: TestApp;
  let moderator: User;
  const ROOM_MB = 8;

  beforeAll(async () => {
    t = await startTestApp({ demo: false });
    await insertPharmacyCategory(t.database);
    moderator = await signedInUser(t.app, 'moderator');
    // The same server with a reserve that leaves only about ROOM_MB for writes: the guard says ok.
    const stats = statfsSync(t.config.dataDir);
    const minFreeDiskMb = Math.floor((Number(stats.bavail) * Number(stats.bsize)) / 2 ** 20) - ROOM_MB;
    const config = { ...t.config, minFreeDiskMb };
    const storage = await startStorageGuard({ path: config.dataDir, minFreeMb: minFreeDiskMb });
    const app = await buildApp(config, {
      database: t.database,
      mapIndex: t.mapIndex,
      storage,
      logger: false,
      webDistDir: join(config.dataDir, 'no-web-build'),
    });
    app.addHook('onClose', async () => storage.stop());
    tight = { ...t, config, app, storage };
  });
  afterAll(async () => {
    await tight?.app.close();
    await t?.close();
  });

  it('is refused with 507 before it starts, and writes nothing; its dry run still answers', async () => {
    expect(tight.storage.ok).toBe(true);
    // 3 000 rows need about 20 MB of database and write-ahead log, more than is left.
    const file = csvOf(3000);
    const real = await importInto(tight, moderator, 'csv', file, { dryRun: false });
    expect(real.statusCode).toBe(507);
    expect(real.json().error).toMatchObject({ code: 'insufficient_storage' });
    expect(real.json().error.message).toContain('smaller files');
    const { rows } = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM places');
    expect(rows[0]?.n).toBe(0);
    const dry = await importInto(tight, moderator, 'csv', file);
    expect(dry.statusCode).toBe(200);
    expect(dry.json().created).toBe(3000);
  });

  it('refuses an upload of unknown length that could outgrow the room before reading it', async () => {
    const response = await importInto(tight, moderator, 'csv', Readable.from([Buffer.from(csvOf(1))]));
    expect(response.statusCode).toBe(507);
    expect(response.json().error.message).toContain('no room for this file');
    const files = Object.values(uploadsIn(uploadRoot(tight.config))).flat();
    expect(files).toEqual(['owner']);
  });
});
