import type { ImportFormat, ImportReport, ImportStatus } from '@karta/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refusedReport, uploadImport } from '../api/upload-import.ts';

/** Where one check (dry run) or import of a file is. */
export type ImportRunState =
  | { phase: 'idle' }
  /** The file is being sent: `fraction` 0–1, or null before the browser has said. */
  | { phase: 'uploading'; dryRun: boolean; fraction: number | null }
  /** The file is sent; the server is reading and checking it. */
  | { phase: 'checking'; dryRun: boolean }
  /** A dry run's report: what importing would do. */
  | { phase: 'checked'; report: ImportReport }
  /** A real run that wrote its rows. */
  | { phase: 'imported'; report: ImportReport }
  /** A real run refused because of its rows (422): nothing was written. */
  | { phase: 'refused'; report: ImportReport }
  | { phase: 'failed'; dryRun: boolean; error: unknown };

export interface ImportRequest {
  format: ImportFormat;
  body: Blob;
  status: ImportStatus;
  dryRun: boolean;
}

/**
 * Runs checks and imports one at a time, with their progress. A new run or `reset` cancels the one
 * under way, and so does leaving the screen; after a real import every cached query is refreshed,
 * so the map and the lists show the new places.
 */
export function useImportRun() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ImportRunState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const run = useCallback(
    async ({ format, body, status, dryRun }: ImportRequest) => {
      cancel();
      const current = new AbortController();
      controller.current = current;
      setState({ phase: 'uploading', dryRun, fraction: null });
      try {
        const report = await uploadImport({
          format,
          body,
          status,
          dryRun,
          signal: current.signal,
          onUploadProgress: (fraction) =>
            !current.signal.aborted && setState({ phase: 'uploading', dryRun, fraction }),
          onUploaded: () => !current.signal.aborted && setState({ phase: 'checking', dryRun }),
        });
        if (current.signal.aborted) return;
        setState({ phase: dryRun ? 'checked' : 'imported', report });
        if (!dryRun) void queryClient.invalidateQueries();
      } catch (error) {
        if (current.signal.aborted) return;
        const refused = dryRun ? null : refusedReport(error);
        setState(refused ? { phase: 'refused', report: refused } : { phase: 'failed', dryRun, error });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [cancel, queryClient],
  );

  const reset = useCallback(() => {
    cancel();
    setState({ phase: 'idle' });
  }, [cancel]);

  return { state, run, reset };
}
