import { Readable } from 'node:stream';
import type { ImportReport } from '@karta/contracts';
import { SYSTEM_ACTOR } from '../audit/record-audit.ts';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { publicOrigin } from '../http/write-guard.ts';
import { spoolBody } from '../import/import-file.ts';
import { importPlaces } from '../import/import-places.ts';
import { ensureRoom, importBytes } from '../import/import-space.ts';
import { csvRows, geoJsonRows, type SourceRow } from '../import/source-rows.ts';
import { ownUploadFolder, uploadRoot } from '../import/upload-folder.ts';
import { fetchSource } from './source-fetch.ts';
import {
  archiveVanished,
  linkSourcePlaces,
  nameImportHistory,
  restoreReturned,
  returnedArchived,
} from './source-places.ts';
import type { ImportSource, ImportSourceRepository, RefusedRow, RunEnd } from './source-repository.ts';

/** Refused rows kept on a failed run (and sent in its e-mail). */
export const REFUSED_KEPT = 5;

export type RunSettings = Pick<
  Config,
  'databaseUrl' | 'dataDir' | 'minFreeDiskMb' | 'publicUrl' | 'languages' | 'hours'
> & { outbound: { allowPrivate: boolean } };

/** What a run ended with, and for a failed one, what its admin is told. */
export interface RunOutcome extends RunEnd {
  runId: number;
}

/** How history entries of a scheduled import name it. */
export const historyOrigin = (source: Pick<ImportSource, 'name'>) => `import: ${source.name}`.slice(0, 300);

/** An error's words for the run's record: a refused file's first issues with its message. */
function describe(error: unknown): string {
  if (error instanceof AppError && Array.isArray(error.details)) {
    const issues = (error.details as { path: string; message: string }[])
      .slice(0, REFUSED_KEPT)
      .map((issue) => `${issue.path}: ${issue.message}`);
    return [error.message, ...issues].join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

async function* without(
  rows: AsyncIterable<SourceRow>,
  held: ReadonlySet<string>,
): AsyncGenerator<SourceRow> {
  for await (const row of rows) {
    const id = row.fields?.externalId;
    if ((typeof id === 'string' || typeof id === 'number') && held.has(String(id).trim())) continue;
    yield row;
  }
}

/**
 * One run of a scheduled import (docs/decisions/033-scheduled-imports.md): fetches the list (a 304
 * to its last validators is "not modified"), spools it to the upload folder, reads it with the
 * source's column names and default category, and imports it with the file importer, every row or
 * none: published for a trusted source, pending for an untrusted one, whose changes to places
 * already reviewed are held (not applied, listed on the run). Then, in one transaction, the places
 * are remembered as the source's, those gone upstream archived (`onMissing: archive`), those back
 * at a trusted source published again, and the importer's history entries named after the source.
 * Every failure is recorded on the run; nothing throws but the database.
 */
export async function runImportSource(
  db: Database,
  sources: ImportSourceRepository,
  source: ImportSource,
  settings: RunSettings,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const runId = await sources.startRun(source.id);
  const end = async (result: RunEnd): Promise<RunOutcome> => {
    await sources.finishRun(runId, result);
    return { runId, ...result };
  };
  const validators = await sources.lastValidators(source.id);
  const actorId = source.createdBy;
  if (actorId === null) {
    return end({ outcome: 'failed', error: 'The admin who added this source is gone: add it again' });
  }
  let fetched: Awaited<ReturnType<typeof fetchSource>>;
  try {
    fetched = await fetchSource(source.url, validators, {
      allowPrivate: settings.outbound.allowPrivate,
      signal,
    });
  } catch (error) {
    return end({ outcome: 'failed', error: `The list could not be fetched: ${describe(error)}` });
  }
  if (fetched.kind === 'not_modified') return end({ outcome: 'not_modified', ...validators });

  const file = await spoolBody(Readable.from([fetched.body]), await ownUploadFolder(uploadRoot(settings)));
  try {
    const disk = { path: settings.dataDir, minFreeMb: settings.minFreeDiskMb };
    if (db.kind === 'pglite') {
      await ensureRoom(
        settings.dataDir,
        importBytes(file.rows, file.bytes),
        settings.minFreeDiskMb,
        'import',
      );
    }
    const shape = { columns: source.columns, defaults: { category: source.category } };
    const read = () =>
      source.format === 'csv' ? csvRows(file.open(), shape) : geoJsonRows(file.open(), shape);
    const options = {
      format: source.format,
      status: source.trusted ? ('published' as const) : ('pending' as const),
      actorId,
      actor: SYSTEM_ACTOR,
      host: new URL(publicOrigin(settings.publicUrl) ?? 'http://localhost').host,
      languages: settings.languages,
      hours: settings.hours,
      disk,
    };
    const held = source.trusted ? [] : await reviewedChanges(db, read(), options);
    const heldSet = new Set(held);
    // The database's clock, which stamps the importer's history entries.
    const { rows: clock } = await db.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    const since = new Date(clock[0]?.now ?? Date.now());
    const { report, imported } = await importPlaces(db, without(read(), heldSet), {
      ...options,
      dryRun: false,
    });
    if (!imported) return end(refusedEnd(report));
    const present = [...report.rows.map((row) => row.externalId), ...held];
    const origin = historyOrigin(source);
    const { archived, restored, waiting } = await db.transaction(async (tx) => {
      await linkSourcePlaces(tx, source.id, present);
      await nameImportHistory(tx, present, actorId, since, origin);
      const archived =
        source.onMissing === 'archive' ? await archiveVanished(tx, source.id, present, actorId, origin) : 0;
      const restored = source.trusted ? await restoreReturned(tx, source.id, present, actorId, origin) : [];
      const waiting = source.trusted ? [] : await returnedArchived(tx, source.id, present);
      return { archived, restored, waiting };
    });
    // A place published again counts as updated, though its fields were unchanged.
    const unchangedBack = restored.filter((id) =>
      report.rows.some((row) => row.externalId === id && row.action === 'unchanged'),
    ).length;
    return end({
      outcome: 'imported',
      created: report.created,
      updated: report.updated + unchangedBack,
      unchanged: report.unchanged - unchangedBack,
      archived,
      held: [...new Set([...held, ...waiting])],
      etag: fetched.etag,
      lastModified: fetched.lastModified,
    });
  } catch (error) {
    return end({ outcome: 'failed', error: describe(error) });
  } finally {
    await file.remove();
  }
}

function refusedEnd(report: ImportReport): RunEnd {
  const count = report.refused.length;
  const refused: RefusedRow[] = report.refused.slice(0, REFUSED_KEPT);
  return {
    outcome: 'failed',
    error: `${count} row${count === 1 ? ' was' : 's were'} refused, so nothing was imported`,
    failed: count,
    refused,
  };
}

/**
 * The external ids of an untrusted source's rows that would change a place already reviewed
 * (published, archived or rejected), found by a dry run: their changes wait for a moderator.
 */
async function reviewedChanges(
  db: Database,
  rows: AsyncIterable<SourceRow>,
  options: Omit<Parameters<typeof importPlaces>[2], 'dryRun'>,
): Promise<string[]> {
  const { report } = await importPlaces(db, rows, { ...options, dryRun: true });
  const changing = report.rows.filter((row) => row.action === 'update').map((row) => row.externalId);
  if (changing.length === 0) return [];
  const { rows: reviewed } = await db.query<{ external_id: string }>(
    `SELECT external_id FROM places WHERE external_id = ANY($1::text[]) AND status <> 'pending'`,
    [changing],
  );
  return reviewed.map((row) => row.external_id);
}
