import { type FieldIssue, type ImportReport, type ImportStatus, PLACE_FIELDS } from '@karta/contracts';
import type { Database, Queryable } from '../db/database.ts';
import { languageIssues, linkedPlaceId, parsePlaceRow } from './place-file.ts';
import {
  changesOf,
  FIELD_COLUMNS,
  RECORD_COLUMNS,
  recordOf,
  rowValues,
  SET_COLUMNS,
  type Values,
  valuesOf,
} from './place-values.ts';
import type { SourceRow } from './source-rows.ts';

/** Rows looked up and written per statement, inside the one transaction. */
export const IMPORT_BATCH_SIZE = 1000;

export interface ImportOptions {
  /** Report only: read what is there, write nothing. */
  dryRun: boolean;
  /** The status created places get; existing places keep theirs. */
  status: ImportStatus;
  /** Who imports (the author of created places, the actor in their history). */
  actorId: number;
  /** This site's host (as in the Host header), to recognise exported links (`placeLink`). */
  host: string;
  /** The site's languages (`LANGUAGES`): a name or description in any other refuses its row. */
  languages: readonly string[];
}

export interface ImportResult {
  report: ImportReport;
  /** Whether the rows were written: a real run without a refused row. */
  imported: boolean;
}

/** A place as the import reads it: its fields' columns, and what matching and keepPosition need. */
interface CurrentRow extends Record<string, unknown> {
  id: number;
  external_id: string | null;
  lat: number;
  lng: number;
  public_lat: number;
  public_lng: number;
  location_privacy: string;
}

/**
 * Two positions closer than this (degrees, about 0.1 m) are the same: files round coordinates
 * (Karta to 7 decimals, GDAL to 15 significant digits, many web tools to 6), and a rounding is
 * no move.
 */
export const SAME_POSITION_DEGREES = 1e-6;

const near = (a: number, b: number) => Math.abs(a - b) < SAME_POSITION_DEGREES;

/**
 * The values with the stored exact position kept when the file's is no move: the same position
 * once rounded, or, for a coarsened place whose privacy stays, its public point (which is what an
 * export holds; overwriting the exact position with the grid centre would lose it).
 */
function keepPosition(existing: CurrentRow, values: Values): Values {
  const same = near(values.lat, existing.lat) && near(values.lng, existing.lng);
  const publicPoint =
    values.locationPrivacy === existing.location_privacy &&
    values.locationPrivacy !== 'exact' &&
    near(values.lat, existing.public_lat) &&
    near(values.lng, existing.public_lng);
  return same || publicPoint ? { ...values, lat: existing.lat, lng: existing.lng } : values;
}

interface PendingRow {
  row: number;
  externalId: string;
  values: Values;
}

/**
 * Imports rows: each validated with the rules of a proposal, matched by external id (or by an
 * exported link to a place of this site), and counted as created, updated, unchanged or refused;
 * the report lists each accepted row's action too (batches keep file order, so `rows` is in it).
 * A real run writes in batches inside one transaction and rolls all of it back when any row is
 * refused; a dry run takes the same decisions with plain reads and writes nothing. Updates bump
 * the version and write a history entry, like an edit; the map follows through the change log.
 */
