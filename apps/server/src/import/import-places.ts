import {
  type CategoryField,
  type Extra,
  type FieldIssue,
  type ImportedField,
  type ImportFormat,
  type ImportReport,
  type ImportStatus,
  PLACE_FIELDS,
  PLACE_TEXT_MAX,
  placeTextLength,
} from '@karta/contracts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { type HoursSettings, openingHoursIssues } from '../opening-hours/open-state.ts';
import { extraChanges } from '../places/place-extra.ts';
import { type CurrentRow, keepPosition } from './existing-place.ts';
import { type RowExtra, rowExtraOf } from './file-extra.ts';
import { importedExtra } from './import-extra.ts';
import { recordImportResult } from './import-results.ts';
import { type ImportDisk, ImportSpaceWatch } from './import-space.ts';
import {
  analyzeAfterImport,
  dropRun,
  finishLeftRuns,
  importTurn,
  publishRun,
  stageBatch,
  startRun,
} from './import-staging.ts';
import { type CreateRecord, type UpdateRecord, writeBatch } from './import-writes.ts';
import { type OneInFlight, oneInFlight } from './one-in-flight.ts';
import { languageIssues, linkedPlaceId, parsePlaceRow } from './place-file.ts';
import { changesOf, FIELD_COLUMNS, recordOf, rowValues, type Values, valuesOf } from './place-values.ts';
import type { SourceRow } from './source-rows.ts';

/**
 * Rows looked up and written per statement. On PGlite a publication step holds the one session
 * for its whole length (150 ms for 1 000 rows on a quiet machine, 1 s on a busy one), and reads
 * wait behind it, so batches are staged small and a step publishes as many as fit in its time
 * (import-staging.ts); on PostgreSQL, where reads do not wait, larger batches are faster.
 */
export const IMPORT_BATCH_SIZE = { pglite: 100, postgres: 2000 } as const;

/** Rows checked between two turns of the event loop (about 5–10 ms of work). */
const ROWS_PER_YIELD = 50;

export interface ImportOptions {
  /** The file's format: where a row's values of its category's fields are named (`x_<key>` or `extra.<key>`). */
  format: ImportFormat;
  /** Report only: read what is there, write nothing. */
  dryRun: boolean;
  /** The status created places get; existing places keep theirs. */
  status: ImportStatus;
  /** Who imports (the author of created places, the actor in their history). */
  actorId: number;
  /** Who the audit log names: the moderator, or null for a scheduled source's run (the site). */
  actor: AuditActor | null;
  /** This site's host (as in the Host header), to recognise exported links (`placeLink`). */
  host: string;
  /** The site's languages (`LANGUAGES`): a name or description in any other refuses its row. */
  languages: readonly string[];
  /** Where opening hours are read (`config.hours`): a value opening_hours.js cannot read refuses its row. */
  hours: HoursSettings;
  /** PGlite: the disk the database writes on, watched between steps (import-space.ts). */
  disk?: ImportDisk;
}

export interface ImportResult {
  report: ImportReport;
  /** Whether the rows were written: a real run without a refused row. */
  imported: boolean;
  /**
   * Updates not applied because their place was edited after the import read it (PGlite only,
   * between staging and publishing: that edit is kept; decision 018).
   */
  staleUpdates: number;
}

/** Where a real run's decided rows go: written at once, or staged (`null`: a dry run). */
type BatchWriter = (creates: CreateRecord[], updates: UpdateRecord[]) => Promise<void>;

interface PendingRow {
  row: number;
  externalId: string;
  values: Values;
  /** The values of its category's fields the row gives, read against them once its place is found. */
  extra: RowExtra;
}

/**
 * Imports rows: each validated with the rules of a proposal, matched by external id (or by an
 * exported link to a place of this site), and counted as created, updated, unchanged or refused;
 * the report lists each accepted row's action too (batches keep file order, so `rows` is in it).
 * A real run writes nothing unless every row is accepted: on PostgreSQL in batches inside one
 * transaction, rolled back on a refusal; on PGlite staged and then published (import-staging.ts),
 * so reads keep answering meanwhile. A dry run takes the same decisions with plain reads and
 * writes nothing. Updates bump the version and write a history entry, like an edit; the map
 * follows through the change log.
 */
