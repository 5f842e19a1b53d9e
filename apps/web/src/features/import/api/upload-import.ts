import { ApiError } from '@karta/api-client';
import { IMPORT_CONTENT_TYPES, type ImportFormat, ImportReport, type ImportStatus } from '@karta/contracts';
import { api } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';

export interface UploadOptions {
  format: ImportFormat;
  body: Blob;
  dryRun: boolean;
  status: ImportStatus;
  /** The share of the file sent so far, 0–1, while it uploads. */
  onUploadProgress?(fraction: number): void;
  /** Called once the whole file is sent: the server is now reading it. */
  onUploaded?(): void;
  signal?: AbortSignal;
}

/** `POST /api/v1/import` like `api.importPlaces`, with the upload's progress (see `uploadWithProgress`). */
export function uploadImport(options: UploadOptions): Promise<ImportReport> {
  const { format, body, dryRun, status, ...progress } = options;
  return uploadWithProgress({
    url: api.importUrl(format, { dryRun, status }),
    contentType: IMPORT_CONTENT_TYPES[format],
    body,
    answer: ImportReport,
    ...progress,
  });
}

/** The report a refused real run carries (422 with the report as details), or null for other errors. */
export function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const report = ImportReport.safeParse(error.details);
  return report.success ? report.data : null;
}
