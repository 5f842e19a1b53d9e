import { rmSync } from 'node:fs';
import { csvColumns, DEFAULT_LANGUAGES } from '@karta/contracts';
import { generateDemoPlaces } from '../apps/server/src/demo-data/generate.ts';
import { csvCell } from '../apps/server/src/export/place-export.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { seededPgliteFolder, sharedSeededFolder } from './lib/seed-folder.ts';
import { ms } from './lib/stats.ts';

const ADMIN = { email: 'bench-admin@example.org', password: 'lantern-orchard-velvet-42' };

export interface ExportRun {
  format: 'csv' | 'geojson';
  rows: number;
  megabytes: number;
  ms: number;
  firstByteMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface ImportRun {
  dryRun: boolean;
  rows: number;
  megabytes: number;
  ms: number;
  status: number;
  report: string;
}

export interface ImportExportFigures {
  places: number;
  exports: ExportRun[];
  imports: ImportRun[];
}

/** Streams one export of `rows` places to the end while sampling the server's RSS every 50 ms. */
async function timeExport(
  url: string,
  format: 'csv' | 'geojson',
  rows: number,
  rssMb: () => number,
): Promise<ExportRun> {
  const rssBeforeMb = rssMb();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, rssMb());
  }, 50);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  try {
    const response = await fetch(`${url}/api/v1/export.${format}`);
    if (!response.ok || !response.body) throw new Error(`export.${format} answered ${response.status}`);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    format,
    rows,
    megabytes: bytes / 1024 / 1024,
    ms: performance.now() - started,
    firstByteMs,
    rssBeforeMb,
    rssPeakMb: Math.max(rssPeakMb, rssMb()),
  };
}

/** A CSV of `count` new demo places (external ids no seeded place has). */
function importCsv(count: number): string {
  // The demo places are written in the default languages.
  const columns = csvColumns(DEFAULT_LANGUAGES);
  const lines = [columns.join(',')];
  let i = 0;
  for (const place of generateDemoPlaces(count, 7)) {
    i += 1;
    const fields: Record<string, string | number | null> = {
      ...place,
      externalId: `bench-import-${i}`,
      name_hr: place.name.hr ?? null,
      name_en: place.name.en ?? null,
      description_hr: place.description.hr ?? null,
      description_en: place.description.en ?? null,
    } as unknown as Record<string, string | number | null>;
    lines.push(columns.map((column) => csvCell(fields[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * On a PGlite folder of `count` published places, the real server streams both exports (rows/s
 * and the server's peak RSS while streaming), then imports `importRows` new places from CSV as a
 * moderator: a dry run, then the real run (rows/s).
 */
export async function benchImportExport(count: number, importRows = 100_000): Promise<ImportExportFigures> {
  // The import adds places, so it gets a folder of its own; exports alone only read.
  const { dataDir } = importRows > 0 ? await seededPgliteFolder(count) : await sharedSeededFolder(count);
  const server = await startBenchServer(dataDir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const exports: ExportRun[] = [];
    for (const format of ['csv', 'geojson'] as const) {
      exports.push(await timeExport(server.url, format, count, server.rssMb));
    }
    const imports: ImportRun[] = [];
    if (importRows > 0) {
      const login = await fetch(`${server.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const csv = importCsv(importRows);
      for (const dryRun of [true, false]) {
        const started = performance.now();
        const response = await fetch(
          `${server.url}/api/v1/import?format=csv&dryRun=${dryRun}&status=published`,
          {
            method: 'POST',
            headers: { 'content-type': 'text/csv', cookie },
            body: csv,
          },
        );
        const body = (await response.json()) as { created?: number; updated?: number; refused?: unknown[] };
        imports.push({
          dryRun,
          rows: importRows,
          megabytes: Buffer.byteLength(csv) / 1024 / 1024,
          ms: performance.now() - started,
          status: response.status,
          report: `created ${body.created}, updated ${body.updated}, refused ${body.refused?.length}`,
        });
      }
    }
    return { places: count, exports, imports };
  } finally {
    await server.stop();
    if (importRows > 0) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printImportExport(f: ImportExportFigures): void {
  console.log(
    `  Export and import, ${f.places.toLocaleString('en')} published places (real server, PGlite, loopback)`,
  );
  for (const run of f.exports) {
    console.log(
      `    export.${run.format.padEnd(7)} ${run.rows.toLocaleString('en')} rows, ${run.megabytes.toFixed(1)} MB in ${ms(run.ms)}: ${(run.rows / (run.ms / 1000)).toFixed(0)} rows/s, first byte ${ms(run.firstByteMs)}; server RSS ${run.rssBeforeMb.toFixed(0)} MB before, peak ${run.rssPeakMb.toFixed(0)} MB while streaming`,
    );
  }
  for (const run of f.imports) {
    console.log(
      `    import CSV ${run.dryRun ? '(dry run)' : '(real run)'} ${run.rows.toLocaleString('en')} rows, ${run.megabytes.toFixed(1)} MB in ${ms(run.ms)}: ${(run.rows / (run.ms / 1000)).toFixed(0)} rows/s (${run.status}: ${run.report})`,
    );
  }
}
