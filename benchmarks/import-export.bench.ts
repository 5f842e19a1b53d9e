import { csvColumns, DEFAULT_LANGUAGES } from '@karta/contracts';
import { csvCell } from '../apps/server/src/export/place-export.ts';
import { ADMIN_ENV, signIn } from './lib/accounts.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { type ReadsMeanwhile, readMeanwhile } from './lib/reads-meanwhile.ts';
import {
  type BenchTarget,
  copyOfSeededDatabase,
  removeSeededDatabase,
  type SeededDatabase,
  sharedSeededDatabase,
  targetLabel,
} from './lib/seeded-database.ts';
import { ms } from './lib/stats.ts';
import { type DataShape, generatePlaces } from './lib/world-places.ts';

export interface ExportRun {
  format: 'csv' | 'geojson';
  /** The query's filter (`near=…&radius=…`), or '' for every place. */
  filter: string;
  rows: number;
  megabytes: number;
  ms: number;
  firstByteMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

export interface ImportRun {
  dryRun: boolean;
  /** Reads (`near` lists) and health checks sent while the import ran. */
  meanwhile: ReadsMeanwhile;
  rows: number;
  megabytes: number;
  ms: number;
  status: number;
  report: string;
}

export interface ImportExportFigures {
  target: BenchTarget;
  places: number;
  exports: ExportRun[];
  imports: ImportRun[];
}

/** Where reads are sent while an import runs: central Zagreb and two of the large cities. */
const NEAR_POINTS = ['45.813,15.977', '45.8,16.05', '48.8566,2.3522', '35.6895,139.6917'];

/** Export filters whose rows grow about tenfold: the time per row must not grow with them. */
const FILTERS = ['near=45.813,15.977&radius=2000', 'near=45.813,15.977&radius=50000'];

/**
 * Streams one export to the end while sampling the server's RSS every 50 ms. A CSV's rows are
 * counted as its record ends (`\r\n`; the demo's texts break lines with `\n` only), less the header.
 */
async function timeExport(
  url: string,
  format: 'csv' | 'geojson',
  filter: string,
  knownRows: number,
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
  let records = 0;
  let lastByte = 0;
  try {
    const response = await fetch(`${url}/api/v1/export.${format}${filter ? `?${filter}` : ''}`);
    if (!response.ok || !response.body) throw new Error(`export.${format} answered ${response.status}`);
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 10 && lastByte === 13) records += 1;
        lastByte = byte;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    format,
    filter,
    rows: format === 'csv' ? records - 1 : knownRows,
    megabytes: bytes / 1024 / 1024,
    ms: performance.now() - started,
    firstByteMs,
    rssBeforeMb,
    rssPeakMb: Math.max(rssPeakMb, rssMb()),
  };
}

/** A CSV of `count` new places of the shape (external ids no seeded place has). */
function importCsv(shape: DataShape, count: number): string {
  // The demo places are written in the default languages.
  const columns = csvColumns(DEFAULT_LANGUAGES);
  const lines = [columns.join(',')];
  let i = 0;
  for (const place of generatePlaces(shape, count, 7)) {
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
 * On the target's database of `count` published places, the real server streams both exports
 * and two filtered CSV exports (rows/s and the server's peak RSS while streaming), then, when
 * `importRows` > 0, imports that many new places from CSV as a moderator into a copy of the
 * database: a dry run, then the real run (rows/s).
 */
export async function benchImportExport(
  target: BenchTarget,
  count: number,
  importRows = 0,
): Promise<ImportExportFigures> {
  // The import adds places, so it gets a copy of its own; exports alone only read.
  const database: SeededDatabase =
    importRows > 0 ? await copyOfSeededDatabase(target, count) : await sharedSeededDatabase(target, count);
  const server = await startBenchServer(database, ADMIN_ENV);
  try {
    const exports: ExportRun[] = [];
    for (const format of ['csv', 'geojson'] as const) {
      exports.push(await timeExport(server.url, format, '', count, server.rssMb));
    }
    for (const filter of FILTERS) exports.push(await timeExport(server.url, 'csv', filter, 0, server.rssMb));
    const imports: ImportRun[] = [];
    if (importRows > 0) {
      const cookie = await signIn(server.url);
      const csv = importCsv(target.shape, importRows);
      const readPaths = NEAR_POINTS.map((point) => `/api/v1/places?near=${point}&radius=1000`);
      for (const dryRun of [true, false]) {
        const reading = readMeanwhile(server.url, readPaths);
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
        const ms = performance.now() - started;
        imports.push({
          dryRun,
          meanwhile: await reading.stop(),
          rows: importRows,
          megabytes: Buffer.byteLength(csv) / 1024 / 1024,
          ms,
          status: response.status,
          report: `created ${body.created}, updated ${body.updated}, refused ${body.refused?.length}`,
        });
      }
    }
    return { target, places: count, exports, imports };
  } finally {
    await server.stop();
    if (importRows > 0) await removeSeededDatabase(database);
  }
}

/** Milliseconds per row of the largest filtered export over those of the smallest (1 = linear). */
export function filteredExportGrowth(f: ImportExportFigures): number | undefined {
  const filtered = f.exports.filter((run) => run.filter !== '' && run.rows > 0);
  if (filtered.length < 2) return undefined;
  const perRow = (run: ExportRun) => run.ms / run.rows;
  const sorted = [...filtered].sort((a, b) => a.rows - b.rows);
  return perRow(sorted.at(-1) as ExportRun) / perRow(sorted[0] as ExportRun);
}

export function printImportExport(f: ImportExportFigures): void {
  console.log(
    `  Export and import, ${f.places.toLocaleString('en')} published places (real server, ${targetLabel(f.target)}, loopback)`,
  );
  for (const run of f.exports) {
    console.log(
      `    export.${run.format.padEnd(7)} ${run.filter ? `${run.filter} ` : ''}${run.rows.toLocaleString('en')} rows, ${run.megabytes.toFixed(1)} MB in ${ms(run.ms)}: ${(run.rows / (run.ms / 1000)).toFixed(0)} rows/s, first byte ${ms(run.firstByteMs)}; server RSS ${run.rssBeforeMb.toFixed(0)} MB before, peak ${run.rssPeakMb.toFixed(0)} MB while streaming`,
    );
  }
  const growth = filteredExportGrowth(f);
  if (growth !== undefined) {
    console.log(
      `    filtered exports: time per row of the largest / of the smallest = ${growth.toFixed(2)} (1 = linear)`,
    );
  }
  for (const run of f.imports) {
    console.log(
      `    import CSV ${run.dryRun ? '(dry run)' : '(real run)'} ${run.rows.toLocaleString('en')} rows, ${run.megabytes.toFixed(1)} MB in ${ms(run.ms)}: ${(run.rows / (run.ms / 1000)).toFixed(0)} rows/s (${run.status}: ${run.report})`,
    );
    const { reads, healthChecks, healthNot200 } = run.meanwhile;
    console.log(
      `      meanwhile: near reads median ${ms(reads.latency.median)}, p95 ${ms(reads.latency.p95)}, max ${ms(reads.latency.max)} (${reads.latency.count} reads, ${reads.errors} not 200); health ${healthChecks - healthNot200} of ${healthChecks} answered 200`,
    );
  }
}