export async function importPlaces(
  db: Database,
  rows: AsyncIterable<SourceRow>,
  options: ImportOptions,
): Promise<ImportResult> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, rows: [], refused: [] };

  async function run(q: Queryable, write: boolean) {
    const categories = new Map(
      (await q.query<{ id: number; slug: string }>('SELECT id, slug FROM categories')).rows.map((row) => [
        row.slug,
        row.id,
      ]),
    );
    const seen = new Map<string, number>();
    let batch: PendingRow[] = [];
    const refuse = (row: number, errors: FieldIssue[]) => report.refused.push({ row, errors });

    for await (const source of rows) {
      if (source.errors) {
        refuse(source.row, source.errors);
        continue;
      }
      const parsed = parsePlaceRow(source.fields);
      if (!parsed.ok) {
        refuse(source.row, parsed.errors);
        continue;
      }
      const { externalId, category } = parsed.value;
      const categoryId = categories.get(category);
      const issues: FieldIssue[] = languageIssues(parsed.value, options.languages);
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
      batch.push({ row: source.row, externalId, values: rowValues(parsed.value, categoryId) });
      if (batch.length >= IMPORT_BATCH_SIZE) {
        // Once a row is refused nothing will be kept: the rest are only counted.
        await flush(q, batch, write && report.refused.length === 0);
        batch = [];
      }
    }
    await flush(q, batch, write && report.refused.length === 0);
  }

  async function flush(q: Queryable, batch: PendingRow[], write: boolean) {
    if (batch.length === 0) return;
    const linked = new Map<number, string>();
    for (const item of batch) {
      const id = linkedPlaceId(item.externalId, options.host);
      if (id !== null) linked.set(id, item.externalId);
    }
    // Two indexed lookups (an OR of both would scan the table): by external id, and by exported link.
    const columns = `id, external_id, public_lat, public_lng, ${FIELD_COLUMNS}`;
    const lock = write ? 'FOR UPDATE' : '';
    const { rows: found } = await q.query<CurrentRow>(
      `SELECT ${columns} FROM places WHERE external_id = ANY($1::text[]) ${lock}`,
      [batch.map((item) => item.externalId)],
    );
    if (linked.size > 0) {
      const byLink = await q.query<CurrentRow>(
        `SELECT ${columns} FROM places WHERE id = ANY($1::int8[]) AND external_id IS NULL ${lock}`,
        [[...linked.keys()]],
      );
      found.push(...byLink.rows);
    }
    const current = new Map(found.map((row) => [row.external_id ?? linked.get(row.id) ?? '', row]));

    const creates: object[] = [];
    const updates: object[] = [];
    for (const item of batch) {
      const existing = current.get(item.externalId);
      if (!existing) {
        report.created += 1;
        report.rows.push({ row: item.row, externalId: item.externalId, action: 'create' });
        if (write)
          creates.push({
            external_id: item.externalId,
            ...recordOf(item.values),
            changes: changesOf(null, item.values),
          });
        continue;
      }
      const next = keepPosition(existing, item.values);
      const changes = changesOf(valuesOf(existing), next);
      const changed = PLACE_FIELDS.filter((field) => field in changes);
      if (changed.length === 0) {
        report.unchanged += 1;
        report.rows.push({ row: item.row, externalId: item.externalId, action: 'unchanged' });
        continue;
      }
      report.updated += 1;
      report.rows.push({ row: item.row, externalId: item.externalId, action: 'update', changed });
      if (write) updates.push({ id: existing.id, ...recordOf(next), changes });
    }

    if (creates.length > 0) {
      await q.query(
        `WITH input AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(external_id text, ${RECORD_COLUMNS}, changes jsonb)
         ), inserted AS (
           INSERT INTO places (external_id, ${FIELD_COLUMNS}, status, author_id, published_at)
           SELECT external_id, ${FIELD_COLUMNS}, $2::text, $3::int8,
             CASE WHEN $2::text = 'published' THEN now() END
           FROM input
           RETURNING id, external_id, version
         )
         INSERT INTO place_history (place_id, version, actor_id, action, changes)
         SELECT inserted.id, inserted.version, $3::int8, 'created', input.changes
         FROM inserted JOIN input ON input.external_id = inserted.external_id`,
        [JSON.stringify(creates), options.status, options.actorId],
      );
    }
    if (updates.length > 0) {
      await q.query(
        `WITH input AS (
           SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id int8, ${RECORD_COLUMNS}, changes jsonb)
         ), updated AS (
           UPDATE places p SET ${SET_COLUMNS}, version = p.version + 1, updated_at = now()
           FROM input i WHERE p.id = i.id
           RETURNING p.id, p.version
         )
         INSERT INTO place_history (place_id, version, actor_id, action, changes)
         SELECT updated.id, updated.version, $2::int8, 'edited', input.changes
         FROM updated JOIN input ON input.id = updated.id`,
        [JSON.stringify(updates), options.actorId],
      );
    }
  }

  if (options.dryRun) {
    await run(db, false);
    return { report, imported: false };
  }
  try {
    await db.transaction(async (tx) => {
      await run(tx, true);
      if (report.refused.length > 0) throw new RefusedRows();
    });
  } catch (error) {
    if (error instanceof RefusedRows) return { report, imported: false };
    throw error;
  }
  return { report, imported: true };
}

/** Thrown inside the transaction to roll back an import with refused rows. */
class RefusedRows extends Error {
  constructor() {
    super('Rows were refused: the import is rolled back');
    this.name = 'RefusedRows';
  }
}
