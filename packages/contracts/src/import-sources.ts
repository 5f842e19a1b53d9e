import { z } from 'zod';
import { FieldIssue } from './errors.ts';
import { IdPathParams } from './numbers.ts';
import { BigId, IsoDateTime, Slug } from './primitives.ts';

/** What a scheduled import does with places gone from its list (docs/decisions/033-scheduled-imports.md). */
export const ImportSourceOnMissing = z.enum(['archive', 'keep']);
export type ImportSourceOnMissing = z.infer<typeof ImportSourceOnMissing>;

/** `POST /api/v1/import-sources` (admins): a partner's list fetched and imported every few hours. */
export const ImportSourceInput = z.object({
  name: z.string({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(200),
  url: z
    .string({ error: 'Enter the address of the list' })
    .trim()
    .min(1, 'Enter the address of the list')
    .max(2000),
  format: z.enum(['csv', 'geojson']),
  /** The category (slug) of rows that name none. */
  category: Slug.max(40),
  everyHours: z.number().int().min(1).max(168),
  onMissing: ImportSourceOnMissing,
  /** Trusted: its places are published at once; else they wait for review. */
  trusted: z.boolean(),
  /** `{ Karta's column: the list's column }`, for a list whose names differ (`{ "externalId": "id" }`). */
  columns: z
    .record(z.string().min(1).max(100), z.string().min(1).max(200))
    .refine((columns) => Object.keys(columns).length <= 100, 'At most 100 columns')
    .optional(),
});
export type ImportSourceInput = z.input<typeof ImportSourceInput>;

export const ImportSource = z.object({
  id: BigId,
  name: z.string(),
  url: z.string(),
  format: z.enum(['csv', 'geojson']),
  category: z.string(),
  everyHours: z.number().int(),
  onMissing: ImportSourceOnMissing,
  trusted: z.boolean(),
  columns: z.record(z.string(), z.string()),
  createdAt: IsoDateTime,
  /** When the next scheduled run is added. */
  nextRunAt: IsoDateTime,
});
export type ImportSource = z.infer<typeof ImportSource>;

export const ImportSourceList = z.object({ items: z.array(ImportSource) });
export type ImportSourceList = z.infer<typeof ImportSourceList>;

export const ImportSourceIdParams = IdPathParams('Expected an import source id');

/** `POST /api/v1/import-sources/{id}/run`: the run was queued as this job. */
export const QueuedImportRun = z.object({ jobId: BigId });
export type QueuedImportRun = z.infer<typeof QueuedImportRun>;

/** One fetch of a source and what it did. */
export const ImportSourceRun = z.object({
  id: BigId,
  /** null while it runs. */
  outcome: z.enum(['imported', 'not_modified', 'failed']).nullable(),
  error: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  archived: z.number().int(),
  unchanged: z.number().int(),
  /** Rows refused (a failed run writes nothing). */
  failed: z.number().int(),
  /**
   * Left for a moderator (external ids): an untrusted source's changes to places already reviewed,
   * not applied, and the places it archived (gone from its list) that its list has again.
   */
  held: z.array(z.string()),
  /** The first refused rows and why. */
  refused: z.array(z.object({ row: z.number().int(), errors: z.array(FieldIssue) })),
  startedAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
});
export type ImportSourceRun = z.infer<typeof ImportSourceRun>;

export const ImportSourceRunList = z.object({ items: z.array(ImportSourceRun) });
export type ImportSourceRunList = z.infer<typeof ImportSourceRunList>;