export async function importPlaces(
  db: Database,
  rows: AsyncIterable<SourceRow>,
  options: ImportOptions,
): Promise<ImportResult> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, rows: [], refused: [] };

  /** `lock`: lock the rows read (inside the PostgreSQL transaction) until they are written. */
  async function run(q: Queryable, write: BatchWriter | null, lock = false) {
    // Share-locked with the places (PostgreSQL), as an edit locks its category: a change of the
    // fields waits for the import, so no value is checked against definitions about to change.
    const { rows: categoryRows } = await q.query<{ id: number; slug: string; fields: CategoryField[] }>(
      `SELECT id, slug, fields FROM categories ${lock ? 'FOR SHARE' : ''}`,
    );
    const categories = new Map(categoryRows.map((row) => [row.slug, row.id]));
    const fieldsOf = new Map(categoryRows.map((row) => [row.id, row.fields]));
    const seen = new Map<string, number>();
    let batch: PendingRow[] = [];
    const refuse = (row: number, errors: FieldIssue[]) => report.refused.push({ row, errors });

    // The database looks up and writes one batch while the next one is checked here.
    const batches = oneInFlight((next: PendingRow[]) =>
      // Once a row is refused nothing will be kept: the rest are only counted.
      flush(q, next, report.refused.length === 0 ? write : null, lock, fieldsOf),
    );
    try {
      await checkRows(batches);
      await batches.add(batch);
      await batches.finish();
    } catch (error) {
      // Never leave a batch running behind the caller's rollback or clean-up.
      await batches.settle();
      throw error;
    }
    // Values are checked once their place is found, a batch behind: the report keeps file order.
    report.refused.sort((a, b) => a.row - b.row);

    async function checkRows(batches: OneInFlight<PendingRow[]>) {
      let sinceYield = 0;
      for await (const source of rows) {
        // Rows buffered by the stream arrive as microtasks, which let no request in: hand the event
        // loop over now and then, so checking a batch never blocks the other requests for long.
        if (++sinceYield === ROWS_PER_YIELD) {
          sinceYield = 0;
          await new Promise((resume) => setImmediate(resume));
        }
        if (source.errors) {
          refuse(source.row, source.errors);
          continue;
        }
        const parsed = parsePlaceRow(source.fields);
        const extra = rowExtraOf(source.fields, options.format);
        if (!parsed.ok || !extra.ok) {
          refuse(source.row, [...(parsed.ok ? [] : parsed.errors), ...(extra.ok ? [] : extra.errors)]);
          continue;
        }
        const { externalId, category } = parsed.value;
        const categoryId = categories.get(category);
        const issues: FieldIssue[] = [
          ...languageIssues(parsed.value, options.languages),
          ...openingHoursIssues(parsed.value.openingHours, 'opening_hours', options.hours),
        ];
        if (categoryId === undefined)
          issues.push({ path: 'category', message: `There is no category "${category}"` });
        const earlier = seen.get(externalId);
        if (earlier !== undefined) {
          issues.push({ path: 'externalId', message: `Row ${earlier} has the same externalId` });
        } else {
          seen.set(externalId, source.row);
        }
        if (issues.length > 0 || categoryId === undefined) {
          refuse(source.row, issues);
          continue;
        }
        batch.push({
          row: source.row,
          externalId,
          values: rowValues(parsed.value, categoryId),
          extra: extra.value,
        });
        if (batch.length >= IMPORT_BATCH_SIZE[db.kind]) {
          await batches.add(batch);
          batch = [];
        }
      }
    }
  }

  async function flush(
    q: Queryable,
    batch: PendingRow[],
    write: BatchWriter | null,
    lock: boolean,
    fieldsOf: ReadonlyMap<number, CategoryField[]>,
  ) {
    if (batch.length === 0) return;
    const linked = new Map<number, string>();
    for (const item of batch) {
      const id = linkedPlaceId(item.externalId, options.host);
      if (id !== null) linked.set(id, item.externalId);
    }
    // Two indexed lookups (an OR of both would scan the table): by external id, and by exported link.
    const columns = `id, version, external_id, public_lat, public_lng, extra, ${FIELD_COLUMNS}`;
    const locking = lock ? 'FOR UPDATE' : '';
    const { rows: found } = await q.query<CurrentRow>(
      `SELECT ${columns} FROM places WHERE external_id = ANY($1::text[]) ${locking}`,
      [batch.map((item) => item.externalId)],
    );
    if (linked.size > 0) {
      const byLink = await q.query<CurrentRow>(
        `SELECT ${columns} FROM places WHERE id = ANY($1::int8[]) AND external_id IS NULL ${locking}`,
        [[...linked.keys()]],
      );
      found.push(...byLink.rows);
    }
    const current = new Map(found.map((row) => [row.external_id ?? linked.get(row.id) ?? '', row]));

    const creates: CreateRecord[] = [];
    const updates: UpdateRecord[] = [];
    for (const item of batch) {
      const existing = current.get(item.externalId);
      const { categoryId } = item.values;
      const before = existing ? { categoryId: existing.category_id, extra: existing.extra } : null;
      const extra = importedExtra(fieldsOf.get(categoryId) ?? [], categoryId, item.extra, before);
      if ('issues' in extra) {
        report.refused.push({ row: item.row, errors: extra.issues });
        continue;
      }
      const tooMuchText = textTotalIssue(item.values, extra.extra);
      if (tooMuchText) {
        report.refused.push({ row: item.row, errors: [tooMuchText] });
        continue;
      }
      if (!existing) {
        report.created += 1;
        report.rows.push({ row: item.row, externalId: item.externalId, action: 'create' });
        if (write)
          creates.push({
            external_id: item.externalId,
            ...recordOf(item.values),
            extra: extra.extra,
            changes: { ...changesOf(null, item.values), ...extraChanges({}, extra.extra) },
          });
        continue;
      }
      const next = keepPosition(existing, item.values);
      const valueChanges = extraChanges(existing.extra, extra.extra);
      const changes = { ...changesOf(valuesOf(existing), next), ...valueChanges };
      const changed: ImportedField[] = PLACE_FIELDS.filter((field) => field in changes);
      if (Object.keys(valueChanges).length > 0) changed.push('extra');
      if (changed.length === 0) {
        report.unchanged += 1;
        report.rows.push({ row: item.row, externalId: item.externalId, action: 'unchanged' });
        continue;
      }
      report.updated += 1;
      report.rows.push({ row: item.row, externalId: item.externalId, action: 'update', changed });
      if (write)
        updates.push({
          id: existing.id,
          version: existing.version,
          ...recordOf(next),
          extra: extra.extra,
          hidden: extra.hidden,
          changes,
        });
    }
    // A refused row means nothing will be kept: no need to write this batch.
    if (report.refused.length === 0) await write?.(creates, updates);
  }

  const writeOptions = { status: options.status, actorId: options.actorId };
  if (options.dryRun) {
    await run(db, null);
    return { report, imported: false, staleUpdates: 0 };
  }
  return importTurn(db, async () => {
    if (db.kind === 'postgres') {
      const startedAt = new Date();
      try {
        await db.transaction(async (tx) => {
          const write: BatchWriter = async (creates, updates) => {
            await writeBatch(tx, { kind: 'json', creates, updates }, writeOptions);
          };
          await run(tx, write, true);
          if (report.refused.length > 0) throw new RefusedRows();
          const { created, updated, unchanged } = report;
          await recordImportResult(tx, {
            actorId: options.actorId,
            actor: options.actor,
            status: options.status,
            outcome: 'published',
            counts: { created, updated, unchanged },
            startedAt,
          });
        });
      } catch (error) {
        if (error instanceof RefusedRows) return { report, imported: false, staleUpdates: 0 };
        throw error;
      }
      return { report, imported: true, staleUpdates: 0 };
    }
    const space = options.disk ? new ImportSpaceWatch(db, options.disk) : undefined;
    await finishLeftRuns(db, space);
    const runId = await startRun(db, options.status, options.actorId);
    let seq = 0;
    try {
      await run(db, async (creates, updates) => {
        await stageBatch(db, runId, ++seq, creates, updates);
        await space?.afterStep('staging');
      });
    } catch (error) {
      await dropRun(db, runId).catch(() => undefined);
      throw error;
    }
    if (report.refused.length > 0) {
      await dropRun(db, runId);
      return { report, imported: false, staleUpdates: 0 };
    }
    try {
      await space?.beforePublishing(report.created + report.updated);
    } catch (error) {
      await dropRun(db, runId);
      throw error;
    }
    const { created, updated, unchanged } = report;
    const counts = { created, updated, unchanged };
    const staleUpdates = await publishRun(db, runId, { space, counts, actor: options.actor });
    await analyzeAfterImport(db, report.created + report.updated);
    return { report, imported: true, staleUpdates };
  });
}

/**
 * The issue of a place whose text, its values' included, passes PLACE_TEXT_MAX (at `description`,
 * as a proposal's), or null. The row's own check counted its texts without the values.
 */
function textTotalIssue(values: Values, extra: Extra): FieldIssue | null {
  if (placeTextLength({ ...values, extra }) <= PLACE_TEXT_MAX) return null;
  return {
    path: 'description',
    code: 'too_long',
    message: `A place holds at most ${PLACE_TEXT_MAX} characters of text in all`,
    params: { maximum: PLACE_TEXT_MAX },
  };
}

/** Thrown inside the transaction to roll back an import with refused rows. */
class RefusedRows extends Error {
  constructor() {
    super('Rows were refused: the import is rolled back');
    this.name = 'RefusedRows';
  }
}
