import type { FieldIssue } from '@karta/contracts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { Queryable } from '../db/database.ts';

/** A scheduled import (docs/decisions/033-scheduled-imports.md). */
export interface ImportSource {
  id: number;
  name: string;
  url: string;
  format: 'csv' | 'geojson';
  category: string;
  everyHours: number;
  onMissing: 'archive' | 'keep';
  trusted: boolean;
  columns: Record<string, string>;
  createdBy: number | null;
  createdAt: Date;
  nextRunAt: Date;
}

export type NewImportSource = Omit<ImportSource, 'id' | 'createdAt' | 'nextRunAt'>;

export interface RunCounts {
  created: number;
  updated: number;
  archived: number;
  unchanged: number;
  failed: number;
}

export interface RefusedRow {
  row: number;
  errors: FieldIssue[];
}

/** How a run ended, as recorded. */
export interface RunEnd extends Partial<RunCounts> {
  outcome: 'imported' | 'not_modified' | 'failed';
  error?: string | null;
  held?: string[];
  refused?: RefusedRow[];
  etag?: string | null;
  lastModified?: string | null;
}

export interface SourceRun extends RunCounts {
  id: number;
  outcome: RunEnd['outcome'] | null;
  error: string | null;
  held: string[];
  refused: RefusedRow[];
  startedAt: Date;
  finishedAt: Date | null;
}

/** Runs listed per source. */
export const RUNS_LISTED = 50;

const SOURCE_COLUMNS = `id, name, url, format, category, every_hours, on_missing, trusted, columns,
  created_by, created_at, next_run_at`;

interface SourceRow {
  id: number;
  name: string;
  url: string;
  format: ImportSource['format'];
  category: string;
  every_hours: number;
  on_missing: ImportSource['onMissing'];
  trusted: boolean;
  columns: Record<string, string>;
  created_by: number | null;
  created_at: Date;
  next_run_at: Date;
}

function sourceOf(row: SourceRow): ImportSource {
  return {
    id: Number(row.id),
    name: row.name,
    url: row.url,
    format: row.format,
    category: row.category,
    everyHours: row.every_hours,
    onMissing: row.on_missing,
    trusted: row.trusted,
    columns: row.columns,
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: row.created_at,
    nextRunAt: row.next_run_at,
  };
}

interface RunRow {
  id: number;
  outcome: SourceRun['outcome'];
  error: string | null;
  created: number;
  updated: number;
  archived: number;
  unchanged: number;
  failed: number;
  held: string[];
  refused: RefusedRow[];
  started_at: Date;
  finished_at: Date | null;
}

function runOf(row: RunRow): SourceRun {
  return {
    id: Number(row.id),
    outcome: row.outcome,
    error: row.error,
    created: row.created,
    updated: row.updated,
    archived: row.archived,
    unchanged: row.unchanged,
    failed: row.failed,
    held: row.held,
    refused: row.refused,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** The sources, their runs and the validators of their last answer. */
export function createImportSourceRepository(db: Queryable) {
  return {
    /** A new source of `admin`'s, in the audit log: call it on a transaction's handle. */
    async create(source: NewImportSource, admin: AuditActor): Promise<ImportSource> {
      const { rows } = await db.query<SourceRow>(
        `INSERT INTO import_sources (name, url, format, category, every_hours, on_missing, trusted, columns, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)
         RETURNING ${SOURCE_COLUMNS}`,
        [
          source.name,
          source.url,
          source.format,
          source.category,
          source.everyHours,
          source.onMissing,
          source.trusted,
          JSON.stringify(source.columns),
          source.createdBy,
        ],
      );
      const created = sourceOf(rows[0] as SourceRow);
      const { name, url, format, category, everyHours, onMissing, trusted, columns } = created;
      const after = { name, url, format, category, everyHours, onMissing, trusted, columns };
      await recordAudit(db, admin, { action: 'import_source.create', objectId: created.id, after });
      return created;
    },

    async list(): Promise<ImportSource[]> {
      const { rows } = await db.query<SourceRow>(
        `SELECT ${SOURCE_COLUMNS} FROM import_sources ORDER BY id DESC`,
      );
      return rows.map(sourceOf);
    },

    async find(id: number): Promise<ImportSource | null> {
      const { rows } = await db.query<SourceRow>(
        `SELECT ${SOURCE_COLUMNS} FROM import_sources WHERE id = $1`,
        [id],
      );
      return rows[0] ? sourceOf(rows[0]) : null;
    },

    /** Deletes source `id` (false when unknown), in the audit log: call it on a transaction's handle. */
    async remove(id: number, admin: AuditActor): Promise<boolean> {
      const { rows } = await db.query<{ name: string; url: string }>(
        'DELETE FROM import_sources WHERE id = $1 RETURNING name, url',
        [id],
      );
      const row = rows[0];
      if (!row) return false;
      await recordAudit(db, admin, {
        action: 'import_source.delete',
        objectId: id,
        before: { name: row.name, url: row.url },
      });
      return true;
    },

    /** A run begun now; returns its id. */
    async startRun(sourceId: number): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        'INSERT INTO import_source_runs (source_id) VALUES ($1) RETURNING id',
        [sourceId],
      );
      return Number(rows[0]?.id);
    },

    async finishRun(runId: number, end: RunEnd): Promise<void> {
      await db.query(
        `UPDATE import_source_runs SET finished_at = now(), outcome = $2, error = $3,
           created = $4, updated = $5, archived = $6, unchanged = $7, failed = $8,
           held = $9::jsonb, refused = $10::jsonb, etag = $11, last_modified = $12
         WHERE id = $1`,
        [
          runId,
          end.outcome,
          end.error?.slice(0, 1000) ?? null,
          end.created ?? 0,
          end.updated ?? 0,
          end.archived ?? 0,
          end.unchanged ?? 0,
          end.failed ?? 0,
          JSON.stringify(end.held ?? []),
          JSON.stringify(end.refused ?? []),
          end.etag?.slice(0, 500) ?? null,
          end.lastModified?.slice(0, 100) ?? null,
        ],
      );
    },

    /**
     * The validators of the last answer that was imported or not modified: sent back on the next
     * fetch. A failed run's answer was not imported, so it is never one to compare with.
     */
    async lastValidators(sourceId: number): Promise<{ etag: string | null; lastModified: string | null }> {
      const { rows } = await db.query<{ etag: string | null; last_modified: string | null }>(
        `SELECT etag, last_modified FROM import_source_runs
         WHERE source_id = $1 AND outcome IN ('imported', 'not_modified')
         ORDER BY id DESC LIMIT 1`,
        [sourceId],
      );
      return { etag: rows[0]?.etag ?? null, lastModified: rows[0]?.last_modified ?? null };
    },

    async runs(sourceId: number): Promise<SourceRun[]> {
      const { rows } = await db.query<RunRow>(
        `SELECT id, outcome, error, created, updated, archived, unchanged, failed, held, refused,
           started_at, finished_at
         FROM import_source_runs WHERE source_id = $1 ORDER BY id DESC LIMIT $2`,
        [sourceId, RUNS_LISTED],
      );
      return rows.map(runOf);
    },
  };
}

export type ImportSourceRepository = ReturnType<typeof createImportSourceRepository>;
